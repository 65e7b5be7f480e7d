import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { fromCallback } from 'xstate';

import type { LiveConnectionEvent } from '../../machines/live-connection.machine';
import { supabase, type AccordClient } from '../data/client';

export interface LiveTable {
  table: string;
  event?: 'INSERT' | 'UPDATE' | 'DELETE' | '*';
  /** A Realtime filter such as `conversation_id=eq.42`. */
  filter?: string;
}

export type LiveChange = RealtimePostgresChangesPayload<Record<string, unknown>>;

export interface LiveChannelOptions {
  name: string;
  tables: readonly LiveTable[];
  onChange: (change: LiveChange) => void;
}

// realtime-js hands back the existing channel for a topic already in use, and
// removing it would then end the other view's too: each view gets its own.
let channelsOpened = 0;

/**
 * The live-connection machine's effects: one channel for the view's tables
 * (changes in schema public, which Realtime sends only to those who may select
 * the row), and the browser's online/offline events.
 */
export function liveConnectionActors(options: LiveChannelOptions, client: AccordClient = supabase) {
  return {
    channel: fromCallback<LiveConnectionEvent>(({ sendBack }) => {
      channelsOpened += 1;
      let channel: ReturnType<AccordClient['channel']>;
      try {
        channel = client.channel(`live:${options.name}:${channelsOpened}`);
        for (const table of options.tables) {
          channel.on(
            'postgres_changes',
            { event: table.event ?? '*', schema: 'public', table: table.table, ...(table.filter ? { filter: table.filter } : {}) },
            (change: LiveChange) => options.onChange(change),
          );
        }
      } catch (error) {
        // No client to open a channel with (the app unconfigured): the view
        // keeps what it fetched and says it is reconnecting, rather than the
        // error escaping the machine and taking the page with it.
        sendBack({ type: 'channel.failed', reason: error instanceof Error ? error.message : String(error) });
        return undefined;
      }
      let removed = false;
      channel.subscribe((status, error) => {
        if (removed) return;
        if (status === 'SUBSCRIBED') sendBack({ type: 'channel.subscribed' });
        else if (status === 'CLOSED') sendBack({ type: 'channel.closed' });
        else sendBack({ type: 'channel.failed', reason: error?.message ?? status });
      });
      return () => {
        removed = true;
        void client.removeChannel(channel);
      };
    }),
    network: fromCallback<LiveConnectionEvent>(({ sendBack }) => {
      const offline = () => sendBack({ type: 'network.offline' });
      const online = () => sendBack({ type: 'network.online' });
      window.addEventListener('offline', offline);
      window.addEventListener('online', online);
      if (navigator.onLine === false) offline();
      return () => {
        window.removeEventListener('offline', offline);
        window.removeEventListener('online', online);
      };
    }),
  };
}
