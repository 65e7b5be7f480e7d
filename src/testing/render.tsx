import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';

import { createFullSystem } from '../theme/theme-full';

const system = createFullSystem();

export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {/* A fresh cache per test, so no response leaks from one test into the next. */}
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
    </ChakraProvider>
  );
}

export interface RenderAtOptions {
  /** The URL the memory router starts at. */
  at?: string;
  /** The route pattern `ui` is mounted at; defaults to the pathname of `at`. Use '*' to keep it mounted while navigating. */
  path?: string;
  /** Extra routes next to the one under test, e.g. a stand-in for where it navigates. */
  routes?: RouteObject[];
}

/** Renders `ui` at `at` inside a memory router with the app's theme. */
export function renderAt(ui: ReactElement, { at = '/', path, routes = [] }: RenderAtOptions = {}): RenderResult {
  path ??= new URL(at, 'http://localhost').pathname;
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [at] });
  return render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}
