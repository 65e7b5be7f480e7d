import { describe, expect, it } from 'vitest';

import { parseNetworkAnalytics } from '../../data/figures/get-network-analytics';
import { networkAnalyticsJson } from '../../testing/network-analytics-fixture';
import { analyticsFigures, axisLabel, bucketLabel, formatDays, MAX_CHART_CATEGORIES, withoutLeadingQuiet } from './analytics-figures';

const figuresOf = (json: Record<string, unknown>, trimLeading = false) => analyticsFigures(parseNetworkAnalytics(json), { trimLeading });

describe('analyticsFigures', () => {
  it('gives every chart a table with the same numbers as its CSV rows', () => {
    for (const figure of figuresOf(networkAnalyticsJson('2025-11-01', '2026-11-24'))) {
      expect(figure.rows).toHaveLength(figure.csvRows.length);
      expect(figure.columns).toHaveLength(figure.rows[0]!.length);
      figure.rows.forEach((row, index) => {
        row.forEach((cell, column) => {
          const raw = figure.csvRows[index]![column];
          if (typeof raw === 'number') expect(cell.replaceAll(',', '')).toBe(String(raw));
        });
      });
      expect(figure.fileName).toMatch(new RegExp(`^[a-z-]+-2025-11-01-to-2026-11-24\\.csv$`));
      expect(figure.summary.length).toBeGreaterThan(20);
    }
  });

  it('names months, weeks and days in words in the table and ISO dates in the CSV', () => {
    const [growth] = figuresOf(networkAnalyticsJson('2025-11-01', '2026-11-24'));
    expect(growth!.columns[0]!.label).toBe('Month');
    expect(growth!.rows[0]![0]).toBe('November 2025');
    expect(growth!.csvRows[0]![0]).toBe('2025-11-01');
    expect(bucketLabel('2026-11-02', 'week')).toBe('Week from 2 November 2026');
    expect(bucketLabel('2026-11-02', 'day')).toBe('2 November 2026');
    expect(axisLabel('2026-11-02', 'day')).toBe('2 Nov');
    expect(axisLabel('2026-11-01', 'month')).toBe('Nov 2026');
  });

  it('shows the funnel’s median as a figure, and says when there were no decisions', () => {
    const funnel = figuresOf(networkAnalyticsJson('2026-10-26', '2026-11-24')).find((f) => f.id === 'funnel')!;
    expect(funnel.highlights).toEqual([{ label: 'Median time to a decision', value: '4.5 days' }]);
    expect(funnel.rows).toEqual([['Started', '31'], ['Submitted', '24'], ['Approved', '17'], ['Rejected', '3']]);
    const quiet = figuresOf(networkAnalyticsJson('2026-10-26', '2026-11-24', { quiet: true })).find((f) => f.id === 'funnel')!;
    expect(quiet.highlights[0]!.value).toBe('No decisions yet');
    expect(quiet.empty).toBe(true);
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(0.4)).toBe('less than a day');
    expect(formatDays(12.25)).toBe('12.3 days');
  });

  it('names sectors and countries in words, "Not given" for unknown, and groups categories past the chart’s limit', () => {
    const json = networkAnalyticsJson('2026-10-26', '2026-11-24');
    const figures = figuresOf(json);
    expect(figures.find((f) => f.id === 'sectors')!.rows.map((row) => row[0])).toEqual(['Education', 'Financial services', 'Technology', 'Not given']);
    expect(figures.find((f) => f.id === 'countries')!.rows[0]).toEqual(['Netherlands', 'NL', '16']);
    const many = { ...json, countries: Array.from({ length: 15 }, (_, i) => ({ country: `C${i}`, members: 20 - i })) };
    const chart = figuresOf(many).find((f) => f.id === 'countries')!.chart;
    expect(chart.labels).toHaveLength(MAX_CHART_CATEGORIES + 1);
    expect(chart.labels.at(-1)).toBe('All others');
    expect(chart.series[0]!.values.at(-1)).toBe(8 + 7 + 6);
  });

  it('says when registry lookups began to be counted, or that they have not been', () => {
    const counted = figuresOf(networkAnalyticsJson('2026-10-26', '2026-11-24')).find((f) => f.id === 'lookups')!;
    expect(counted.highlights.find((h) => h.label === 'Counted since')!.value).toBe('2 November 2026');
    const notYet = figuresOf(networkAnalyticsJson('2026-10-26', '2026-11-24', { quiet: true, countedSince: null })).find((f) => f.id === 'lookups')!;
    expect(notYet.highlights.find((h) => h.label === 'Counted since')!.value).toBe('Not counted yet');
    expect(notYet.emptyText).toBe('Registry lookups have not been counted yet.');
  });

  it('starts an all-time period where the network does', () => {
    expect(withoutLeadingQuiet([0, 0, 3, 0, 1], (n) => n === 0)).toEqual([3, 0, 1]);
    expect(withoutLeadingQuiet([0, 0], (n) => n === 0)).toEqual([]);
    const json = networkAnalyticsJson('2017-01-01', '2026-11-24');
    const growth = json.growth as { period_start: string; new_members: number; active_members: number }[];
    growth.forEach((row, index) => {
      if (index < 100) Object.assign(row, { new_members: 0, active_members: 0 });
    });
    expect(figuresOf(json, true)[0]!.rows).toHaveLength(growth.length - 100);
  });
});
