import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';

import { ConfigErrorScreen } from '../components/config-error-screen';
import { configError } from '../data/client';
import { Providers, ThemeProvider } from './providers';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render Accord into.');

createRoot(container).render(
  <StrictMode>
    {configError ? (
      <ThemeProvider>
        <ConfigErrorScreen message={configError} />
      </ThemeProvider>
    ) : (
      <Providers>
        <RouterProvider router={createAppRouter()} />
      </Providers>
    )}
  </StrictMode>,
);
