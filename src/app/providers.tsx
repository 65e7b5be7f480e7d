import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { useSyncExternalStore, type ReactNode } from 'react';

import { ToasterHost } from '../components/toaster-host';
import { SessionProvider } from '../session/session-context';
import { currentSystem, forProvider, onSystemChange } from '../theme/chakra-system';
import { createBrowserEmotionCache } from './emotion-cache';

// None on the server (the prerenderer): there Emotion makes a fresh cache for each page.
const emotionCache = typeof document === 'undefined' ? null : createBrowserEmotionCache();

/** Styling only: enough for screens that must render without the backend. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const system = useSyncExternalStore(onSystemChange, currentSystem, currentSystem);
  const chakra = <ChakraProvider value={forProvider(system)}>{children}</ChakraProvider>;
  return emotionCache ? <CacheProvider value={emotionCache}>{chakra}</CacheProvider> : chakra;
}

export interface ProvidersProps {
  children: ReactNode;
  /** The router's navigate: the session (signed out → /login) lives above the router. */
  navigate: (to: string) => void;
}

export function Providers({ children, navigate }: ProvidersProps) {
  return (
    <ThemeProvider>
      <SessionProvider navigate={navigate}>
        {children}
        <ToasterHost />
      </SessionProvider>
    </ThemeProvider>
  );
}
