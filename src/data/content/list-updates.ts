import useSWR from 'swr';

import { publicSelect } from '../public-api';
import { toUpdateSummary, UPDATE_SUMMARY_COLUMNS, type UpdateSummary } from './types';
import { contentKeys } from './keys';

/**
 * Published updates, newest first, without their bodies, for the /news list.
 * A few a month at most: one page holds them all for years.
 */
export async function listUpdates(signal?: AbortSignal): Promise<UpdateSummary[]> {
  const { rows } = await publicSelect('updates', `select=${UPDATE_SUMMARY_COLUMNS}&order=published_at.desc,title.asc&limit=200`, {
    signal,
  });
  return rows.map(toUpdateSummary);
}

/** The published updates, newest first, for /news. */
export function useUpdates() {
  return useSWR(contentKeys.updates, () => listUpdates());
}
