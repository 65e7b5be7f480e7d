import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { readSupabaseConfig } from '../data/config';
import { TestProviders } from '../testing/render';
import { ConfigErrorScreen } from './config-error-screen';

describe('ConfigErrorScreen', () => {
  it('explains what is missing and how to fix it, instead of a blank page', () => {
    const config = readSupabaseConfig({ VITE_SUPABASE_ANON_KEY: 'anon' });
    if (config.ok) throw new Error('expected a configuration error');
    render(
      <TestProviders>
        <ConfigErrorScreen message={config.message} />
      </TestProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Accord cannot start' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Accord is not configured: VITE_SUPABASE_URL is missing.');
    expect(alert).toHaveTextContent('Copy .env.example to .env');
  });
});
