import { randomUUID } from 'node:crypto';
import { getDomain, getPublicSuffix } from 'tldts';
import { describe, expect, it } from 'vitest';
import { hostsAroundRules, rulesForDatabase, tldtsVersion } from '../../scripts/lib/public-suffix-rules.ts';
import { expectOk } from '../support/db-fixtures.ts';
import { asAnon, sql } from '../support/users.ts';

/**
 * The Public Suffix List in Postgres (supabase/migrations/20261124000290_public-suffix-list.sql,
 * generated from the pinned tldts, and private.public_suffix() in
 * 20261124000300_registered-facts.sql): the database refuses websites on a
 * public suffix, and the registry never vouches for one.
 */

const options = { allowPrivateDomains: true } as const;

describe('the list in the database', () => {
  it('is exactly the pinned tldts’s list (after `npm install tldts@…`, regenerate the migration: scripts/generate-public-suffix-list.ts)', async () => {
    const rows = await sql<{ rule: string; section: string }>(
      `select case kind when 'wildcard' then '*.' || suffix when 'exception' then '!' || suffix else suffix end as rule, section
         from private.public_suffix_rules`,
    );
    const stored = rows.map((r) => `${r.rule} ${r.section}`).sort();
    const expected = rulesForDatabase().map((r) => `${r.rule} ${r.section}`).sort();
    expect(stored.length, `tldts ${tldtsVersion()}`).toBe(expected.length);
    expect(stored).toEqual(expected);
  });

  it('is not readable through the API', async () => {
    const result = await asAnon().rpc('public_suffix', { p_host: 'co.uk' });
    expect(result.error).not.toBeNull();
  });
});

describe('private.public_suffix and private.registrable_domain agree with tldts', () => {
  // Every 40th rule, with the hosts around it (the rule itself and one, two
  // and three labels under it), plus hand-picked ones: about a thousand.
  const sampled = hostsAroundRules(rulesForDatabase().filter((_, i) => i % 40 === 0));
  const picked = [
    'com',
    'example.com',
    'www.example.com',
    'co.uk',
    'bbc.co.uk',
    'news.bbc.co.uk',
    'uk',
    'github.io',
    'octocat.github.io',
    'a.b.octocat.github.io',
    'localhost',
    'foo.localhost',
    'example',
    'grachtenbank.example',
    'ck',
    'test.ck',
    'b.test.ck',
    'www.ck',
    'www.www.ck',
    'kawasaki.jp',
    'x.kawasaki.jp',
    'city.kawasaki.jp',
    'a.city.kawasaki.jp',
    'jp',
    'tokyo.jp',
    'shinjuku.tokyo.jp',
    'a.shinjuku.tokyo.jp',
    'compute.amazonaws.com',
    'x.compute.amazonaws.com',
    'y.x.compute.amazonaws.com',
    's3.amazonaws.com',
    'bucket.s3.amazonaws.com',
    'herokuapp.com',
    'app.herokuapp.com',
    'blogspot.com',
    'me.blogspot.com',
    'gov.uk',
    'service.gov.uk',
    'a.service.gov.uk',
    'xn--55qx5d.cn',
    'a.xn--55qx5d.cn',
    '公司.cn',
    'a.公司.cn',
    'b.a.公司.cn',
    '닷넷',
    'a.닷넷',
    'mil.no',
    'a.mil.no',
    'anybank.com',
    'verify.anybank.com',
    'not-a-tld-zzzz',
    'host.not-a-tld-zzzz',
  ];
  const hosts = [...new Set([...picked, ...sampled])];

  it(`on ${hosts.length} hosts`, async () => {
    expect(hosts.length).toBeGreaterThan(300);
    const rows = await sql<{ host: string; suffix: string | null; domain: string | null }>(
      'select h as host, private.public_suffix(h) as suffix, private.registrable_domain(h) as domain from unnest($1::text[]) as h',
      [hosts],
    );
    const ours = rows.map((r) => ({ host: r.host, suffix: r.suffix, domain: r.domain }));
    const theirs = hosts.map((host) => ({ host, suffix: getPublicSuffix(host, options), domain: getDomain(host, options) }));
    expect(ours).toEqual(theirs);
  });

  it('a host with an empty label has neither', async () => {
    const rows = await sql('select private.public_suffix(h) as s, private.registrable_domain(h) as d from unnest($1::text[]) as h', [
      ['', 'a..com', '.com', 'com.'],
    ]);
    expect(rows).toEqual(Array(4).fill({ s: null, d: null }));
  });
});

describe('websites on a public suffix or a single label', () => {
  const problems: [string, string | null][] = [
    ['https://com./', 'public_suffix'],
    ['https://co.uk', 'public_suffix'],
    ['https://CO.UK:443/about', 'public_suffix'],
    ['https://www.co.uk', 'public_suffix'],
    ['https://github.io/', 'public_suffix'],
    ['http://localhost./', 'public_suffix'],
    ['https://intranet./', 'public_suffix'],
    ['https://x.compute.amazonaws.com', 'public_suffix'],
    ['https://a..example.com', 'invalid'],
    ['https://192.0.2.10/', 'invalid'],
    ['https://anybank.com', null],
    ['https://www.bbc.co.uk/news', null],
    ['https://octocat.github.io', null],
    // The registry drops a leading www. (https://www.example.org is example.org), so www.ck is ck.
    ['https://www.ck', 'public_suffix'],
    ['https://www.www.ck', null],
    [null as unknown as string, null],
  ];

  it.each(problems)('%s → %s', async (website, problem) => {
    const [row] = await sql<{ problem: string | null }>('select private.website_problem($1) as problem', [website]);
    expect(row.problem).toBe(problem);
  });

  it('no path can store one: the database refuses it even in an operator’s SQL with the override', async () => {
    await expect(
      sql(`insert into public.organizations (name, website, created_by) values ('Suffix Holdings', 'https://co.uk', null)`),
    ).rejects.toThrow('website_public_suffix');
    const [org] = await sql<{ id: string }>(
      `insert into public.organizations (name, website, created_by) values ('Suffix Check ${randomUUID().slice(0, 6)}', null, null) returning id`,
    );
    await expect(
      sql(
        `set local accord.registered_facts_change = 'operator: test';
         update public.organizations set website = 'https://com./' where id = '${org.id}';`,
      ),
    ).rejects.toThrow('website_public_suffix');
    expect((await sql('select website from public.organizations where id = $1', [org.id]))[0]).toEqual({ website: null });
  });

  it('registry_by_domain never answers with a member stored on a public suffix (rows from before the check), nor for a public-suffix query', async () => {
    const org = { id: randomUUID() };
    // A row as it could have been stored before this migration: triggers (and so the check) are bypassed.
    await sql(
      `set local session_replication_role = replica;
       insert into public.organizations (id, name, website, created_by)
       values ('${org.id}', 'Legacy Suffix ${org.id.slice(0, 6)}', 'https://com./', null);`,
    );
    await sql(`insert into public.organization_applications (organization_id, status) values ($1, 'approved')`, [org.id]);
    const [entry] = expectOk(await asAnon().rpc('registry_by_id', { p_id: org.id })) as { website: string; domain: string | null; status: string }[];
    expect(entry).toMatchObject({ website: 'https://com./', domain: null, status: 'active' });
    for (const asked of ['anybank.com', 'https://www.anybank.com/login', 'com', 'com.', 'co.uk', 'www.co.uk', 'github.io']) {
      const rows = expectOk(await asAnon().rpc('registry_by_domain', { p_domain: asked })) as { id: string }[];
      expect(rows.map((r) => r.id), asked).not.toContain(org.id);
      if (asked !== 'anybank.com' && !asked.includes('anybank')) expect(rows, asked).toEqual([]);
    }
  });
});
