import { beforeAll, describe, expect, it } from 'vitest';

import { getInvestorLevel } from '../../src/data/access/get-investor-level.ts';
import type { AccordClient } from '../../src/data/client.ts';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * Investor access granted from requests, with an expiry and the last visit,
 * and stakeholders invited by the back office (migration
 * 20261129000100_investor-access-grants.sql, decision 059): only system
 * administrators decide, an expired grant holds no level in the database nor
 * in the app's read, and every act is told once in network_activity.
 */
let admin: TestUser;
let member: TestUser;
let lite: TestUser;
let stakeholder: TestUser;

beforeAll(async () => {
  [admin, member, lite, stakeholder] = await Promise.all([
    newUser('grants-admin', { fullName: 'Grace Granter' }),
    newUser('grants-member'),
    newUser('grants-lite'),
    newUser('grants-stakeholder'),
  ]);
  await makeSystemAdmin(admin);
  const org = await createOrganization(null, { status: 'approved' });
  await addMember(org, member);
  await sql(`insert into public.investor_access (user_id, level) values ($1, 'lite')`, [lite.id]);
  await sql('insert into public.stakeholders (user_id, affiliation) values ($1, $2)', [stakeholder.id, 'Observer']);
});

/** A request as request_investor_access() stores it (inserted directly: the visitor forms' hourly limits are tested elsewhere). */
async function newRequest(email: string, name = 'Ada Investor'): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.investor_access_requests (name, email, organization, investor_kind, message)
     values ($1, $2, 'Lovelace Capital', 'angel', 'We would like to follow the network.') returning id`,
    [name, email],
  );
  return row.id;
}

/** What people did about `subject` (the fixtures' own SQL writes, with no actor, left out). */
const activityAbout = (subject: string) =>
  sql<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
    'select action, actor_id, details from public.network_activity where subject_user_id = $1 and actor_id is not null order by id',
    [subject],
  );
const activityOfRequest = (requestId: string) =>
  sql<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
    `select action, actor_id, details from public.network_activity where details ->> 'request_id' = $1 or details -> 'record' ->> 'id' = $1 order by id`,
    [requestId],
  );
const grantOf = (userId: string) =>
  sql<{ level: string; expires_at: Date | null; last_seen_at: Date | null; granted_by: string | null }>(
    'select level, expires_at, last_seen_at, granted_by from public.investor_access where user_id = $1',
    [userId],
  );
const requestRow = async (id: string) =>
  (
    await sql<{ status: string; decline_reason: string | null; decided_by: string | null }>(
      'select status, decline_reason, decided_by from public.investor_access_requests where id = $1',
      [id],
    )
  )[0];

const inAMonth = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

describe('who may decide', () => {
  const outsiders = () => [
    { label: 'a member', who: member },
    { label: 'a lite investor', who: lite },
    { label: 'a stakeholder', who: stakeholder },
  ];

  it('refuses every back-office RPC to a member, an investor and a stakeholder, and nothing changes', async () => {
    const target = await newUser('grants-target');
    await sql(`insert into public.investor_access (user_id, level) values ($1, 'lite')`, [target.id]);
    await sql('insert into public.stakeholders (user_id, affiliation) values ($1, $2)', [target.id, 'Before']);
    const requestEmail = uniqueEmail('grants-outsider-request');
    await newUser('grants-requester', { email: requestEmail });
    const requestId = await newRequest(requestEmail);
    const before = { grant: await grantOf(target.id), request: await requestRow(requestId) };
    const invitee = await newUser('grants-invitee');

    for (const { label, who } of outsiders()) {
      const calls = {
        grant: who.client.rpc('grant_investor_access_from_request', { p_request_id: requestId, p_level: 'data_room' }),
        decline: who.client.rpc('decline_investor_request', { p_request_id: requestId, p_reason: 'No' }),
        level: who.client.rpc('set_investor_level', { p_user_id: target.id, p_level: 'data_room' }),
        expiry: who.client.rpc('set_investor_access_expiry', { p_user_id: target.id, p_expires_at: inAMonth() }),
        revoke: who.client.rpc('revoke_investor_access', { p_user_id: target.id }),
        invite: who.client.rpc('invite_stakeholder', { p_email: invitee.email, p_affiliation: 'Me' }),
        affiliation: who.client.rpc('set_stakeholder_affiliation', { p_user_id: target.id, p_affiliation: 'After' }),
        unstake: who.client.rpc('revoke_stakeholder', { p_user_id: target.id }),
        requests: who.client.rpc('admin_investor_requests', {}),
        investors: who.client.rpc('admin_investors', {}),
        stakeholders: who.client.rpc('admin_stakeholders', {}),
      };
      for (const [name, call] of Object.entries(calls)) {
        const { error } = await call;
        expect(error?.code, `${label}: ${name}`).toBe('42501');
        expect(error?.message, `${label}: ${name}`).toMatch(/^Only system administrators may /);
      }
    }
    // A visitor has no execute at all.
    const { error } = await asAnon().rpc('revoke_investor_access', { p_user_id: target.id });
    expect(error).not.toBeNull();

    expect(await grantOf(target.id)).toEqual(before.grant);
    expect(await requestRow(requestId)).toEqual(before.request);
    expect(await sql('select affiliation from public.stakeholders where user_id = $1', [target.id])).toEqual([{ affiliation: 'Before' }]);
    expect(await sql('select 1 from public.stakeholders where user_id = $1', [invitee.id])).toEqual([]);
    expect(await activityAbout(target.id)).toEqual([]);
    expect(await activityAbout(invitee.id)).toEqual([]);
  });

  it('an investor cannot stretch their own grant by writing the table: expires_at is not theirs to write', async () => {
    const { error } = await lite.client.from('investor_access').update({ expires_at: null }).eq('user_id', lite.id);
    expect(error?.code).toBe('42501');
  });
});

describe('granting from a request', () => {
  it('answers account_needed for an address without an account, after checking the caller, and writes nothing', async () => {
    const email = uniqueEmail('grants-no-account');
    const requestId = await newRequest(email);
    const { error } = await admin.client.rpc('grant_investor_access_from_request', { p_request_id: requestId, p_level: 'lite' });
    expect(error?.message).toBe('account_needed');
    expect((await requestRow(requestId)).status).toBe('new');
    expect(await activityOfRequest(requestId)).toEqual([]);
  });

  it('grants the level with an expiry, approves the request and records one entry', async () => {
    const investor = await newUser('grants-new-investor');
    const requestId = await newRequest(investor.email.toUpperCase());
    const expires = inAMonth();
    const [row] = expectOk(
      await admin.client.rpc('grant_investor_access_from_request', { p_request_id: requestId, p_level: 'lite', p_expires_at: expires }),
    ) as { user_id: string; email: string; level: string }[];
    expect(row).toMatchObject({ user_id: investor.id, level: 'lite' });

    const [grant] = await grantOf(investor.id);
    expect(grant).toMatchObject({ level: 'lite', granted_by: admin.id });
    expect(grant.expires_at?.toISOString()).toBe(expires);
    expect(await requestRow(requestId)).toMatchObject({ status: 'approved', decided_by: admin.id });

    const entries = await activityAbout(investor.id);
    expect(entries.map((e) => e.action)).toEqual(['investor_access.granted']);
    expect(entries[0]).toMatchObject({ actor_id: admin.id, details: { request_id: requestId, level: 'lite' } });
    // The request's own audit entry is not written twice.
    expect((await activityOfRequest(requestId)).map((e) => e.action)).toEqual(['investor_access.granted']);

    expect(await getInvestorLevel(investor.client as AccordClient, investor.id)).toBe('lite');
    const { data } = await investor.client.rpc('has_investor_level', { required: 'lite' });
    expect(data).toBe(true);
  });

  it('refuses an expiry in the past and a request already decided', async () => {
    const investor = await newUser('grants-past');
    const requestId = await newRequest(investor.email);
    const past = await admin.client.rpc('grant_investor_access_from_request', {
      p_request_id: requestId,
      p_level: 'lite',
      p_expires_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.error?.message).toBe('expiry_in_past');
    expect(await grantOf(investor.id)).toEqual([]);

    expectOk(await admin.client.rpc('grant_investor_access_from_request', { p_request_id: requestId, p_level: 'lite' }));
    const again = await admin.client.rpc('decline_investor_request', { p_request_id: requestId, p_reason: 'Changed my mind' });
    expect(again.error?.message).toBe('request_already_decided');
    expect((await requestRow(requestId)).status).toBe('approved');
  });
});

describe('declining a request', () => {
  it('needs a reason, stores it, and records investor_request.declined once', async () => {
    const email = uniqueEmail('grants-declined');
    const requestId = await newRequest(email, 'Grace Declined');
    const empty = await admin.client.rpc('decline_investor_request', { p_request_id: requestId, p_reason: '   ' });
    expect(empty.error?.message).toBe('reason_required');
    expect((await requestRow(requestId)).status).toBe('new');

    const [mail] = expectOk(
      await admin.client.rpc('decline_investor_request', { p_request_id: requestId, p_reason: ' We only admit institutional investors. ' }),
    ) as { email: string; name: string; reason: string }[];
    expect(mail).toMatchObject({ email, name: 'Grace Declined', reason: 'We only admit institutional investors.' });
    expect(await requestRow(requestId)).toMatchObject({ status: 'declined', decline_reason: 'We only admit institutional investors.', decided_by: admin.id });
    const entries = await activityOfRequest(requestId);
    expect(entries.map((e) => e.action)).toEqual(['investor_request.declined']);
    expect(entries[0].details).toMatchObject({ reason: 'We only admit institutional investors.' });
  });
});

describe('expiry', () => {
  it('an expired grant holds no level: not in has_investor_level, not in the app\'s read, not in the own-row read', async () => {
    const investor = await newUser('grants-expired');
    await sql(`insert into public.investor_access (user_id, level, expires_at) values ($1, 'data_room', now() - interval '1 second')`, [investor.id]);
    for (const required of ['lite', 'data_room']) {
      const { data, error } = await investor.client.rpc('has_investor_level', { required });
      expect(error).toBeNull();
      expect(data, required).toBe(false);
    }
    expect(await getInvestorLevel(investor.client as AccordClient, investor.id)).toBeNull();
    // The visit is not recorded for a grant that has ended.
    expect((await investor.client.rpc('record_investor_visit')).error).toBeNull();
    expect((await grantOf(investor.id))[0].last_seen_at).toBeNull();

    // Extending it brings it back, and is recorded.
    expect((await admin.client.rpc('set_investor_access_expiry', { p_user_id: investor.id, p_expires_at: inAMonth() })).error).toBeNull();
    expect(await getInvestorLevel(investor.client as AccordClient, investor.id)).toBe('data_room');
    const { data } = await investor.client.rpc('has_investor_level', { required: 'lite' });
    expect(data).toBe(true);
    expect((await activityAbout(investor.id)).map((e) => e.action)).toEqual(['investor_access.expiry_changed']);
  });

  it('refuses an expiry in the past and clears it with null', async () => {
    const investor = await newUser('grants-expiry');
    await sql(`insert into public.investor_access (user_id, level, expires_at) values ($1, 'lite', now() + interval '1 day')`, [investor.id]);
    const past = await admin.client.rpc('set_investor_access_expiry', { p_user_id: investor.id, p_expires_at: '2020-01-01T00:00:00Z' });
    expect(past.error?.message).toBe('expiry_in_past');
    expect((await grantOf(investor.id))[0].expires_at).not.toBeNull();
    expect((await admin.client.rpc('set_investor_access_expiry', { p_user_id: investor.id, p_expires_at: null })).error).toBeNull();
    expect((await grantOf(investor.id))[0].expires_at).toBeNull();
  });
});

describe('changing and revoking', () => {
  it('changes the level, revokes, and records each act once', async () => {
    const investor = await newUser('grants-change');
    await sql(`insert into public.investor_access (user_id, level) values ($1, 'lite')`, [investor.id]);
    expect((await admin.client.rpc('set_investor_level', { p_user_id: investor.id, p_level: 'data_room' })).error).toBeNull();
    expect((await grantOf(investor.id))[0]).toMatchObject({ level: 'data_room', granted_by: admin.id });
    expect((await admin.client.rpc('revoke_investor_access', { p_user_id: investor.id })).error).toBeNull();
    expect(await grantOf(investor.id)).toEqual([]);
    const missing = await admin.client.rpc('revoke_investor_access', { p_user_id: investor.id });
    expect(missing.error?.message).toBe('investor_not_found');
    const entries = await activityAbout(investor.id);
    expect(entries.map((e) => e.action)).toEqual(['investor_access.level_changed', 'investor_access.revoked']);
    expect(entries[0].details).toMatchObject({ from: 'lite', to: 'data_room', subject_email: investor.email });
  });
});

describe('the visit', () => {
  it('stamps last_seen_at at most once a minute, without an activity entry', async () => {
    const investor = await newUser('grants-visit');
    await sql(`insert into public.investor_access (user_id, level) values ($1, 'lite')`, [investor.id]);
    expect((await investor.client.rpc('record_investor_visit')).error).toBeNull();
    const [first] = await grantOf(investor.id);
    expect(first.last_seen_at).not.toBeNull();
    expect((await investor.client.rpc('record_investor_visit')).error).toBeNull();
    expect((await grantOf(investor.id))[0].last_seen_at).toEqual(first.last_seen_at);
    expect(await activityAbout(investor.id)).toEqual([]);
    // The list shows it.
    const rows = expectOk(await admin.client.rpc('admin_investors', { p_limit: 100 })) as { user_id: string; last_seen_at: string }[];
    // The same instant the visit stamped, as the back office's "Last visit" column shows it.
    expect(new Date(rows.find((r) => r.user_id === investor.id)!.last_seen_at).getTime()).toBe(new Date(first.last_seen_at!).getTime());
  });
});

describe('stakeholders', () => {
  it('invites, edits the affiliation, revokes, and records each act once', async () => {
    const person = await newUser('grants-stake');
    const [invited] = expectOk(
      await admin.client.rpc('invite_stakeholder', { p_email: ` ${person.email.toUpperCase()} `, p_affiliation: ' Central bank ' }),
    ) as { user_id: string; affiliation: string }[];
    expect(invited).toMatchObject({ user_id: person.id, affiliation: 'Central bank' });
    const again = await admin.client.rpc('invite_stakeholder', { p_email: person.email });
    expect(again.error?.message).toBe('already_stakeholder');
    const tooLong = await admin.client.rpc('set_stakeholder_affiliation', { p_user_id: person.id, p_affiliation: 'x'.repeat(201) });
    expect(tooLong.error?.message).toBe('affiliation_too_long');
    expect((await admin.client.rpc('set_stakeholder_affiliation', { p_user_id: person.id, p_affiliation: 'Ministry' })).error).toBeNull();
    const listed = expectOk(await admin.client.rpc('admin_stakeholders', { p_limit: 100 })) as { user_id: string; affiliation: string }[];
    expect(listed.find((r) => r.user_id === person.id)?.affiliation).toBe('Ministry');
    expect((await admin.client.rpc('revoke_stakeholder', { p_user_id: person.id })).error).toBeNull();
    expect(await sql('select 1 from public.stakeholders where user_id = $1', [person.id])).toEqual([]);
    expect((await activityAbout(person.id)).map((e) => e.action)).toEqual([
      'stakeholder.invited',
      'stakeholder.affiliation_changed',
      'stakeholder.revoked',
    ]);
  });

  it('answers account_needed for an address without an account', async () => {
    const { error } = await admin.client.rpc('invite_stakeholder', { p_email: uniqueEmail('grants-stake-none') });
    expect(error?.message).toBe('account_needed');
  });
});

describe('who granted, invited or decided', () => {
  it('each back-office list names the administrator, with their address', async () => {
    const investor = await newUser('grants-named-investor');
    const requestId = await newRequest(investor.email);
    expectOk(await admin.client.rpc('grant_investor_access_from_request', { p_request_id: requestId, p_level: 'lite' }));
    const person = await newUser('grants-named-stake');
    expectOk(await admin.client.rpc('invite_stakeholder', { p_email: person.email }));
    const by = { name: 'Grace Granter', email: admin.email };

    type Named = { granted_by_name: string | null; granted_by_email: string | null };
    const investors = expectOk(await admin.client.rpc('admin_investors', { p_limit: 100 })) as (Named & { user_id: string })[];
    const grant = investors.find((r) => r.user_id === investor.id)!;
    expect({ name: grant.granted_by_name, email: grant.granted_by_email }).toEqual(by);
    const stakeholders = expectOk(await admin.client.rpc('admin_stakeholders', { p_limit: 100 })) as (Named & { user_id: string })[];
    const invite = stakeholders.find((r) => r.user_id === person.id)!;
    expect({ name: invite.granted_by_name, email: invite.granted_by_email }).toEqual(by);
    const requests = expectOk(await admin.client.rpc('admin_investor_requests', { p_status: 'approved', p_limit: 100 })) as {
      id: string;
      decided_by_name: string | null;
      decided_by_email: string | null;
    }[];
    const decided = requests.find((r) => r.id === requestId)!;
    expect({ name: decided.decided_by_name, email: decided.decided_by_email }).toEqual(by);
  });
});

describe('the requests list', () => {
  it('filters by status and pages on the server with a total', async () => {
    const email = uniqueEmail('grants-list');
    const requestId = await newRequest(email);
    const rows = expectOk(await admin.client.rpc('admin_investor_requests', { p_status: 'new', p_limit: 1, p_offset: 0 })) as {
      status: string;
      total_count: number;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('new');
    expect(rows[0].total_count).toBeGreaterThanOrEqual(1);
    const declined = expectOk(await admin.client.rpc('admin_investor_requests', { p_status: 'declined', p_limit: 100 })) as { id: string }[];
    expect(declined.some((r) => r.id === requestId)).toBe(false);
  });
});
