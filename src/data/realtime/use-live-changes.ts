import { useEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';

import { liveConnectionMachine, liveStatusOf, type LiveStatus } from '../../../machines/live-connection.machine';
import { liveConnectionActors, type LiveChange, type LiveTable } from '../../actors/live-connection-actors';

export type { LiveChange, LiveStatus, LiveTable };

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

  return enabled ? status : 'connecting';
}
