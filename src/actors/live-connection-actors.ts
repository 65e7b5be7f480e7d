import { fromCallback } from 'xstate';

import type { LiveConnectionEvent } from '../../machines/live-connection.machine';
import { supabase, type AccordClient } from '../data/client';
import { liveChannelActor, type LiveChannelOptions } from './live-channel-actor';

export type { LiveChange, LiveChannelOptions, LiveTable } from './live-channel-actor';

/** The live-connection machine's effects: the view's channel (live-channel-actor.ts) and the browser's online/offline events. */
export function liveConnectionActors(options: LiveChannelOptions, client: AccordClient = supabase) {
  return {
    channel: liveChannelActor(options, client),
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
