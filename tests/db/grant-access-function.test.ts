import { beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { authClient, follow } from '../support/auth-helpers.ts';
import { addMember, createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { callFunction } from '../support/edge-functions.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * The grant-access Edge Function on the real stack (gateway → Deno runtime →
 * function → PostgREST, auth service, mail catcher): only system
 * administrators grant, decline and invite (the database decides, as the
 * caller); an address without an account gets one only after the database
 * said yes; the mail's link signs them in and lands on their dashboard; a
 * decline mails the reason (decision 059).
 */
const config = stackConfig('test');

let admin: TestUser;
let member: TestUser;
let investor: TestUser;
let stakeholder: TestUser;

beforeAll(async () => {
  [admin, member, investor, stakeholder] = await Promise.all([
    newUser('fn-grant-admin'),
    newUser('fn-grant-member'),
    newUser('fn-grant-investor'),
    newUser('fn-grant-stakeholder'),
  ]);
  await makeSystemAdmin(admin);
  await addMember(await createOrganization(null, { status: 'approved' }), member);
  await sql(`insert into public.investor_access (user_id, level) values ($1, 'lite')`, [investor.id]);
  await sql('insert into public.stakeholders (user_id) values ($1)', [stakeholder.id]);
});

async function newRequest(email: string, name = 'Ada Investor'): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.investor_access_requests (name, email, organization, investor_kind) values ($1, $2, 'Lovelace Capital', 'angel') returning id`,
    [name, email],
  );
  return row.id;
}

const accountsWith = (email: string) => sql('select id from auth.users where lower(email) = lower($1)', [email]);
const requestStatus = async (id: string) =>
  (await sql<{ status: string }>('select status::text from public.investor_access_requests where id = $1', [id]))[0].status;

/** Follows the mail's link as the person's browser would; where it lands and who it signed in. */
async function openLink(link: string) {
  const landing = await follow(link);
  const fragment = new URLSearchParams(landing.hash.slice(1));
  const client = authClient();
  const set = await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
  expect(set.error).toBeNull();
  return { landing, client, user: set.data.user! };
}

describe('grant-access: who may decide', () => {
  it('refuses a member, an investor and a stakeholder: no account is created, no request decided, no mail sent', async () => {
    const email = uniqueEmail('fn-grant-refused');
    const requestId = await newRequest(email);
    const seen = await mailIds(email);
    for (const who of [member, investor, stakeholder]) {
      for (const body of [
        { action: 'grant', requestId, level: 'data_room' },
        { action: 'decline', requestId, reason: 'No' },
        { action: 'invite_stakeholder', email },
      ]) {
        expect(await callFunction('grant-access', who, body)).toEqual({
          status: 403,
          body: { error: 'not_allowed', message: 'Only system administrators grant access.' },
        });
      }
    }
    expect(await callFunction('grant-access', null, { action: 'invite_stakeholder', email })).toMatchObject({ status: 401 });
    expect(await accountsWith(email)).toEqual([]);
    expect(await requestStatus(requestId)).toBe('new');
    await expect(nextMail(email, seen, 1000)).rejects.toThrow(/No new mail/);
  });

  it('answers a malformed body, a past expiry and an empty reason in words', async () => {
    const requestId = await newRequest(uniqueEmail('fn-grant-bad'));
    expect(await callFunction('grant-access', admin, { action: 'promote' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await callFunction('grant-access', admin, { action: 'grant', requestId, level: 'gold' })).toMatchObject({
      status: 400,
      body: { error: 'level_required', message: 'Choose lite or data room.' },
    });
    expect(await callFunction('grant-access', admin, { action: 'grant', requestId, level: 'lite', expiresAt: '2020-01-01T00:00:00Z' })).toMatchObject({
      status: 400,
      body: { error: 'expiry_in_past', message: 'Choose an expiry date in the future, or none.' },
    });
    expect(await callFunction('grant-access', admin, { action: 'decline', requestId, reason: ' ' })).toMatchObject({
      status: 400,
      body: { error: 'reason_required' },
    });
    expect(await requestStatus(requestId)).toBe('new');
  });
});

describe('grant-access: the round trip through the inbox', () => {
  it('grants a new address: the account is created confirmed, the link signs them in and lands on /investor/dashboard', async () => {
    const email = uniqueEmail('fn-grant-new');
    const requestId = await newRequest(email, 'Grace New');
    const seen = await mailIds(email);
    const answer = await callFunction('grant-access', admin, { action: 'grant', requestId, level: 'lite' });
    expect(answer).toMatchObject({ status: 200, body: { action: 'grant', email, level: 'lite', expiresAt: null, accountCreated: true } });
    expect(await requestStatus(requestId)).toBe('approved');

    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Your access to the Accord investor area');
    expect(mail.text).toContain('Dear Grace New,');
    expect(mail.html).toContain('Open the investor dashboard');
    const { landing, client, user } = await openLink(linkIn(mail));
    expect(`${landing.origin}${landing.pathname}`).toBe(`${config.appUrl}/auth/callback`);
    expect(landing.searchParams.get('next')).toBe('/investor/dashboard');
    expect(user.id).toBe(answer.body.userId);
    expect((await client.rpc('has_investor_level', { required: 'lite' })).data).toBe(true);
    expect((await client.rpc('has_investor_level', { required: 'data_room' })).data).toBe(false);
  });

  it('declines with the reason, mailed to the requester', async () => {
    const email = uniqueEmail('fn-grant-declined');
    const requestId = await newRequest(email, 'Alan Declined');
    const seen = await mailIds(email);
    expect(await callFunction('grant-access', admin, { action: 'decline', requestId, reason: 'We admit funds only for now.' })).toMatchObject({
      status: 200,
      body: { action: 'decline', email },
    });
    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Your request for investor access to Accord');
    expect(mail.text).toContain('Dear Alan Declined,');
    expect(mail.text).toContain('We admit funds only for now.');
    expect(await accountsWith(email)).toEqual([]);
    expect(await callFunction('grant-access', admin, { action: 'grant', requestId, level: 'lite' })).toMatchObject({
      status: 409,
      body: { error: 'request_already_decided' },
    });
  });

  it('invites a stakeholder whose link lands on /stakeholder/dashboard; a second invitation is refused', async () => {
    const email = uniqueEmail('fn-grant-stake');
    const seen = await mailIds(email);
    const answer = await callFunction('grant-access', admin, { action: 'invite_stakeholder', email, affiliation: 'Central bank' });
    expect(answer).toMatchObject({ status: 200, body: { email, affiliation: 'Central bank', accountCreated: true } });
    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Your access to the Accord stakeholder dashboard');
    const { landing, user } = await openLink(linkIn(mail));
    expect(landing.searchParams.get('next')).toBe('/stakeholder/dashboard');
    expect(await sql('select affiliation from public.stakeholders where user_id = $1', [user.id])).toEqual([{ affiliation: 'Central bank' }]);
    expect(await callFunction('grant-access', admin, { action: 'invite_stakeholder', email })).toMatchObject({
      status: 409,
      body: { error: 'already_stakeholder' },
    });
  });
});
