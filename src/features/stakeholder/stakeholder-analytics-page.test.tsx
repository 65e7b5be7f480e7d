import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DataError } from '../../data/errors';
import { parseNetworkAnalytics, type AnalyticsRange } from '../../data/figures/get-network-analytics';
import { networkAnalyticsJson, type FixtureOptions } from '../../testing/network-analytics-fixture';
import { TestProviders } from '../../testing/render';
import StakeholderAnalyticsPage from './stakeholder-analytics-page';

/**
 * /stakeholder/analytics with fixture figures shaped as network_analytics
 * sends them, read through the data layer's parser: the charts and their
 * tables, the period in the address, the custom dates' messages, CSV files,
 * and the loading, empty and error states. (The backend itself: the
 * browser test, tests/e2e/stakeholder-analytics.test.ts.)
 */
const TODAY = '2026-11-24';

function loader(options: FixtureOptions = {}) {
  return vi.fn(async (range: AnalyticsRange) => parseNetworkAnalytics(networkAnalyticsJson(range.from, range.to, options)));
}

function renderPage(load: (range: AnalyticsRange) => Promise<unknown>, at = '/stakeholder/analytics') {
  const router = createMemoryRouter(
    [{ path: '/stakeholder/analytics', element: <StakeholderAnalyticsPage load={load as never} today={TODAY} /> }],
    { initialEntries: [at] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, user: userEvent.setup({ delay: null }) };
}

const figure = (name: string) => screen.findByRole('region', { name });
const lastRange = (load: ReturnType<typeof loader>) => load.mock.calls.at(-1)![0];

let downloads: { name: string; blob: Blob }[];

beforeEach(() => {
  downloads = [];
  // jsdom has no canvas: Chart.js says so and draws nothing; what a person reads is in the tables.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    downloads.push({ name: '', blob: blob as Blob });
    return 'blob:figures';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.at(-1)!.name = this.download;
  });
});

afterEach(() => vi.restoreAllMocks());

describe('/stakeholder/analytics', () => {
  it('asks for the last 12 months by default and shows five figures, each chart named by its summary', async () => {
    const load = loader();
    renderPage(load);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the figures…');
    for (const name of ['Network growth', 'Onboarding funnel', 'Members by sector', 'Members by country', 'Registry lookups']) {
      expect(await figure(name)).toBeInTheDocument();
    }
    expect(lastRange(load)).toEqual({ from: '2025-11-01', to: TODAY });
    expect(screen.getByText('Figures from 1 November 2025 to 24 November 2026.')).toBeInTheDocument();
    const growth = await figure('Network growth');
    const canvas = await within(growth).findByRole('img');
    expect(canvas.getAttribute('aria-label')).toMatch(/^Chart of network growth by month from 1 November 2025 to 24 November 2026: \d+ new members in all/);
  });

  it('shows each chart’s table behind "Show table", with the median and "counted since" as figures', async () => {
    const { user } = renderPage(loader());
    const funnel = await figure('Onboarding funnel');
    expect(within(funnel).getByText('Median time to a decision').nextSibling).toHaveTextContent('4.5 days');
    const toggle = within(funnel).getByRole('button', { name: 'Show table of onboarding funnel' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(funnel).queryByRole('table')).toBeNull();
    await user.click(toggle);
    expect(within(funnel).getByRole('button', { name: 'Hide table of onboarding funnel' })).toHaveAttribute('aria-expanded', 'true');
    const table = within(funnel).getByRole('table', { name: 'Onboarding funnel' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([['Stage', 'Applications'], ['Started', '31'], ['Submitted', '24'], ['Approved', '17'], ['Rejected', '3']]);

    const lookups = await figure('Registry lookups');
    expect(within(lookups).getByText('Counted since').nextSibling).toHaveTextContent('2 November 2026');
  });

  it('downloads a CSV of the table’s figures with the period in its name', async () => {
    const { user } = renderPage(loader());
    const sectors = await figure('Members by sector');
    await user.click(within(sectors).getByRole('button', { name: 'Download CSV of members by sector' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toBe('members-by-sector-2025-11-01-to-2026-11-24.csv');
    expect(await downloads[0]!.blob.text()).toBe('Sector,Members\r\nEducation,14\r\nFinancial services,11\r\nTechnology,9\r\nNot given,1\r\n');
  });

  it('keeps the chosen period in the address and asks for its days', async () => {
    const load = loader();
    const { router, user } = renderPage(load);
    await figure('Network growth');
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    expect(router.state.location.search).toBe('?period=30d');
    await waitFor(() => expect(lastRange(load)).toEqual({ from: '2026-10-26', to: TODAY }));
    expect(await screen.findByText('Figures from 26 October 2026 to 24 November 2026.')).toBeInTheDocument();
    await user.click(within(await figure('Network growth')).getByRole('button', { name: /Show table/ }));
    expect(within(await figure('Network growth')).getByRole('columnheader', { name: 'Day' })).toBeInTheDocument();
  });

  it('starts custom dates from the period shown, and says what is wrong with them instead of asking', async () => {
    const load = loader();
    const { router, user } = renderPage(load, '/stakeholder/analytics?period=90d');
    await figure('Network growth');
    await user.selectOptions(screen.getByLabelText('Period'), 'Custom dates');
    expect(router.state.location.search).toBe('?period=custom&from=2026-08-27&to=2026-11-24');
    expect(screen.getByLabelText('First day')).toHaveValue('2026-08-27');

    const calls = load.mock.calls.length;
    void router.navigate('/stakeholder/analytics?period=custom&from=2026-11-20&to=2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('The first day must be on or before the last day.');
    expect(screen.getByLabelText('First day')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('region', { name: 'Network growth' })).toBeNull();
    expect(load.mock.calls.length).toBe(calls);

    void router.navigate('/stakeholder/analytics?period=custom&from=2026-11-01&to=2026-12-01');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The last day cannot be after today.'));
    void router.navigate('/stakeholder/analytics?period=custom&from=2016-01-01&to=2026-11-01');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('A period can be at most 10 years long.'));

    void router.navigate('/stakeholder/analytics?period=custom&from=2026-11-01&to=2026-11-20');
    await waitFor(() => expect(lastRange(load)).toEqual({ from: '2026-11-01', to: '2026-11-20' }));
    expect(await figure('Network growth')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the last period’s figures, marked busy, while the next loads, and shows a failure of the next instead of them', async () => {
    const pending: { range: AnalyticsRange; settle: (fail: boolean) => void }[] = [];
    const load = vi.fn(
      (range: AnalyticsRange) =>
        new Promise<ReturnType<typeof parseNetworkAnalytics>>((resolve, reject) => {
          pending.push({
            range,
            settle: (fail) => (fail ? reject(new DataError('The figures service is down.')) : resolve(parseNetworkAnalytics(networkAnalyticsJson(range.from, range.to)))),
          });
        }),
    );
    const { user } = renderPage(load);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!.settle(false);
    const growth = await figure('Network growth');
    await user.click(within(growth).getByRole('button', { name: 'Show table of network growth' }));

    await user.selectOptions(screen.getByLabelText('Period'), 'Last 90 days');
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the figures from 27 August 2026 to 24 November 2026…');
    expect(within(growth).getByRole('table')).toBeVisible();
    expect(growth.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    pending[1]!.settle(false);
    await waitFor(() => expect(within(growth).getByRole('columnheader', { name: 'Week' })).toBeInTheDocument());
    expect(growth.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    await waitFor(() => expect(pending).toHaveLength(3));
    pending[2]!.settle(true);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The figures could not be loaded');
    expect(screen.queryByRole('region', { name: 'Network growth' })).toBeNull();
  });

  it('says so when nothing happened in the period', async () => {
    renderPage(loader({ quiet: true, countedSince: null }), '/stakeholder/analytics?period=30d');
    expect(await screen.findByText('Nothing happened in this period')).toBeInTheDocument();
    expect(screen.getByText(/from 26 October 2026 to 24 November 2026/)).toBeInTheDocument();
  });

  it('shows the reason when the figures cannot be loaded, and tries again', async () => {
    let fail = true;
    const load = vi.fn(async (range: AnalyticsRange) => {
      if (fail) throw new DataError('We couldn’t reach Accord. Check your connection and try again.');
      return parseNetworkAnalytics(networkAnalyticsJson(range.from, range.to));
    });
    const { user } = renderPage(load);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The figures could not be loaded');
    expect(alert).toHaveTextContent('We couldn’t reach Accord.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await figure('Network growth')).toBeInTheDocument();
  });
});
