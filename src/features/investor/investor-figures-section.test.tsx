import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { parseNetworkAnalytics, type AnalyticsRange } from '../../data/figures/get-network-analytics';
import { networkAnalyticsJson } from '../../testing/network-analytics-fixture';
import { renderAt } from '../../testing/render';
import { InvestorFiguresSection } from './investor-figures-section';

/** The investor dashboard's figures, from fixture data shaped as network_analytics sends it. */
beforeEach(() => {
  // jsdom has no canvas: Chart.js says so and draws nothing.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the investor dashboard’s figures', () => {
  it('show the last 12 months in whole months, each figure with its table', async () => {
    const load = vi.fn(async (range: AnalyticsRange) => parseNetworkAnalytics(networkAnalyticsJson(range.from, range.to)));
    renderAt(<InvestorFiguresSection load={load} today="2026-11-24" />, { at: '/investor/dashboard' });
    const section = await screen.findByRole('region', { name: 'The network in figures' });
    expect(load).toHaveBeenCalledWith({ from: '2025-11-01', to: '2026-11-24' });
    const growth = await within(section).findByRole('region', { name: 'Network growth' });
    expect(within(growth).getByRole('heading', { level: 3, name: 'Network growth' })).toBeInTheDocument();
    for (const name of ['Onboarding funnel', 'Members by sector', 'Members by country', 'Registry lookups']) {
      expect(within(section).getByRole('region', { name })).toBeInTheDocument();
    }
    expect(within(growth).getByRole('table', { hidden: true, name: 'Network growth' })).toBeInTheDocument();
  });

  it('say so when the network has nothing to show yet', async () => {
    const load = vi.fn(async (range: AnalyticsRange) => parseNetworkAnalytics(networkAnalyticsJson(range.from, range.to, { quiet: true, countedSince: null })));
    renderAt(<InvestorFiguresSection load={load} today="2026-11-24" />, { at: '/investor/dashboard' });
    expect(await screen.findByText('No figures yet')).toBeInTheDocument();
  });
});
