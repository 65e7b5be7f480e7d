import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TestProviders } from '../testing/render';
import { RegistryStatusBanner } from './registry-status-banner';

const renderBanner = (props: Parameters<typeof RegistryStatusBanner>[0]) =>
  render(
    <TestProviders>
      <RegistryStatusBanner {...props} />
    </TestProviders>,
  );

describe('RegistryStatusBanner (decision 034)', () => {
  it('tells a suspended organisation since when and whom to contact', () => {
    renderBanner({ status: 'suspended', effectiveFrom: '2026-11-20T12:00:00Z' });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('Your organisation is suspended since 20 November 2026');
    expect(banner).toHaveTextContent('hello@accord.network');
  });

  it('shows nothing for an active organisation or an unknown status', () => {
    renderBanner({ status: 'active', effectiveFrom: '2026-11-20T12:00:00Z' });
    renderBanner({ status: undefined, effectiveFrom: undefined });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
