import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../data/client';
import { TestProviders } from '../testing/render';
import { SessionFactsProvider, useSessionFacts } from './session-context';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

function sessionFor(id: string, email: string): Session {
  return { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'bearer', user: { id, email } } as Session;
}

function fakeClient({ session = null as Session | null, admins = [] as string[] } = {}) {
  const listeners: Listener[] = [];
  const rpc = vi.fn(async (_fn: string, args: { user_uuid: string }) => ({
    data: admins.includes(args.user_uuid),
    error: null,
  }));
  const client = {
    auth: {
      getSession: vi.fn(async () => ({ data: { session }, error: null })),
      onAuthStateChange: vi.fn((listener: Listener) => {
        listeners.push(listener);
        return { data: { subscription: { unsubscribe: vi.fn() } } };
      }),
    },
    rpc,
  } as unknown as AccordClient;
  const emit = (event: AuthChangeEvent, next: Session | null) => act(() => listeners.forEach((l) => l(event, next)));
  return { client, emit, rpc };
}

function Probe() {
  const facts = useSessionFacts();
  return <output>{JSON.stringify(facts)}</output>;
}

function renderFacts(client: AccordClient) {
  render(
    <TestProviders>
      <SessionFactsProvider client={client}>
        <Probe />
      </SessionFactsProvider>
    </TestProviders>,
  );
  return () => JSON.parse(screen.getByRole('status').textContent ?? 'null') as unknown;
}

describe('SessionFactsProvider', () => {
  it('reports signed out when there is no session', async () => {
    const facts = renderFacts(fakeClient().client);
    await vi.waitFor(() => expect(facts()).toEqual({ status: 'signedOut' }));
  });

  it('reports a signed-in member with the e-mail, once the admin check has answered', async () => {
    const { client, rpc } = fakeClient({ session: sessionFor('u1', 'ada@school.example') });
    const facts = renderFacts(client);
    await vi.waitFor(() =>
      expect(facts()).toEqual({ status: 'signedIn', email: 'ada@school.example', isSystemAdmin: false }),
    );
    expect(rpc).toHaveBeenCalledWith('is_user_admin', { user_uuid: 'u1' });
  });

  it('reports a system admin', async () => {
    const { client } = fakeClient({ session: sessionFor('root', 'root@accord.example'), admins: ['root'] });
    const facts = renderFacts(client);
    await vi.waitFor(() =>
      expect(facts()).toEqual({ status: 'signedIn', email: 'root@accord.example', isSystemAdmin: true }),
    );
  });

  it('follows sign-in and sign-out events', async () => {
    const { client, emit } = fakeClient();
    const facts = renderFacts(client);
    await vi.waitFor(() => expect(facts()).toEqual({ status: 'signedOut' }));

    emit('SIGNED_IN', sessionFor('u2', 'grace@clinic.example'));
    await vi.waitFor(() =>
      expect(facts()).toEqual({ status: 'signedIn', email: 'grace@clinic.example', isSystemAdmin: false }),
    );

    emit('SIGNED_OUT', null);
    await vi.waitFor(() => expect(facts()).toEqual({ status: 'signedOut' }));
  });

  it('treats a failed admin check as not an admin', async () => {
    const { client } = fakeClient({ session: sessionFor('u1', 'ada@school.example') });
    (client as unknown as { rpc: unknown }).rpc = vi.fn(async () => ({ data: null, error: { message: 'boom' } }));
    const facts = renderFacts(client);
    await vi.waitFor(() =>
      expect(facts()).toEqual({ status: 'signedIn', email: 'ada@school.example', isSystemAdmin: false }),
    );
  });
});
