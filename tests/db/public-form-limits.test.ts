import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectOk } from '../support/db-fixtures.ts';
import { anonFrom, fetchFrom, freshClientAddress, VisitorTransaction } from '../support/client-address.ts';
import { sql } from '../support/users.ts';
import { stackConfig } from '../../supabase/local/config.ts';

/**
 * Attacks on the public forms' limits (issue 12, finding 6;
 * supabase/migrations/20261124000500_public-form-limits.sql). The per-address
 * limit alone let anyone flood the back office by inventing addresses; each
 * client network now has a limit of its own, and each form a ceiling for
 * everyone together. Each attack is refused with its own named error (HTTP 429)
 * and stores nothing.
 *
 * Distinct clients are simulated honestly: through the gateway from distinct
 * loopback addresses (the socket's address is the only one the gateway
 * believes), or in a rolled-back transaction that calls the RPC as PostgREST
 * does, with the header the gateway (and Cloudflare, on hosted Supabase) sets.
 */

const config = stackConfig('test');

const LIMITS = {
  investor: { perAddress: 3, perNetwork: 5, overall: 60 },
  contact: { perAddress: 5, perNetwork: 10, overall: 120 },
} as const;

const address = (label: string) => `${label}.${randomUUID().slice(0, 8)}@limits.accord.test`;

const investorArgs = (email: string) => ['Margit Lindqvist', email, 'Nordkap Ventures', 'venture_capital', null];
const investorRequest = (email: string) => ({
  p_name: 'Margit Lindqvist',
  p_email: email,
  p_organization: 'Nordkap Ventures',
  p_investor_kind: 'venture_capital',
});
const contactArgs = (email: string) => ['Fiona Gallagher', email, 'membership', 'May a college join?', null];
const contactMessage = (email: string) => ({
  p_name: 'Fiona Gallagher',
  p_email: email,
  p_topic: 'membership',
  p_message: 'May a college join?',
});

/** Rows stored for any of `emails`, in the request or message table. */
async function storedFor(table: 'investor_access_requests' | 'contact_messages', emails: string[]): Promise<number> {
  const [{ n }] = await sql<{ n: string }>(`select count(*) as n from public.${table} where lower(email::text) = any($1)`, [
    emails.map((e) => e.toLowerCase()),
  ]);
  return Number(n);
}

/** What PostgREST's caller sees of a refusal raised inside the RPC. */
async function refusal(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected the call to be refused');
}

describe('one client rotating e-mail addresses', () => {
  it('is refused investor requests after 5 an hour from its network, with too_many_requests_from_network, and nothing more is stored', async () => {
    const visitor = anonFrom(freshClientAddress());
    const emails = Array.from({ length: LIMITS.investor.perNetwork + 2 }, (_, i) => address(`rotating-${i}`));
    for (const email of emails.slice(0, LIMITS.investor.perNetwork)) {
      expectOk(await visitor.rpc('request_investor_access', investorRequest(email)));
    }
    for (const email of emails.slice(LIMITS.investor.perNetwork)) {
      const refused = await visitor.rpc('request_investor_access', investorRequest(email));
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({ code: 'PT429', message: 'too_many_requests_from_network' });
      expect(refused.data).toBeNull();
    }
    expect(await storedFor('investor_access_requests', emails)).toBe(LIMITS.investor.perNetwork);
  });

  it('is refused contact messages after 10 an hour from its network; the two forms count apart', async () => {
    const from = freshClientAddress();
    const visitor = anonFrom(from);
    const emails = Array.from({ length: LIMITS.contact.perNetwork + 1 }, (_, i) => address(`rotating-contact-${i}`));
    for (const email of emails.slice(0, LIMITS.contact.perNetwork)) {
      expectOk(await visitor.rpc('send_contact_message', contactMessage(email)));
    }
    const refused = await visitor.rpc('send_contact_message', contactMessage(emails[LIMITS.contact.perNetwork]));
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: 'PT429', message: 'too_many_requests_from_network' });
    expect(await storedFor('contact_messages', emails)).toBe(LIMITS.contact.perNetwork);
    expectOk(await visitor.rpc('request_investor_access', investorRequest(address('other-form'))));
  });

  it('cannot choose its network with X-Forwarded-For, CF-Connecting-IP or X-Real-IP: the gateway believes only the socket', async () => {
    const from = freshClientAddress();
    const send = fetchFrom(from);
    const emails = Array.from({ length: LIMITS.investor.perNetwork + 1 }, (_, i) => address(`forged-${i}`));
    const statuses: number[] = [];
    const names: string[] = [];
    for (const [i, email] of emails.entries()) {
      const response = await send(`${config.apiUrl}/rest/v1/rpc/request_investor_access`, {
        method: 'POST',
        headers: {
          apikey: config.keys.anonKey,
          'content-type': 'application/json',
          // A fresh client address in every header a proxy might be trusted for.
          'x-forwarded-for': `198.51.100.${i + 1}`,
          'cf-connecting-ip': `203.0.113.${i + 1}`,
          'x-real-ip': `192.0.2.${i + 1}`,
          'true-client-ip': `2001:db8:${i + 1}::1`,
        },
        body: JSON.stringify(investorRequest(email)),
      });
      statuses.push(response.status);
      names.push(((await response.json()) as { message?: string }).message ?? '');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(names.at(-1)).toBe('too_many_requests_from_network');
    expect(await storedFor('investor_access_requests', emails)).toBe(LIMITS.investor.perNetwork);
    // Counted against the address the request really came from, and no other.
    const counted = await sql<{ network: string; n: number }>(
      `select client_network::text as network, count(*)::int as n from private.visitor_form_submissions
        where form = 'investor_access_requests' and client_network = $1::cidr group by 1`,
      [`${from}/32`],
    );
    expect(counted).toEqual([{ network: `${from}/32`, n: LIMITS.investor.perNetwork }]);
  });
});

/**
 * In a rolled-back transaction: five investor requests from `sameNetwork` are
 * accepted, a sixth from `alsoSameNetwork` is refused as too many from the
 * network, one from `nextNetwork` is accepted; the ledger then holds exactly
 * `networks` within `range`.
 */
async function expectOneNetwork(clients: { sameNetwork: string[]; alsoSameNetwork: string; nextNetwork: string }, range: string, networks: string[]) {
  const tx = await VisitorTransaction.open();
  const from = (ip: string) => tx.call('request_investor_access', investorArgs(address('network')), { 'cf-connecting-ip': ip });
  try {
    expect(clients.sameNetwork).toHaveLength(LIMITS.investor.perNetwork);
    for (const ip of clients.sameNetwork) await from(ip);
    expect(await refusal(from(clients.alsoSameNetwork))).toMatchObject({ code: 'PT429', message: 'too_many_requests_from_network' });
    await from(clients.nextNetwork);
    const counted = await tx.sql<{ network: string }>(
      'select distinct client_network::text as network from private.visitor_form_submissions where client_network <<= $1::cidr order by 1',
      [range],
    );
    expect(counted.map((r) => r.network)).toEqual(networks);
  } finally {
    await tx.rollback();
  }
}

describe('clients in one IPv6 /64', () => {
  it('count as one network; the next /64 is another', async () => {
    await expectOneNetwork(
      {
        sameNetwork: ['2001:db8:5:6::1', '2001:db8:5:6:ffff:ffff:ffff:ffff', '2001:db8:5:6::abcd', '2001:db8:5:6:1:2:3:4', '2001:DB8:5:6::7'],
        alsoSameNetwork: '2001:db8:5:6:8000::9',
        nextNetwork: '2001:db8:5:7::1',
      },
      '2001:db8::/32',
      ['2001:db8:5:6::/64', '2001:db8:5:7::/64'],
    );
  });

  it('an IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address, not one /64 shared by every IPv4 client', async () => {
    await expectOneNetwork(
      {
        sameNetwork: ['198.51.100.7', '::ffff:198.51.100.7', '198.51.100.7', '::FFFF:198.51.100.7', '198.51.100.7'],
        alsoSameNetwork: '::ffff:198.51.100.7',
        nextNetwork: '::ffff:198.51.100.8',
      },
      '198.51.100.0/24',
      ['198.51.100.7/32', '198.51.100.8/32'],
    );
  });
});

describe('callers without a usable client address', () => {
  it('share one bucket with the per-network limit (fail closed) instead of going unlimited or failing with a raw error', async () => {
    const committed = async () =>
      Number(
        (
          await sql<{ n: string }>(
            `select count(*) as n from private.visitor_form_submissions
              where form = 'investor_access_requests' and client_network is null and created_at > now() - interval '1 hour'`,
          )
        )[0].n,
      );
    const before = await committed();
    const tx = await VisitorTransaction.open();
    try {
      const nobody: (Record<string, string> | null)[] = [
        null,
        {},
        { 'cf-connecting-ip': 'not-an-address' },
        { 'cf-connecting-ip': '203.0.113.0/24' },
        { 'cf-connecting-ip': '203.0.113.5, 198.51.100.5' },
        { 'cf-connecting-ip': '' },
      ];
      let accepted = 0;
      for (const headers of nobody) {
        if (before + accepted < LIMITS.investor.perNetwork) {
          await tx.call('request_investor_access', investorArgs(address('nobody')), headers);
          accepted += 1;
        } else {
          expect(await refusal(tx.call('request_investor_access', investorArgs(address('nobody')), headers))).toMatchObject({
            code: 'PT429',
            message: 'too_many_requests_from_network',
          });
        }
      }
      expect(before + accepted).toBe(LIMITS.investor.perNetwork);
    } finally {
      await tx.rollback();
    }
    expect(await committed()).toBe(before);
  });
});

describe('many clients together', () => {
  it('hit the ceiling of 60 investor requests an hour, told to try later with too_many_requests_overall; contact messages are counted apart', async () => {
    const countRequests = async () =>
      Number(
        (
          await sql<{ n: string }>(
            `select count(*) as n from private.visitor_form_submissions
              where form = 'investor_access_requests' and created_at > now() - interval '1 hour'`,
          )
        )[0].n,
      );
    const before = await countRequests();
    expect(before).toBeLessThan(LIMITS.investor.overall);
    const tx = await VisitorTransaction.open();
    const emails: string[] = [];
    try {
      for (let i = before; i < LIMITS.investor.overall; i += 1) {
        const email = address('crowd');
        emails.push(email);
        await tx.call('request_investor_access', investorArgs(email), { 'cf-connecting-ip': `10.${Math.floor(i / 250)}.${i % 250}.9` });
      }
      const late = address('crowd-late');
      const refused = await refusal(tx.call('request_investor_access', investorArgs(late), { 'cf-connecting-ip': '192.0.2.200' }));
      expect(refused).toMatchObject({ code: 'PT429', message: 'too_many_requests_overall' });
      const [{ n }] = await tx.sql<{ n: string }>('select count(*) as n from public.investor_access_requests where email = $1', [late]);
      expect(Number(n)).toBe(0);
      // Refusals are not counted either: the ceiling is what was stored.
      const [{ total }] = await tx.sql<{ total: string }>(
        `select count(*) as total from private.visitor_form_submissions
          where form = 'investor_access_requests' and created_at > now() - interval '1 hour'`,
      );
      expect(Number(total)).toBe(LIMITS.investor.overall);
      await tx.call('send_contact_message', contactArgs(address('crowd-contact')), { 'cf-connecting-ip': '192.0.2.201' });
    } finally {
      await tx.rollback();
    }
    expect(await countRequests()).toBe(before);
    expect(await storedFor('investor_access_requests', emails)).toBe(0);
  });
});

describe('the per-address limit', () => {
  it('still holds when the address writes from a new network each time', async () => {
    const tx = await VisitorTransaction.open();
    try {
      const email = address('wandering');
      for (const ip of ['192.0.2.31', '192.0.2.32', '2001:db8:31::1']) {
        await tx.call('request_investor_access', investorArgs(email), { 'cf-connecting-ip': ip });
      }
      expect(await refusal(tx.call('request_investor_access', investorArgs(email), { 'cf-connecting-ip': '192.0.2.34' }))).toMatchObject({
        code: 'PT429',
        message: 'too_many_requests',
      });
    } finally {
      await tx.rollback();
    }
  });
});
