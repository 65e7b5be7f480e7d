import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import type { AccordClient } from '../../src/data/client.ts';
import type { Database, Json } from '../../src/data/database.types.ts';
import { postMessage } from '../../src/data/messages/post-message.ts';
import { startConversationOnce } from '../../src/data/messages/start-conversation.ts';
import { submitApplication } from '../../src/data/onboarding/submit-application.ts';
import { createRequestIds } from '../../src/data/request-ids.ts';
import { readyApplicant, validPayload } from '../support/application-fixtures.ts';
import { createOrganization } from '../support/db-fixtures.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The fault tier's data half (issue 28; run alone with `vitest run --project
 * db faults`): each write the app retries is sent through a connection that
 * fails at one of the three moments that matter, then retried as the app
 * retries it (the same request id, from the same data-layer function), and
 * the database must hold the result exactly once.
 *
 * - before: the request never leaves (the service is down): nothing written.
 * - during: the request leaves but the connection dies before any answer; it
 *   may still be running when the retry arrives, so the two race.
 * - after: the request commits and its answer is lost on the way back.
 */

const config = stackConfig('test');

type Moment = 'before' | 'during' | 'after';
const MOMENTS: Moment[] = ['before', 'during', 'after'];

const lost = () => new TypeError('Failed to fetch');

/**
 * A client of `user`'s session whose first RPC fails at `moment` and whose
 * later requests go through. `inFlight` is the first request's own fate, for
 * a test that must wait for it before counting.
 */
async function faultyClient(user: TestUser, moment: Moment): Promise<{ client: AccordClient; inFlight: () => Promise<unknown> }> {
  const { data } = await user.client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error(`${user.email} has no session`);
  let faulted = false;
  let first: Promise<unknown> = Promise.resolve();
  const faulty: typeof fetch = async (input, init) => {
    const isRpc = String(input instanceof Request ? input.url : input).includes('/rest/v1/rpc/');
    if (!isRpc || faulted) return fetch(input, init);
    faulted = true;
    if (moment === 'before') throw lost();
    const sent = fetch(input, init);
    first = sent.catch(() => undefined);
    if (moment === 'during') throw lost();
    await sent;
    throw lost();
  };
  const client = createClient<Database>(config.apiUrl, config.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own; the client makes its Realtime half even when unused.
    realtime: { transport: ws as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'] },
    global: { fetch: faulty, headers: { Authorization: `Bearer ${token}` } },
  });
  return { client, inFlight: () => first };
}

/** Calls `send` until it succeeds, at most three times, as Retry or the resend when Accord is back would. */
async function retried<T>(send: () => Promise<T>): Promise<{ value: T; failures: number }> {
  let failures = 0;
  for (;;) {
    try {
      return { value: await send(), failures };
    } catch (error) {
      failures += 1;
      if (failures >= 3) throw error;
    }
  }
}

let member: TestUser;
let org: string;

beforeAll(async () => {
  member = await newUser('faults-member');
  org = await createOrganization(member, { status: 'approved' });
}, 30_000);

describe.each(MOMENTS)('a connection that fails %s the request', (moment) => {
  it('a reply is stored once and the retry answers with it', async () => {
    const conversation = await startConversationOnce(member.client as AccordClient, createRequestIds(), {
      organizationId: org,
      subject: `Faults ${moment} ${randomUUID().slice(0, 6)}`,
      body: 'Opening words',
    });
    const { client, inFlight } = await faultyClient(member, moment);
    const ids = createRequestIds();
    const body = `Reply sent ${moment} a fault`;
    const send = () => postMessage(client, { conversationId: conversation, body, requestId: ids.idFor(body) });
    const { value, failures } = await retried(send);
    await inFlight();
    expect(failures).toBe(1);
    const rows = await sql<{ id: string }>('select id::text from public.conversation_messages where conversation_id = $1 and body = $2', [conversation, body]);
    expect(rows).toEqual([{ id: String(value) }]);
  });

  it('a new conversation is started once, with one first message and one log entry', async () => {
    const { client, inFlight } = await faultyClient(member, moment);
    const subject = `Started ${moment} a fault ${randomUUID().slice(0, 6)}`;
    const ids = createRequestIds();
    const { value, failures } = await retried(() => startConversationOnce(client, ids, { organizationId: org, subject, body: 'Only once' }));
    await inFlight();
    expect(failures).toBe(1);
    const [row] = await sql<{ conversations: string[]; messages: number; logged: number }>(
      `select array(select id::text from public.conversations where subject = $1) as conversations,
              (select count(*)::int from public.conversation_messages m join public.conversations c on c.id = m.conversation_id where c.subject = $1) as messages,
              (select count(*)::int from public.network_activity where action = 'conversation.started' and details ->> 'subject' = $1) as logged`,
      [subject],
    );
    expect(row).toEqual({ conversations: [value], messages: 1, logged: 1 });
  });

  it('an application is submitted once, and the retry is told it was, not refused', async () => {
    const { user, orgId } = await readyApplicant(`faults-applicant-${moment}`);
    const { client, inFlight } = await faultyClient(user, moment);
    const payload = validPayload(orgId);
    const ids = createRequestIds();
    const { value, failures } = await retried(() => submitApplication(client, payload as Json, ids.idFor(JSON.stringify(payload))));
    await inFlight();
    expect(failures).toBe(1);
    expect(value).toEqual({ organizationId: orgId });
    const [row] = await sql<{ organisations: number; applications: number; logged: number }>(
      `select (select count(*)::int from public.organizations where created_by = $1) as organisations,
              (select count(*)::int from public.organization_applications where submitted_by = $1) as applications,
              (select count(*)::int from public.network_activity where actor_id = $1 and action = 'application.submitted') as logged`,
      [user.id],
    );
    expect(row).toEqual({ organisations: 1, applications: 1, logged: 1 });
  });
});
