import useSWR from 'swr';

import { publicSelect } from '../public-api';
import { SOLUTION_SUMMARY_COLUMNS, toSolutionSummary, type SolutionSummary } from './types';
import { contentKeys } from './keys';

/** Published ecosystem solutions in the back office's order, for the /ecosystem grid (filtered on screen). */
export async function listSolutions(signal?: AbortSignal): Promise<SolutionSummary[]> {
  const { rows } = await publicSelect(
    'ecosystem_solutions',
    `select=${SOLUTION_SUMMARY_COLUMNS}&order=sort_order.asc,name.asc&limit=500`,
    { signal },
  );
  return rows.map(toSolutionSummary);
}

/** The published ecosystem solutions, for /ecosystem. */
export function useSolutions() {
  return useSWR(contentKeys.solutions, () => listSolutions());
}
