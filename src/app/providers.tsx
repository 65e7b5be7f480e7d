import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';

import { QUERY_CACHE_MS, QUERY_RETRIES, QUERY_STALE_MS } from '../../machines/timing';
import { Toaster } from '../components/toaster';
import { createQueryCache } from '../data/query-cache';
import { SessionProvider } from './session-context';
import { system } from './theme';

const queryCache = createQueryCache({ cacheMs: QUERY_CACHE_MS });

/** The spec's global data query defaults (§9). */
export const swrDefaults: SWRConfiguration = {
  // Stale time: a key fetched less than 5 minutes ago is not fetched again.
  dedupingInterval: QUERY_STALE_MS,
  errorRetryCount: QUERY_RETRIES,
  revalidateOnFocus: false,
  // Cache time: unused data is dropped after 10 minutes.
  provider: queryCache.provider,
  use: [queryCache.middleware],
};

/** Styling only: enough for screens that must render without the backend. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

export interface ProvidersProps {
  children: ReactNode;
  /** The router's navigate: the session (signed out → /login) lives above the router. */
  navigate: (to: string) => void;
}

export function Providers({ children, navigate }: ProvidersProps) {
  return (
    <ThemeProvider>
      <SWRConfig value={swrDefaults}>
        <SessionProvider navigate={navigate}>
          {children}
          <Toaster />
        </SessionProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
