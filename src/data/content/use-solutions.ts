import useSWR from 'swr';

import { contentKeys } from './keys';
import { listSolutions } from './list-solutions';

/** The published ecosystem solutions, for /ecosystem. */
export function useSolutions() {
  return useSWR(contentKeys.solutions, () => listSolutions());
}
