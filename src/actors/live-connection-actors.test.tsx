import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';

import { liveConnectionMachine, liveStatusOf } from '../../machines/live-connection.machine';
import type { AccordClient } from '../data/client';
import { liveConnectionActors } from './live-connection-actors';

describe('liveConnectionActors', () => {
  it('reports a channel that cannot be opened as a failed join, so the view stays up and says it is reconnecting', () => {
    // The app's client when VITE_SUPABASE_URL is missing throws on every use.
    const unconfigured = {
      channel: () => {
        throw new Error('Accord is not configured');
      },
    } as unknown as AccordClient;
    const actor = createActor(
      liveConnectionMachine.provide({
        actors: liveConnectionActors({ name: 'test', tables: [{ table: 'notifications' }], onChange: () => {} }, unconfigured),
      }),
    );
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(errors).toEqual([]);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toEqual({ attached: 'rejoining' });
    expect(liveStatusOf(actor.getSnapshot())).toBe('reconnecting');
    actor.stop();
  });
});
