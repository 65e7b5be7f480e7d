import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

/** Current against previous: this month so far, and the same days of the month before. */
export interface Comparison {
  current: number;
  previous: number;
}

/** network_summary(), checked and renamed for the app (issue 17's contract, decision 062). */
export interface NetworkSummary {
  asOf: string;
  /** The periods compared, as YYYY-MM-DD; previousTo is inclusive, the current period runs to today. */
  period: { currentFrom: string; previousFrom: string; previousTo: string };
  /** Now, and at the end of previousTo. */
  activeMembers: Comparison;
  newMembers: Comparison;
  /** Now, and at the end of previousTo. */
  pendingApplications: Comparison;
  registryLookups: Comparison & { countedSince: string | null };
  statusChanges: Comparison;
}

/** SWR key of the summary (the analytics' keys live beside it, under 'figures'). */
export const networkSummaryKey = ['figures', 'summary'] as const;

export const SUMMARY_NOT_ALLOWED_MESSAGE = 'Only stakeholders, investors and administrators can see the network’s figures.';
export const SUMMARY_SHAPE_MESSAGE = 'The figures came back in a shape this page does not understand. Please reload the page.';

const DAY = /^\d{4}-\d{2}-\d{2}/;

function fail(): never {
  throw new DataError(SUMMARY_SHAPE_MESSAGE);
}

function object(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail();
  return value as Record<string, unknown>;
}

function count(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail();
  return value;
}

function date(value: unknown): string {
  if (typeof value !== 'string' || !DAY.test(value)) fail();
  return value.slice(0, 10);
}

function instant(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) fail();
  return value;
}

function comparison(value: unknown): Comparison {
  const raw = object(value);
  return { current: count(raw.current), previous: count(raw.previous) };
}

/** Checks network_summary's jsonb, so the page never shows a number that is not one. */
export function parseNetworkSummary(data: unknown): NetworkSummary {
  const raw = object(data);
  const period = object(raw.period);
  const lookups = object(raw.registry_lookups);
  return {
    asOf: instant(raw.as_of),
    period: { currentFrom: date(period.current_from), previousFrom: date(period.previous_from), previousTo: date(period.previous_to) },
    activeMembers: { current: count(raw.active_members), previous: count(raw.active_members_previous) },
    newMembers: comparison(raw.new_members),
    pendingApplications: { current: count(raw.pending_applications), previous: count(raw.pending_applications_previous) },
    registryLookups: { ...comparison(lookups), countedSince: lookups.counted_since === null ? null : instant(lookups.counted_since) },
    statusChanges: comparison(raw.status_changes),
  };
}

export async function getNetworkSummary(client: AccordClient): Promise<NetworkSummary> {
  const { data, error } = await client.rpc('network_summary');
  if (error) {
    if (error.message === 'not_allowed_figures') throw new DataError(SUMMARY_NOT_ALLOWED_MESSAGE, { code: error.code, cause: error });
    throw toDataError(error);
  }
  return parseNetworkSummary(data);
}

export function useNetworkSummary(client: AccordClient = supabase) {
  return useSWR(networkSummaryKey, () => getNetworkSummary(client));
}
