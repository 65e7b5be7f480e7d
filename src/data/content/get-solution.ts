import useSWR from 'swr';

import { publicSelect } from '../public-api';
import { SLUG_PATTERN, SOLUTION_COLUMNS, toSolution, type Solution } from './types';
import { contentKeys } from './keys';

/** One published solution by its public id (the slug in /ecosystem/<slug>); null when there is none. */
export async function getSolution(slug: string, signal?: AbortSignal): Promise<Solution | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const query = new URLSearchParams({ select: SOLUTION_COLUMNS, slug: `eq.${slug}`, limit: '1' });
  const { rows } = await publicSelect('ecosystem_solutions', query, { signal });
  return rows[0] ? toSolution(rows[0]) : null;
}

/** One solution (/ecosystem/<slug>); data is null when no published solution has that id. */
export function useSolution(slug: string) {
  return useSWR(contentKeys.solution(slug), () => getSolution(slug));
}
