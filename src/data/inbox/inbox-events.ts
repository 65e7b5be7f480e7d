import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveStatus } from '../realtime/use-live-changes';

/**
 * The app's one live inbox channel (inbox-live.tsx, mounted once beside the
 * header) tells every view that shows inbox data when that data changed:
 * the header's count, the area navigation's counts and the notifications page
 * each refetch their own SWR keys. They sit under different SWRConfigs (the
 * header is outside the page's), so a mutate in one would not reach the
 * others; these events do, and no view opens a second channel for the same rows.
 */
export type InboxTopic = 'notifications' | 'messages';

/** What happened: rows of a topic changed, or the channel (re)joined and anything may have been missed. */
export type InboxEvent = { type: 'changed'; topic: InboxTopic } | { type: 'resync' };

/** The channel's state, as useLiveChanges reports it; 'off' while nobody is signed in who has an inbox. */
export type InboxLiveStatus = 'off' | LiveStatus;

const listeners = new Set<(event: InboxEvent) => void>();
const statusListeners = new Set<() => void>();
let status: InboxLiveStatus = 'off';

/** Tells every listening view; also used after a person's own change (marking read) so the header follows. */
export function emitInboxEvent(event: InboxEvent): void {
  for (const listener of [...listeners]) listener(event);
}

export function setInboxLiveStatus(next: InboxLiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

/** Calls `onEvent` for every inbox event while mounted (the latest `onEvent`, without resubscribing). */
export function useInboxEvents(onEvent: (event: InboxEvent) => void): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    const listener = (event: InboxEvent) => latest.current(event);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}

/** The live channel's state, for a page's "Live" indicator. */
export function useInboxLiveStatus(): InboxLiveStatus {
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange);
      return () => {
        statusListeners.delete(onChange);
      };
    },
    () => status,
    () => 'off',
  );
}
