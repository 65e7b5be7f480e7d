import useSWR from 'swr';

import { getSolution } from './get-solution';
import { contentKeys } from './keys';

/** One solution (/ecosystem/<slug>); data is null when no published solution has that id. */
export function useSolution(slug: string) {
  return useSWR(contentKeys.solution(slug), () => getSolution(slug));
}
