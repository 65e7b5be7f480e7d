import useSWR from 'swr';

import { contentKeys } from './keys';
import { listUpdates } from './list-updates';

/** The published updates, newest first, for /news. */
export function useUpdates() {
  return useSWR(contentKeys.updates, () => listUpdates());
}
