import { useEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';

import { liveConnectionMachine, liveStatusOf, type LiveStatus } from '../../../machines/live-connection.machine';
import { liveConnectionActors, type LiveChange, type LiveTable } from '../../actors/live-connection-actors';
import { reachability } from '../app-reachability';

export type { LiveChange, LiveStatus, LiveTable };

/**
 * How long a view may be rejoining before Realtime counts as unreachable: a
 * socket that blips and rejoins at once is not worth a banner.
 */
export const REALTIME_PATIENCE_MS = 1_500;

export interface LiveChangesOptions {
  /** Names the view, e.g. `conversation:42`; one channel per view. */
  name: string;
  tables: readonly LiveTable[];
  /** False opens no channel (nothing to watch yet, or signed out). */
  enabled?: boolean;
  onChange: (change: LiveChange) => void;
  /** Each (re)join, the first included: refetch what the view shows, so nothing missed while away stays missing. */
  onResync: () => void;
}

/**
 * Keeps a view live: subscribes to changes of its tables and says how the
 * connection stands (machines/live-connection.machine.ts). The channel is
 * replaced when the name, the tables or `enabled` change; the callbacks may
 * change on every render without that.
 */
export function useLiveChanges({ name, tables, enabled = true, onChange, onResync }: LiveChangesOptions): LiveStatus {
  const handlers = useRef({ onChange, onResync });
  useEffect(() => {
    handlers.current = { onChange, onResync };
  });
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const tablesKey = JSON.stringify(tables);

  useEffect(() => {
    if (!enabled) return undefined;
    const watched = JSON.parse(tablesKey) as LiveTable[];
    const actor = createActor(
      liveConnectionMachine.provide({
        actors: liveConnectionActors({ name, tables: watched, onChange: (change) => handlers.current.onChange(change) }),
        actions: { resync: () => handlers.current.onResync() },
      }),
    );
    const subscription = actor.subscribe((snapshot) => setStatus(liveStatusOf(snapshot)));
    actor.start();
    setStatus(liveStatusOf(actor.getSnapshot()));
    return () => {
      subscription.unsubscribe();
      actor.stop();
    };
  }, [name, tablesKey, enabled]);

  // Realtime that cannot be rejoined is Accord unreachable, as the banner says (issue 28); live again, it is back.
  useEffect(() => {
    if (!enabled) return undefined;
    const service = `realtime:${name}` as const;
    if (status === 'live') reachability.report(service, true);
    if (status !== 'reconnecting') return undefined;
    const patience = setTimeout(() => reachability.report(service, false), REALTIME_PATIENCE_MS);
    return () => clearTimeout(patience);
  }, [name, enabled, status]);
  // A view that closes withdraws what it reported: no banner is left for a channel nobody watches.
  useEffect(() => {
    if (!enabled) return undefined;
    return () => reachability.withdraw(`realtime:${name}`);
  }, [name, enabled]);

  return enabled ? status : 'connecting';
}
