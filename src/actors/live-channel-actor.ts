import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { fromCallback } from 'xstate';

import type { LiveConnectionEvent } from '../../machines/live-connection.machine';
import { endSessionIfCurrent, isEndedSessionText } from '../data/auth/ended-session';
import type { AccordClient } from '../data/client';

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
 * The live-connection machine's channel: one for the view's tables (changes
 * in schema public, which Realtime sends only to those who may select the
 * row). Apart from the browser's events (live-connection-actors.ts), so it
 * runs wherever supabase-js does, the database-tier tests included.
 */
export function liveChannelActor(options: LiveChannelOptions, client: AccordClient) {
  return fromCallback<LiveConnectionEvent>(({ sendBack }) => {
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
    // Realtime refuses or closes a channel whose session has ended elsewhere
    // (decision 065). Rejoining with the same token can never succeed, so the
    // session ends in this tab too, as a refused Data API request ends it
    // (decision 023): the app then takes its signed-out path instead of
    // saying "reconnecting" until the token expires.
    const endIfSessionEnded = (text: string) => {
      if (!isEndedSessionText(text)) return;
      const token = client.realtime.accessTokenValue;
      if (token) void endSessionIfCurrent(client.auth, token).catch(() => undefined);
    };
    channel.on('system', {}, (message: { status?: string; message?: string }) => {
      if (message.status === 'error' && typeof message.message === 'string') endIfSessionEnded(message.message);
    });
    channel.subscribe((status, error) => {
      if (removed) return;
      if (status === 'SUBSCRIBED') sendBack({ type: 'channel.subscribed' });
      else if (status === 'CLOSED') sendBack({ type: 'channel.closed' });
      else {
        if (error) endIfSessionEnded(error.message);
        sendBack({ type: 'channel.failed', reason: error?.message ?? status });
      }
    });
    return () => {
      removed = true;
      void client.removeChannel(channel);
    };
  });
}
