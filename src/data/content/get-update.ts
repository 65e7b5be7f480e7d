import useSWR from 'swr';

import { publicSelect } from '../public-api';
import { SLUG_PATTERN, toUpdate, UPDATE_COLUMNS, type Update } from './types';
import { contentKeys } from './keys';

/** One published update with its body, by slug; null when there is none a visitor may read. */
export async function getUpdate(slug: string, signal?: AbortSignal): Promise<Update | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const query = new URLSearchParams({ select: UPDATE_COLUMNS, slug: `eq.${slug}`, limit: '1' });
  const { rows } = await publicSelect('updates', query, { signal });
  return rows[0] ? toUpdate(rows[0]) : null;
}

/** One update in full (/news?update=<slug>); data is null when no published update has that slug. Pass null for none. */
export function useUpdate(slug: string | null) {
  return useSWR(slug === null ? null : contentKeys.update(slug), () => getUpdate(slug as string));
}
