import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { anonFrom } from '../support/client-address.ts';
import { makeSystemAdmin } from '../support/db-fixtures.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { callFunction } from '../support/edge-functions.ts';
import { listMail, mailIds, nextMail } from '../support/inbox.ts';
import { newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * The reply-contact-message Edge Function's contract on the real stack
 * (gateway → Deno runtime → function → PostgREST as the caller, then the
 * service role → mail catcher): who may answer, what the visitor receives,
 * what a double click does, and that a visitor's address cannot make the mail
 * go to someone else.
 */
const config = stackConfig('test');
const endpoint = `${config.apiUrl}/functions/v1/reply-contact-message`;

let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  [admin, member] = await Promise.all([newUser('fn-contact-admin'), newUser('fn-contact-member')]);
  await makeSystemAdmin(admin);
});

const call = (user: TestUser | null, body: unknown) => callFunction('reply-contact-message', user, body);

async function visitorMessage(overrides: Record<string, string> = {}): Promise<{ id: string; email: string }> {
  const email = overrides.p_email ?? `visitor.${randomUUID().slice(0, 8)}@visitors.accord.test`;
  const { data, error } = await anonFrom().rpc('send_contact_message', {
    p_name: 'Fiona <Gallagher> & Co',
    p_email: email,
    p_organization: 'Lakeside College',
    p_topic: 'membership',
    p_message: 'Can a college join?\nWe use an outside provider for <identity> checks.',
    ...overrides,
  });
  expect(error).toBeNull();
  return { id: data as string, email };
}

const answersOf = (messageId: string) =>
  sql<{ id: string; body: string; delivery: string; delivery_attempts: number }>(
    'select id, body, delivery::text, delivery_attempts from public.contact_message_answers where message_id = $1 order by created_at',
    [messageId],
  );

describe('reply-contact-message: who may answer', () => {
  it('the gateway refuses a request without the API key, the runtime one without a JWT', async () => {
    expect((await fetch(endpoint, { method: 'POST', body: '{}' })).status).toBe(401);
    const res = await fetch(endpoint, { method: 'POST', headers: { apikey: config.keys.anonKey, authorization: 'Bearer nope' }, body: '{}' });
    expect(res.status).toBe(401);
  });

  it('a visitor is told to sign in; a member is refused; nothing is kept and no mail goes out', async () => {
    const message = await visitorMessage();
    const seen = await mailIds(message.email);
    const request = { messageId: message.id, body: 'An answer', requestId: randomUUID() };
    expect(await call(null, request)).toEqual({ status: 401, body: { error: 'not_authenticated', message: 'Sign in to answer messages.' } });
    expect(await call(member, request)).toEqual({
      status: 403,
      body: { error: 'forbidden', message: 'Only system administrators can answer contact messages.' },
    });
    expect(await answersOf(message.id)).toEqual([]);
    await expect(nextMail(message.email, seen, 1000)).rejects.toThrow(/No new mail/);
  });

  it('an administrator at aal1 with a verified factor is asked for the code by name; nothing is kept or sent', async () => {
    const withFactor = await newUser('fn-contact-admin-mfa');
    await makeSystemAdmin(withFactor);
    await enrolVerifiedTotp(withFactor.client);
    const aal1 = { client: await signInAgain(withFactor) };
    const message = await visitorMessage();
    const seen = await mailIds(message.email);
    expect(await callFunction('reply-contact-message', aal1, { messageId: message.id, body: 'At aal1', requestId: randomUUID() })).toEqual({
      status: 403,
      body: { error: 'aal2_required', message: 'Enter the code from your authenticator app to answer contact messages.' },
    });
    expect(await answersOf(message.id)).toEqual([]);
    await expect(nextMail(message.email, seen, 1000)).rejects.toThrow(/No new mail/);
  });

  it('a member cannot have someone else’s answer sent again', async () => {
    const message = await visitorMessage();
    const first = await call(admin, { messageId: message.id, body: 'Sent once.', requestId: randomUUID() });
    expect(first.status).toBe(200);
    expect((await call(member, { answerId: first.body.answerId })).status).toBe(403);
  });

  it('refuses malformed requests and an empty answer clearly', async () => {
    const message = await visitorMessage();
    expect((await call(admin, 'not json')).body.error).toBe('invalid_request');
    expect((await call(admin, { messageId: 'x', body: 'a', requestId: randomUUID() })).body.error).toBe('invalid_request');
    expect((await call(admin, { messageId: message.id, body: 'a' })).body.error).toBe('invalid_request');
    expect(await call(admin, { messageId: message.id, body: '   ', requestId: randomUUID() })).toEqual({
      status: 400,
      body: { error: 'answer_required', message: 'Write the answer before sending it.' },
    });
    expect((await call(admin, { messageId: randomUUID(), body: 'a', requestId: randomUUID() })).status).toBe(404);
    expect(await answersOf(message.id)).toEqual([]);
  });
});

describe('reply-contact-message: what the visitor receives', () => {
  it('the answer is kept, marked sent, and mailed to the visitor with their message quoted, everything escaped', async () => {
    const message = await visitorMessage();
    const seen = await mailIds(message.email);
    const answer = await call(admin, {
      messageId: message.id,
      body: 'Yes, it can.\nList the <provider> in your application.',
      requestId: randomUUID(),
    });
    expect(answer).toMatchObject({ status: 200, body: { messageId: message.id, delivery: 'sent', created: true } });

    const mail = await nextMail(message.email, seen);
    expect(mail.subject).toBe('Your message to Accord');
    expect(mail.to).toEqual([{ address: message.email, name: 'Fiona <Gallagher> & Co' }]);
    expect(mail.text).toContain('Dear Fiona <Gallagher> & Co,');
    expect(mail.text).toContain('Yes, it can.\nList the <provider> in your application.');
    expect(mail.text).toContain('> Can a college join?\n> We use an outside provider for <identity> checks.');
    expect(mail.html).toContain('Dear Fiona &lt;Gallagher&gt; &amp; Co,');
    expect(mail.html).toContain('List the &lt;provider&gt; in your application.');
    expect(mail.html).not.toContain('<provider>');

    expect(await answersOf(message.id)).toMatchObject([{ delivery: 'sent', delivery_attempts: 1 }]);
    const [handled] = await sql<{ handled: boolean }>('select handled from public.contact_messages where id = $1', [message.id]);
    expect(handled.handled).toBe(true);
  });

  it('a double click is one answer and one mail', async () => {
    const message = await visitorMessage();
    const seen = await mailIds(message.email);
    const request = { messageId: message.id, body: 'Only once, please.', requestId: randomUUID() };
    const answers = await Promise.all([call(admin, request), call(admin, request)]);
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([200]));
    expect(new Set(answers.map((a) => a.body.answerId)).size).toBe(1);
    await nextMail(message.email, seen);
    // Once sent, the same request again sends nothing more.
    expect(await call(admin, request)).toMatchObject({ status: 200, body: { delivery: 'sent', created: false } });
    expect(await answersOf(message.id)).toMatchObject([{ delivery: 'sent', delivery_attempts: 1 }]);
    const mails = (await listMail()).filter((m) => m.to.some((t) => t.address === message.email) && !seen.has(m.id));
    expect(mails).toHaveLength(1);
  });

  it('attack: an address typed as a list ("someone,victim@…") does not send the answer to the victim', async () => {
    const victim = `victim.${randomUUID().slice(0, 8)}@elsewhere.accord.test`;
    const message = await visitorMessage({ p_email: `attacker,${victim}` });
    const seen = await mailIds(victim);
    const answer = await call(admin, { messageId: message.id, body: 'Private answer.', requestId: randomUUID() });
    // Kept, and marked failed with a clear reason; the victim receives nothing.
    expect(answer).toMatchObject({ status: 502, body: { error: 'email_failed', delivery: 'failed' } });
    expect(answer.body.message).toMatch(/is not an address Accord can write to/);
    expect(await answersOf(message.id)).toMatchObject([{ body: 'Private answer.', delivery: 'failed' }]);
    await expect(nextMail(victim, seen, 1500)).rejects.toThrow(/No new mail/);

    // Sending it again fails the same way, and still reaches nobody.
    const again = await call(admin, { answerId: answer.body.answerId });
    expect(again).toMatchObject({ status: 502, body: { delivery: 'failed' } });
    expect(await answersOf(message.id)).toMatchObject([{ delivery: 'failed', delivery_attempts: 2 }]);
    await expect(nextMail(victim, seen, 500)).rejects.toThrow(/No new mail/);
  });
});
