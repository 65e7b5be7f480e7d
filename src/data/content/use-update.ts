import useSWR from 'swr';

import { getUpdate } from './get-update';
import { contentKeys } from './keys';

/** One update in full (/news?update=<slug>); data is null when no published update has that slug. Pass null for none. */
export function useUpdate(slug: string | null) {
  return useSWR(slug === null ? null : contentKeys.update(slug), () => getUpdate(slug as string));
}
