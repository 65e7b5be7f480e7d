import { ChakraProvider } from '@chakra-ui/react';
import { useSyncExternalStore, type ReactNode } from 'react';

import { ToasterHost } from '../components/toaster-host';
import { currentSystem, onSystemChange } from './chakra-system';
import { SessionProvider } from './session-context';

/** Styling only: enough for screens that must render without the backend. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const system = useSyncExternalStore(onSystemChange, currentSystem, currentSystem);
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
      <SessionProvider navigate={navigate}>
        {children}
        <ToasterHost />
      </SessionProvider>
    </ThemeProvider>
  );
}
