import { useSyncExternalStore } from 'react';

import { reachability as appReachability } from './app-reachability';
import type { Reachability, ReachabilityStore } from './reachability';

/** Whether Accord can be reached, for the banner (data/reachability.ts). */
export function useReachability(store: ReachabilityStore = appReachability): Reachability {
  return useSyncExternalStore(store.subscribe, store.get, () => 'reachable');
}
