import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_CEILING_MS } from '../../src/testing/wait-ceiling.ts';
import { anonFrom } from '../support/client-address.ts';
import { createOrganization, expectDenied, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { asAnon, asServiceRole, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * Answers to Contact Us messages (supabase/migrations/20261127000400_contact-replies.sql,
 * docs/decisions/048-contact-messages-answered.md): only system administrators
 * (at aal2 when they have a factor) answer, through answer_contact_message(),
 * which keeps the answer, marks the message handled and writes the audit
 * trail in one go; only the service role records how the e-mail fared; nobody
 * writes the answers table from the browser.
 */

let admin: TestUser;
let member: TestUser;
let adminWithFactor: TestUser & { aal1: SupabaseClient };

beforeAll(async () => {
  [admin, member] = await Promise.all([newUser('contact-reply-admin', { fullName: 'Ada Reviewer' }), newUser('contact-reply-member')]);
  await makeSystemAdmin(admin);
  // A member of an organisation (its creator, an admin of it): signed in, but no administrator of the network.
  await createOrganization(member, { name: `Contact Reply Org ${randomUUID().slice(0, 6)}` });
  const withFactor = await newUser('contact-reply-admin-mfa');
  await makeSystemAdmin(withFactor);
  await enrolVerifiedTotp(withFactor.client);
  adminWithFactor = { ...withFactor, aal1: await signInAgain(withFactor) };
});

/** A visitor's message, sent as visitors send it (from an address of its own, so no form limit decides a test). */
async function visitorMessage(overrides: Record<string, string> = {}): Promise<string> {
  const { data, error } = await anonFrom().rpc('send_contact_message', {
    p_name: 'Fiona Gallagher',
    p_email: `fiona.${randomUUID().slice(0, 8)}@visitors.accord.test`,
    p_organization: 'Lakeside College',
    p_topic: 'membership',
    p_message: 'Can a college join if an outside provider runs its identity checks?',
    ...overrides,
  });
  expect(error).toBeNull();
  return data as string;
}

const answersOf = (messageId: string) =>
  sql<{ id: string; body: string; answered_by: string; delivery: string; delivery_attempts: number; delivery_error: string | null }>(
    'select id, body, answered_by, delivery::text, delivery_attempts, delivery_error from public.contact_message_answers where message_id = $1 order by created_at',
    [messageId],
  );
const handledOf = async (messageId: string) =>
  (await sql<{ handled: boolean; handled_by: string | null }>('select handled, handled_by from public.contact_messages where id = $1', [messageId]))[0];
const activityOf = (messageId: string) =>
  sql<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
    `select action, actor_id, details from public.network_activity
      where details ->> 'message_id' = $1 or details -> 'record' ->> 'id' = $1 order by id`,
    [messageId],
  );

const answer = (client: SupabaseClient, messageId: string, body = 'Yes: the provider must be listed in your application.', requestId = randomUUID()) =>
  client.rpc('answer_contact_message', { p_message_id: messageId, p_body: body, p_request_id: requestId });

describe('who may answer', () => {
  it('a member cannot answer; nothing is kept and the message stays unhandled', async () => {
    const id = await visitorMessage();
    const result = await answer(member.client, id);
    expectDenied(result);
    expect(result.error?.message).toBe('Only system administrators may answer contact messages.');
    expect(await answersOf(id)).toEqual([]);
    expect((await handledOf(id)).handled).toBe(false);
    expect(await activityOf(id)).toEqual([]);
  });

  it('a visitor cannot answer', async () => {
    const id = await visitorMessage();
    expectDenied(await answer(asAnon(), id));
    expect(await answersOf(id)).toEqual([]);
  });

  it('an administrator at aal1 with a verified factor is asked for the code; nothing is kept', async () => {
    const id = await visitorMessage();
    const result = await answer(adminWithFactor.aal1, id);
    expect(result.error).toMatchObject({ code: '42501', message: 'aal2_required' });
    expect(await answersOf(id)).toEqual([]);
    expect((await handledOf(id)).handled).toBe(false);
    // The same administrator at aal2 may.
    expectOk(await answer(adminWithFactor.client, id));
  });

  it('nobody writes the answers table directly, not even an administrator', async () => {
    const id = await visitorMessage();
    for (const client of [member.client, admin.client, asAnon()]) {
      expectDenied(
        await client.from('contact_message_answers').insert({ message_id: id, body: 'Forged', answered_by: admin.id, request_id: randomUUID() }),
      );
    }
    expect(await answersOf(id)).toEqual([]);
    const [kept] = expectOk(await answer(admin.client, id)) as { answer_id: string }[];
    expectDenied(await admin.client.from('contact_message_answers').update({ body: 'Rewritten', delivery: 'sent' }).eq('id', kept.answer_id));
    expectDenied(await admin.client.from('contact_message_answers').delete().eq('id', kept.answer_id));
    expect(await answersOf(id)).toMatchObject([{ body: 'Yes: the provider must be listed in your application.', delivery: 'pending' }]);
  });

  it('only system administrators read answers; a member and an administrator at aal1 read none', async () => {
    const id = await visitorMessage();
    expectOk(await answer(admin.client, id));
    expect(expectOk(await admin.client.from('contact_message_answers').select('id').eq('message_id', id))).toHaveLength(1);
    expect(expectOk(await member.client.from('contact_message_answers').select('id').eq('message_id', id))).toEqual([]);
    expect(expectOk(await adminWithFactor.aal1.from('contact_message_answers').select('id').eq('message_id', id))).toEqual([]);
    expectDenied(await asAnon().from('contact_message_answers').select('id').eq('message_id', id));
    expectDenied(await member.client.rpc('admin_contact_message_answers', { p_message_id: id }));
    expectDenied(await member.client.rpc('admin_contact_messages', {}));
    expect((await adminWithFactor.aal1.rpc('admin_contact_messages', {})).error).toMatchObject({ message: 'aal2_required' });
  });
});

describe('answering', () => {
  it('keeps the answer, marks the message handled and records contact_message.answered once, in one call', async () => {
    const id = await visitorMessage();
    const rows = expectOk(await answer(admin.client, id, '  Thank you for writing.\n\nYes, it can.  ')) as Record<string, unknown>[];
    expect(rows).toEqual([
      expect.objectContaining({
        message_id: id,
        body: 'Thank you for writing.\n\nYes, it can.',
        delivery: 'pending',
        created: true,
        recipient_name: 'Fiona Gallagher',
        recipient_email: expect.stringMatching(/@visitors\.accord\.test$/),
        topic: 'membership',
        original_message: 'Can a college join if an outside provider runs its identity checks?',
      }),
    ]);
    expect(await handledOf(id)).toEqual({ handled: true, handled_by: admin.id });
    // One entry: the audit trigger does not tell the handled flag a second time.
    expect(await activityOf(id)).toEqual([
      {
        action: 'contact_message.answered',
        actor_id: admin.id,
        details: expect.objectContaining({ message_id: id, answer_id: rows[0].answer_id, topic: 'membership', marked_handled: true }),
      },
    ]);
  });

  it('the same request twice (a double click) is one answer; a request id cannot be reused for another message', async () => {
    const id = await visitorMessage();
    const requestId = randomUUID();
    const [first, second] = await Promise.all([answer(admin.client, id, 'Once only.', requestId), answer(admin.client, id, 'Once only.', requestId)]);
    const a = expectOk(first) as { answer_id: string; created: boolean }[];
    const b = expectOk(second) as { answer_id: string; created: boolean }[];
    expect(a[0].answer_id).toBe(b[0].answer_id);
    expect([a[0].created, b[0].created].sort()).toEqual([false, true]);
    expect(await answersOf(id)).toHaveLength(1);
    expect((await activityOf(id)).filter((e) => e.action === 'contact_message.answered')).toHaveLength(1);

    const other = await visitorMessage();
    const reused = await answer(admin.client, other, 'Another.', requestId);
    expect(reused.error).toMatchObject({ code: '22023', message: 'request_id_reused' });
    expect(await answersOf(other)).toEqual([]);
  });

  it('refuses an empty or overlong answer and an unknown message, clearly', async () => {
    const id = await visitorMessage();
    expect((await answer(admin.client, id, ' \n ')).error).toMatchObject({ code: '22023', message: 'answer_required' });
    expect((await answer(admin.client, id, 'x'.repeat(10_001))).error).toMatchObject({ code: '22023', message: 'answer_too_long' });
    expect((await answer(admin.client, randomUUID())).error).toMatchObject({ code: 'P0002', message: 'contact_message_not_found' });
    expect(await answersOf(id)).toEqual([]);
    expect((await handledOf(id)).handled).toBe(false);
  });
});

describe('delivery: the service role records how the e-mail fared', () => {
  it('a member and an administrator cannot claim or mark an answer sent; the state stays pending', async () => {
    const id = await visitorMessage();
    const [kept] = expectOk(await answer(admin.client, id)) as { answer_id: string }[];
    for (const client of [member.client, admin.client, asAnon()]) {
      expectDenied(await client.rpc('claim_contact_answer_delivery', { p_answer_id: kept.answer_id }));
      expectDenied(await client.rpc('record_contact_answer_delivery', { p_answer_id: kept.answer_id, p_sent: true }));
    }
    expect(await answersOf(id)).toMatchObject([{ delivery: 'pending', delivery_attempts: 0 }]);
  });

  it('claims once, records failed with the reason, claims again for "Send again", then sent', async () => {
    const id = await visitorMessage();
    const [kept] = expectOk(await answer(admin.client, id)) as { answer_id: string }[];
    const service = asServiceRole();
    // Not claimed: nothing to record.
    expect((await service.rpc('record_contact_answer_delivery', { p_answer_id: kept.answer_id, p_sent: true })).error).toMatchObject({
      message: 'delivery_not_claimed',
    });
    const claims = await Promise.all([1, 2].map(() => service.rpc('claim_contact_answer_delivery', { p_answer_id: kept.answer_id })));
    expect(claims.map((c) => c.data).sort()).toEqual([false, true]);
    expect(
      expectOk(await service.rpc('record_contact_answer_delivery', { p_answer_id: kept.answer_id, p_sent: false, p_error: 'The mail server refused it.' })),
    ).toBe('failed');
    expect(await answersOf(id)).toMatchObject([{ delivery: 'failed', delivery_attempts: 1, delivery_error: 'The mail server refused it.' }]);

    // The administrator may ask for it again (read only); the claim decides.
    expect(expectOk(await admin.client.rpc('contact_answer_for_delivery', { p_answer_id: kept.answer_id }))).toMatchObject([{ delivery: 'failed' }]);
    expectDenied(await member.client.rpc('contact_answer_for_delivery', { p_answer_id: kept.answer_id }));
    expect(expectOk(await service.rpc('claim_contact_answer_delivery', { p_answer_id: kept.answer_id }))).toBe(true);
    expect(expectOk(await service.rpc('record_contact_answer_delivery', { p_answer_id: kept.answer_id, p_sent: true }))).toBe('sent');
    expect(await answersOf(id)).toMatchObject([{ delivery: 'sent', delivery_attempts: 2, delivery_error: null }]);
    // Sent is final: no second claim, so no second mail.
    expect(expectOk(await service.rpc('claim_contact_answer_delivery', { p_answer_id: kept.answer_id }))).toBe(false);

    expect((await activityOf(id)).map((e) => e.action)).toEqual([
      'contact_message.answered',
      'contact_message.answer_failed',
      'contact_message.answer_sent',
    ]);
    const answers = expectOk(await admin.client.rpc('admin_contact_message_answers', { p_message_id: id })) as Record<string, unknown>[];
    expect(answers).toMatchObject([{ answered_by: admin.id, answered_by_name: 'Ada Reviewer', delivery: 'sent', delivery_attempts: 2 }]);
  });
});

describe('the back office list', () => {
  it('unhandled first, then newest; filters by topic, handled and a search phrase; pages with a total', async () => {
    const tag = `zq${randomUUID().slice(0, 6)}`;
    const older = await visitorMessage({ p_message: `${tag} older, press`, p_topic: 'press' });
    const handled = await visitorMessage({ p_message: `${tag} handled` });
    const newer = await visitorMessage({ p_message: `${tag} newer 100%_done` });
    expectOk(await answer(admin.client, handled));

    const list = async (args: Record<string, unknown>) =>
      expectOk(await admin.client.rpc('admin_contact_messages', { p_search: tag, ...args })) as {
        id: string;
        answer_count: number;
        last_delivery: string | null;
        total_count: number;
      }[];
    expect((await list({})).map((r) => r.id)).toEqual([newer, older, handled]);
    expect((await list({})).at(-1)).toMatchObject({ answer_count: 1, last_delivery: 'pending', total_count: 3 });
    expect((await list({ p_topic: 'press' })).map((r) => r.id)).toEqual([older]);
    expect((await list({ p_handled: true })).map((r) => r.id)).toEqual([handled]);
    expect((await list({ p_handled: false })).map((r) => r.id)).toEqual([newer, older]);
    // A phrase, not a pattern: % and _ match only themselves.
    expect((await list({ p_search: `${tag} newer 100%_` })).map((r) => r.id)).toEqual([newer]);
    expect(await list({ p_search: `${tag}%older` })).toEqual([]);
    const second = await list({ p_limit: 2, p_offset: 2 });
    expect(second.map((r) => [r.id, Number(r.total_count)])).toEqual([[handled, 3]]);
    expect((await admin.client.rpc('admin_contact_messages', { p_search: 'x'.repeat(201) })).error).toMatchObject({ message: 'invalid_search' });
  });

  it('marking handled by hand is still told by the audit trigger', async () => {
    const id = await visitorMessage();
    expectOk(await admin.client.from('contact_messages').update({ handled: true }).eq('id', id).select('id'));
    expect((await activityOf(id)).map((e) => e.action)).toEqual(['contact_message.updated']);
  });
});

describe('live changes', () => {
  type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
  const channels: RealtimeChannel[] = [];
  afterAll(async () => {
    for (const channel of channels) await channel.unsubscribe();
  });

  /** Every change on public the client may see, and a wait for one that matches. */
  async function watchPublic(client: SupabaseClient) {
    const changes: Change[] = [];
    const channel = client.channel(`contact-${randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public' }, (c: Change) => changes.push(c));
    channels.push(channel);
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' ? reject(error ?? new Error(status)) : undefined)),
    );
    const until = async (test: (c: Change) => boolean) => {
      const deadline = Date.now() + WAIT_CEILING_MS;
      while (!changes.some(test)) {
        if (Date.now() > deadline) throw new Error('the change did not arrive');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    return { changes, until };
  }

  it('a new message and its answer reach administrators live; a member subscribed to all of public receives neither', async () => {
    const adminFeed = await watchPublic(admin.client);
    const memberFeed = await watchPublic(member.client);
    const id = await visitorMessage();
    const [kept] = expectOk(await answer(admin.client, id)) as { answer_id: string }[];
    await adminFeed.until((c) => c.table === 'contact_messages' && c.eventType === 'INSERT' && (c.new as { id?: string }).id === id);
    await adminFeed.until((c) => c.table === 'contact_message_answers' && (c.new as { id?: string }).id === kept.answer_id);

    // A change the member may see, made after: deliveries to one subscriber keep their order, so once it is there nothing earlier is still coming.
    const [marker] = await sql<{ id: string }>(
      `insert into public.notifications (user_id, kind, title, body, link) values ($1, 'colleague_joined', 'Marker', 'Marker', '/dashboard') returning id::text`,
      [member.id],
    );
    await memberFeed.until((c) => c.table === 'notifications' && String((c.new as { id?: unknown }).id) === marker.id);
    expect(memberFeed.changes.filter((c) => c.table === 'contact_messages' || c.table === 'contact_message_answers')).toEqual([]);
  });
});

