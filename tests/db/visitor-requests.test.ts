import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { anonFrom, freshClientAddress } from '../support/client-address.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Investor access requests and Contact Us messages
 * (supabase/migrations/20261122005200_visitor-requests.sql): visitors, signed in
 * or not, only submit, through RPCs that check every field and name each
 * problem; nobody but system administrators reads, changes or deletes what was
 * sent; one address cannot send more than a few per hour.
 *
 * Each visitor's submission comes from a loopback address of its own
 * (anonFrom), as different people's would, so the per-network limits
 * (public-form-limits.test.ts) never decide a test about something else.
 */

const config = stackConfig('test');
let admin: TestUser;
let investor: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [admin, investor, outsider] = await Promise.all([newUser('visitor-admin'), newUser('visitor-investor'), newUser('visitor-outsider')]);
  await makeSystemAdmin(admin);
});

/** A fresh address per test, so the hourly guard of one test never refuses another's. */
const address = (label: string) => `${label}.${randomUUID().slice(0, 8)}@visitors.accord.test`;

const investorRequest = (email: string, overrides: Record<string, string | null> = {}) => ({
  p_name: 'Margit Lindqvist',
  p_email: email,
  p_organization: 'Nordkap Ventures',
  p_investor_kind: 'venture_capital',
  p_message: 'We invest in trust infrastructure at seed and Series A.',
  ...overrides,
});

const contactMessage = (email: string, overrides: Record<string, string | null> = {}) => ({
  p_name: 'Fiona Gallagher',
  p_email: email,
  p_organization: 'Lakeside College',
  p_topic: 'membership',
  p_message: 'Can a college join if an outside provider runs its identity checks?',
  ...overrides,
});

const requestRow = async (id: string) =>
  (
    await sql<Record<string, unknown>>(
      'select name, email::text as email, organization, investor_kind::text, message, status::text, submitted_by, decided_by, decided_at from public.investor_access_requests where id = $1',
      [id],
    )
  )[0];

const messageRow = async (id: string) =>
  (
    await sql<Record<string, unknown>>(
      'select name, email::text as email, organization, topic::text, message, handled, submitted_by, handled_by, handled_at from public.contact_messages where id = $1',
      [id],
    )
  )[0];

const countFrom = async (table: 'investor_access_requests' | 'contact_messages', email: string) =>
  Number((await sql<{ n: string }>(`select count(*) as n from public.${table} where lower(email::text) = lower($1)`, [email]))[0].n);

/** The RPC's refusal: 22023, the error's name, and {field: code} in details. */
function expectFieldErrors(
  result: { data: unknown; error: { code?: string; message: string; details?: string | null } | null },
  name: string,
  fields: Record<string, string>,
) {
  expect(result.data).toBeNull();
  expect(result.error?.code).toBe('22023');
  expect(result.error?.message).toBe(name);
  expect(JSON.parse(result.error?.details ?? 'null')).toEqual(fields);
}

describe('request_investor_access', () => {
  it('a visitor without an account submits a request, stored trimmed as new for the back office', async () => {
    const email = address('anon-investor');
    const id = expectOk(
      await anonFrom().rpc('request_investor_access', investorRequest(`  ${email} `, { p_name: '  Margit Lindqvist ', p_message: '  ' })),
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await requestRow(id as string)).toEqual({
      name: 'Margit Lindqvist',
      email,
      organization: 'Nordkap Ventures',
      investor_kind: 'venture_capital',
      message: null,
      status: 'new',
      submitted_by: null,
      decided_by: null,
      decided_at: null,
    });
  });

  it('a signed-in person submits too, and the request remembers their account', async () => {
    const id = expectOk(await investor.client.rpc('request_investor_access', investorRequest(investor.email, { p_investor_kind: 'angel' })));
    expect(await requestRow(id as string)).toMatchObject({ email: investor.email, investor_kind: 'angel', submitted_by: investor.id });
  });

  it('accepts every kind of investor the form offers', async () => {
    const email = address('kinds');
    for (const kind of ['corporate', 'family_office', 'public_funder']) {
      expectOk(await anonFrom().rpc('request_investor_access', investorRequest(email, { p_investor_kind: kind })));
    }
    expect(await countFrom('investor_access_requests', email)).toBe(3);
  });

  it('names every missing field at once and stores nothing', async () => {
    const result = await anonFrom().rpc('request_investor_access', {
      p_name: ' ',
      p_email: '',
      p_organization: '',
      p_investor_kind: '',
    });
    expectFieldErrors(result, 'invalid_investor_access_request', {
      name: 'required',
      email: 'required',
      organization: 'required',
      investor_kind: 'required',
    });
    expect(result.status).toBe(400);
  });

  it('names malformed and over-long answers', async () => {
    const email = address('invalid-investor');
    expectFieldErrors(
      await anonFrom().rpc(
        'request_investor_access',
        investorRequest('margit@nordkap', {
          p_name: 'Margit\nLindqvist',
          p_organization: 'N'.repeat(201),
          p_investor_kind: 'crypto_whale',
          p_message: 'm'.repeat(2001),
        }),
      ),
      'invalid_investor_access_request',
      { name: 'invalid', email: 'invalid', organization: 'too_long', investor_kind: 'invalid', message: 'too_long' },
    );
    expectFieldErrors(
      await anonFrom().rpc('request_investor_access', investorRequest(`${'a'.repeat(250)}@x.example`, { p_name: 'n'.repeat(201) })),
      'invalid_investor_access_request',
      { name: 'too_long', email: 'too_long' },
    );
    // At the limits exactly is fine.
    expectOk(
      await anonFrom().rpc(
        'request_investor_access',
        investorRequest(email, { p_name: 'n'.repeat(200), p_organization: 'o'.repeat(200), p_message: 'm'.repeat(2000) }),
      ),
    );
    expect(await countFrom('investor_access_requests', email)).toBe(1);
    expect(await countFrom('investor_access_requests', 'margit@nordkap')).toBe(0);
  });
});

describe('send_contact_message', () => {
  it('a visitor without an account sends a message, stored unhandled; the organisation is optional', async () => {
    const email = address('anon-contact');
    const id = expectOk(await anonFrom().rpc('send_contact_message', contactMessage(email, { p_organization: ' ', p_topic: 'press' })));
    expect(await messageRow(id as string)).toEqual({
      name: 'Fiona Gallagher',
      email,
      organization: null,
      topic: 'press',
      message: 'Can a college join if an outside provider runs its identity checks?',
      handled: false,
      submitted_by: null,
      handled_by: null,
      handled_at: null,
    });
    const withoutOrganisation = contactMessage(email) as Record<string, string | null>;
    delete withoutOrganisation.p_organization;
    expectOk(await anonFrom().rpc('send_contact_message', withoutOrganisation));
  });

  it('a signed-in member sends one too, remembered with their account', async () => {
    const id = expectOk(await outsider.client.rpc('send_contact_message', contactMessage(outsider.email, { p_topic: 'support' })));
    expect(await messageRow(id as string)).toMatchObject({ email: outsider.email, topic: 'support', submitted_by: outsider.id });
  });

  it('names every missing or malformed field and stores nothing', async () => {
    expectFieldErrors(
      await anonFrom().rpc('send_contact_message', { p_name: '', p_email: ' ', p_topic: '', p_message: '\n\n' }),
      'invalid_contact_message',
      { name: 'required', email: 'required', topic: 'required', message: 'required' },
    );
    const email = address('invalid-contact');
    expectFieldErrors(
      await anonFrom().rpc(
        'send_contact_message',
        contactMessage('fiona at lakeside', {
          p_name: 'Fiona\tGallagher',
          p_organization: 'L'.repeat(201),
          p_topic: 'sales',
          p_message: 'm'.repeat(4001),
        }),
      ),
      'invalid_contact_message',
      { name: 'invalid', email: 'invalid', organization: 'too_long', topic: 'invalid', message: 'too_long' },
    );
    // A message may have line breaks; the single-line fields may not.
    expectOk(await anonFrom().rpc('send_contact_message', contactMessage(email, { p_message: 'Hello,\n\nA question about membership.' })));
    expect(await countFrom('contact_messages', email)).toBe(1);
  });
});

describe('nobody but system administrators reads what visitors sent', () => {
  let requestId: string;
  let messageId: string;

  beforeAll(async () => {
    requestId = expectOk(await investor.client.rpc('request_investor_access', investorRequest(address('read'), {}))) as string;
    messageId = expectOk(await investor.client.rpc('send_contact_message', contactMessage(address('read'), {}))) as string;
  });

  it('visitors are refused outright', async () => {
    expectDenied(await asAnon().from('investor_access_requests').select('id'));
    expectDenied(await asAnon().from('contact_messages').select('id'));
  });

  it('signed-in people who are not administrators see nothing, not even what they sent themselves', async () => {
    for (const user of [investor, outsider]) {
      expectNoRows(await user.client.from('investor_access_requests').select('id'));
      expectNoRows(await user.client.from('contact_messages').select('id'));
    }
  });

  it('system administrators read them, including the seeded ones', async () => {
    const requests = expectOk(await admin.client.from('investor_access_requests').select('id, name, status'));
    expect(requests.map((r) => r.id)).toContain(requestId);
    expect(requests.map((r) => r.name)).toEqual(expect.arrayContaining(['Margit Lindqvist', 'Dr. Aisha Rahman']));
    const messages = expectOk(await admin.client.from('contact_messages').select('id, topic'));
    expect(messages.map((m) => m.id)).toContain(messageId);
    expect(new Set(messages.map((m) => m.topic))).toEqual(new Set(['membership', 'partnership', 'press', 'privacy', 'support']));
  });
});

describe('nobody but system administrators changes or removes them', () => {
  let requestId: string;
  let messageId: string;

  beforeAll(async () => {
    requestId = expectOk(await anonFrom().rpc('request_investor_access', investorRequest(address('write'), {}))) as string;
    messageId = expectOk(await anonFrom().rpc('send_contact_message', contactMessage(address('write'), {}))) as string;
  });

  it('nobody inserts directly, not even an administrator: the RPCs are the only way in', async () => {
    const row = { name: 'Direct', email: address('direct'), organization: 'Direct Ltd', investor_kind: 'angel' };
    const message = { name: 'Direct', email: address('direct'), topic: 'other', message: 'Hello' };
    for (const client of [asAnon(), outsider.client, admin.client]) {
      expectDenied(await client.from('investor_access_requests').insert(row));
      expectDenied(await client.from('contact_messages').insert(message));
    }
  });

  it('visitors are refused; signed-in non-administrators change and delete nothing', async () => {
    expectDenied(await asAnon().from('investor_access_requests').update({ status: 'approved' }).eq('id', requestId));
    expectDenied(await asAnon().from('contact_messages').update({ handled: true }).eq('id', messageId));
    expectDenied(await asAnon().from('investor_access_requests').delete().eq('id', requestId));
    expectDenied(await asAnon().from('contact_messages').delete().eq('id', messageId));
    for (const user of [investor, outsider]) {
      expectNoRows(await user.client.from('investor_access_requests').update({ status: 'approved' }).eq('id', requestId).select('id'));
      expectNoRows(await user.client.from('contact_messages').update({ handled: true }).eq('id', messageId).select('id'));
      expectNoRows(await user.client.from('investor_access_requests').delete().eq('id', requestId).select('id'));
      expectNoRows(await user.client.from('contact_messages').delete().eq('id', messageId).select('id'));
    }
    expect(await requestRow(requestId)).toMatchObject({ status: 'new', decided_by: null });
    expect(await messageRow(messageId)).toMatchObject({ handled: false, handled_by: null });
  });

  it('what the visitor wrote stays as written, even for administrators', async () => {
    expectDenied(await admin.client.from('investor_access_requests').update({ name: 'Someone else' }).eq('id', requestId));
    expectDenied(await admin.client.from('contact_messages').update({ message: 'Rewritten' }).eq('id', messageId));
    expect(await requestRow(requestId)).toMatchObject({ name: 'Margit Lindqvist' });
  });

  it('an administrator decides a request, stamped with who and when; setting it back to new clears the stamp', async () => {
    expectOk(await admin.client.from('investor_access_requests').update({ status: 'approved' }).eq('id', requestId).select('id').single());
    const decided = await requestRow(requestId);
    expect(decided).toMatchObject({ status: 'approved', decided_by: admin.id });
    expect(Math.abs((decided.decided_at as Date).getTime() - Date.now())).toBeLessThan(60_000);
    expectOk(await admin.client.from('investor_access_requests').update({ status: 'new' }).eq('id', requestId).select('id').single());
    expect(await requestRow(requestId)).toMatchObject({ status: 'new', decided_by: null, decided_at: null });
  });

  it('an administrator marks a message handled, stamped with who and when', async () => {
    expectOk(await admin.client.from('contact_messages').update({ handled: true }).eq('id', messageId).select('id').single());
    const handled = await messageRow(messageId);
    expect(handled).toMatchObject({ handled: true, handled_by: admin.id });
    expect(handled.handled_at).toBeInstanceOf(Date);
  });

  it('an administrator deletes them', async () => {
    expectOk(await admin.client.from('investor_access_requests').delete().eq('id', requestId).select('id').single());
    expectOk(await admin.client.from('contact_messages').delete().eq('id', messageId).select('id').single());
    expect(await requestRow(requestId)).toBeUndefined();
    expect(await messageRow(messageId)).toBeUndefined();
  });
});

describe('the abuse guard', () => {
  it('one address sends at most 3 investor requests an hour, however it is capitalised; others are unaffected', async () => {
    const email = address('guard-investor');
    for (const typed of [email, email.toUpperCase(), ` ${email}`]) {
      expectOk(await anonFrom().rpc('request_investor_access', investorRequest(typed)));
    }
    const refused = await anonFrom().rpc('request_investor_access', investorRequest(email.replace(/^./, (c) => c.toUpperCase())));
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: 'PT429', message: 'too_many_requests' });
    // Signing in does not lift it: the limit belongs to the address.
    expect((await outsider.client.rpc('request_investor_access', investorRequest(email))).error?.message).toBe('too_many_requests');
    expect(await countFrom('investor_access_requests', email)).toBe(3);
    expectOk(await anonFrom().rpc('request_investor_access', investorRequest(address('guard-other'))));
  });

  it('lets the address send again once its requests are more than an hour old', async () => {
    const email = address('guard-later');
    for (let i = 0; i < 3; i += 1) expectOk(await anonFrom().rpc('request_investor_access', investorRequest(email)));
    expect((await anonFrom().rpc('request_investor_access', investorRequest(email))).status).toBe(429);
    await sql(`update public.investor_access_requests set created_at = now() - interval '61 minutes' where lower(email::text) = lower($1)`, [email]);
    expectOk(await anonFrom().rpc('request_investor_access', investorRequest(email)));
  });

  it('one address sends at most 5 contact messages an hour', async () => {
    const email = address('guard-contact');
    for (let i = 0; i < 5; i += 1) expectOk(await anonFrom().rpc('send_contact_message', contactMessage(email)));
    const refused = await anonFrom().rpc('send_contact_message', contactMessage(email));
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe('too_many_requests');
    expect(await countFrom('contact_messages', email)).toBe(5);
    // The two forms count separately.
    expectOk(await anonFrom().rpc('request_investor_access', investorRequest(email)));
  });

  it('six at once from one address: three are stored, three refused', async () => {
    const email = address('guard-race');
    const results = await Promise.all(Array.from({ length: 6 }, () => anonFrom().rpc('request_investor_access', investorRequest(email))));
    expect(results.filter((r) => r.error === null)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
    expect(await countFrom('investor_access_requests', email)).toBe(3);
  });

  it('makes a second submission wait for one still in flight, so both cannot count the same hour as empty', async () => {
    // Two visitors' transactions, held open by hand: the first has sent three
    // requests and not committed yet when the second arrives.
    const email = address('guard-in-flight');
    const [first, second] = [new pg.Client({ connectionString: config.dbUrl }), new pg.Client({ connectionString: config.dbUrl })];
    await Promise.all([first.connect(), second.connect()]);
    const call = 'select public.request_investor_access($1, $2, $3, $4)';
    const args = ['Margit Lindqvist', email, 'Nordkap Ventures', 'angel'];
    try {
      // As PostgREST calls it: the visitor's role and the headers the gateway forwarded.
      const headers = JSON.stringify({ 'cf-connecting-ip': freshClientAddress() });
      await first.query('begin');
      await first.query("select set_config('role', 'anon', true), set_config('request.headers', $1, true)", [headers]);
      for (let i = 0; i < 3; i += 1) await first.query(call, args);
      const [{ pid }] = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      await second.query("select set_config('role', 'anon', false), set_config('request.headers', $1, false)", [headers]);
      let settled = false;
      const late = second.query(call, args).then(
        () => 'stored',
        (error: { message: string }) => error.message,
      ).finally(() => {
        settled = true;
      });
      // The second submission is seen waiting on a lock the first holds, not merely slow.
      await expect
        .poll(async () => (await sql<{ waiting: string | null }>('select wait_event_type as waiting from pg_stat_activity where pid = $1', [pid]))[0]?.waiting)
        .toBe('Lock');
      expect(settled, 'the second submission must wait for the first to commit').toBe(false);
      await first.query('commit');
      expect(await late).toBe('too_many_requests');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    expect(await countFrom('investor_access_requests', email)).toBe(3);
  });

  it('refuses invalid input before counting, so mistakes do not use up the allowance', async () => {
    const email = address('guard-mistakes');
    for (let i = 0; i < 4; i += 1) {
      expect((await anonFrom().rpc('request_investor_access', investorRequest(email, { p_name: '' }))).error?.message).toBe(
        'invalid_investor_access_request',
      );
    }
    expectOk(await anonFrom().rpc('request_investor_access', investorRequest(email)));
  });
});
