import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';

import { ConfigErrorScreen } from '../components/config-error-screen';
import { configError } from '../data/config';
import { Providers, ThemeProvider } from './providers';
import { createAppRouter } from './router';
import { preloadSessionRuntime } from './session-context';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render Accord into.');

// Created before rendering so the session, which sits above the router, can navigate with it.
const router = configError ? null : createAppRouter();
if (router) void preloadSessionRuntime();

createRoot(container).render(
  <StrictMode>
    {configError || !router ? (
      <ThemeProvider>
        <ConfigErrorScreen message={configError ?? 'Accord is not configured.'} />
      </ThemeProvider>
    ) : (
      <Providers navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </Providers>
    )}
  </StrictMode>,
);
