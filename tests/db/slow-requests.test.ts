import { describe, expect, it } from 'vitest';
import { expectOk } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql } from '../support/users.ts';

/**
 * Issue 23, finding 4: anonymous requests held the database for seconds.
 * registry_by_domain with a 14 KB domain of 7,000 labels took 2–8 s, a
 * backreference regex on `updates.body` 17–33 s, and ten of them in parallel
 * took every connection of PostgREST's pool, so everyone else's requests
 * failed after 10 s (PGRST003). Now (20261201000400_statement-timeouts.sql,
 * decision 068) the API roles carry statement timeouts, which PostgREST 12
 * applies per request to the role it switches to, and the registry functions
 * refuse over-long input at the door with a named error.
 *
 * Each attack is the request itself, through the real PostgREST, and is
 * judged by its answer: 57014 is Postgres cancelling a statement at its
 * timeout, so it proves the timeout cut the request. Without the timeouts
 * these requests answer 200 after their full time (or the client gives up
 * below), so each test fails before the change.
 */

/** Postgres's query_canceled: the statement ran into statement_timeout. */
const STATEMENT_TIMEOUT = '57014';
/**
 * How long a test waits for an attack's answer before giving up on it: far
 * above the timeouts (1 s anon, 8 s signed in), far below what the requests
 * take without them (minutes for the two-group patterns).
 */
const GIVE_UP_MS = 25_000;

/** A backreference the regex engine must backtrack through on every row. */
const BACKREFERENCE = '(.*)\\1\\.';
/** The same with two groups: minutes on the seeded texts without a timeout. */
const TWO_BACKREFERENCES = '(.*)(.*)\\1\\2\\.';

async function timed<T>(request: PromiseLike<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await request;
  return { result, ms: performance.now() - started };
}

describe('statement timeouts on the API roles', () => {
  it('are set as hosted Supabase sets them, with anon lower and the backend’s service role higher', async () => {
    const rows = await sql<{ rolname: string; settings: string[] | null }>(
      `select rolname, rolconfig as settings from pg_roles where rolname in ('anon', 'authenticated', 'authenticator', 'service_role') order by rolname`,
    );
    const settings = Object.fromEntries(rows.map((r) => [r.rolname, r.settings ?? []]));
    expect(settings.anon).toContain('statement_timeout=1s');
    expect(settings.authenticated).toContain('statement_timeout=8s');
    expect(settings.authenticator).toEqual(expect.arrayContaining(['statement_timeout=8s', 'lock_timeout=8s']));
    // The trust list's publishing run reads 100,000 members (decision 081).
    expect(settings.service_role).toContain('statement_timeout=60s');
  });

  it('end a visitor’s regex filter on a news update’s body at the anon timeout, with 57014', async () => {
    const { result, ms } = await timed(
      asAnon().from('updates').select('id').filter('body', 'match', BACKREFERENCE).abortSignal(AbortSignal.timeout(GIVE_UP_MS)),
    );
    expect(result.error?.code).toBe(STATEMENT_TIMEOUT);
    expect(result.error?.message).toBe('canceling statement due to statement timeout');
    // 1 s and PostgREST's own work; unbounded, this request took 17–33 s.
    expect(ms).toBeLessThan(6_000);
  });

  it('end a visitor’s regex filter on an ecosystem solution’s description with 57014', async () => {
    // The issue's `(.*)\1\.` took 2.3–5 s here: close enough to the timeout that a
    // fast machine might finish it. Two groups take minutes on the same texts.
    const { result } = await timed(
      asAnon()
        .from('ecosystem_solutions')
        .select('id')
        .filter('description', 'match', TWO_BACKREFERENCES)
        .abortSignal(AbortSignal.timeout(GIVE_UP_MS)),
    );
    expect(result.error?.code).toBe(STATEMENT_TIMEOUT);
  });

  it('end a regex filter on what a registry function returns, which no column privilege could close', async () => {
    // PostgREST filters a set-returning function's rows like a table's: the
    // registry's descriptions are as open to `match` as any column.
    const { result } = await timed(
      asAnon()
        .rpc('registry_search', {})
        // PostgREST 12.0 filters a function's rows only on selected columns.
        .select('id,description')
        .filter('description', 'match', '(.*)(.*)(.*)(.*)\\1\\2\\3\\4\\.')
        .abortSignal(AbortSignal.timeout(GIVE_UP_MS)),
    );
    expect(result.error?.code).toBe(STATEMENT_TIMEOUT);
  });

  it('end a signed-in person’s regex filter at the authenticated timeout, with 57014', async () => {
    const reader = await newUser('slow-request reader');
    const { result, ms } = await timed(
      reader.client.from('updates').select('id').filter('body', 'match', TWO_BACKREFERENCES).abortSignal(AbortSignal.timeout(GIVE_UP_MS)),
    );
    expect(result.error?.code).toBe(STATEMENT_TIMEOUT);
    expect(ms).toBeLessThan(20_000);
  }, 40_000);

  it('keep the API answering others while ten slow requests run in parallel', async () => {
    // PostgREST's pool has 10 connections. Before, all ten were held for
    // minutes and this lookup failed after 10 s with PGRST003.
    const attacks = Array.from({ length: 10 }, () =>
      asAnon().from('updates').select('id').filter('body', 'match', BACKREFERENCE).abortSignal(AbortSignal.timeout(GIVE_UP_MS)),
    );
    const lookup = await timed(asAnon().rpc('registry_by_id', { p_id: '5eed0000-0000-4000-8000-000000000103' }));
    const answered = await Promise.all(attacks);
    expect(lookup.result.error).toBeNull();
    expect((lookup.result.data as { name: string }[]).map((r) => r.name)).toEqual(['Grachtenbank']);
    expect(lookup.ms).toBeLessThan(8_000);
    expect(answered.map((a) => a.error?.code)).toEqual(Array(10).fill(STATEMENT_TIMEOUT));
  }, 40_000);
});

describe('registry_by_domain refuses a domain no DNS name could be', () => {
  const labels = (count: number) => Array.from({ length: count }, () => 'a').join('.');

  it.each([
    ['the issue’s 14 KB domain of 7,000 labels', `${labels(7_000)}.com`],
    ['a host of 254 characters', `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(54)}.example`],
    ['a host of more than 127 labels', `${'.'.repeat(130)}grachtenbank.example`],
    ['an address longer than 2,048 characters', `https://www.grachtenbank.example/${'x'.repeat(2_048)}`],
  ])('with domain_too_long: %s', async (_case, domain) => {
    const { error } = await asAnon().rpc('registry_by_domain', { p_domain: domain });
    expect(error).toMatchObject({ code: '22023', message: 'domain_too_long' });
    expect(error?.details).toBe('A domain has at most 253 characters and 127 labels, and an address given for it at most 2,048 characters.');
  });

  it('for a signed-in person too', async () => {
    const member = await newUser('long-domain asker');
    const { error } = await member.client.rpc('registry_by_domain', { p_domain: `${labels(7_000)}.com` });
    expect(error).toMatchObject({ code: '22023', message: 'domain_too_long' });
  });

  it('and still answers at the limits: a 253-character host, a 2,048-character address', async () => {
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(53)}.example`;
    expect(longest).toHaveLength(253);
    expect(expectOk(await asAnon().rpc('registry_by_domain', { p_domain: longest }))).toEqual([]);
    const address = 'https://www.grachtenbank.example/';
    const padded = `${address}${'x'.repeat(2_048 - address.length)}`;
    const found = expectOk(await asAnon().rpc('registry_by_domain', { p_domain: padded })) as { name: string }[];
    expect(found.map((r) => r.name)).toEqual(['Grachtenbank']);
  });

  it('and its public-suffix check is linear in the host’s labels', async () => {
    // private.public_suffix built every suffix of the host (7,000 strings of up
    // to 14 KB here: 7.5 s); it now looks only as far as the longest rule.
    const started = performance.now();
    const [row] = await sql<{ suffix: string }>('select private.public_suffix($1) as suffix', [`${labels(7_000)}.co.uk`]);
    expect(row?.suffix).toBe('co.uk');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('registry_search refuses a search no name could match', () => {
  it.each([
    ['301 characters', 'a'.repeat(301)],
    ['1 MB', 'é'.repeat(1_000_000)],
  ])('with search_too_long: %s', async (_case, query) => {
    const { error } = await asAnon().rpc('registry_search', { p_query: query });
    expect(error).toMatchObject({ code: '22023', message: 'search_too_long' });
    expect(error?.details).toBe('Search for at most 300 characters: no name or legal name in the registry is longer.');
  });

  it('and answers a search of 300 characters', async () => {
    expect(expectOk(await asAnon().rpc('registry_search', { p_query: `  ${'a'.repeat(300)}  ` }))).toEqual([]);
  });
});

describe('normal registry calls', () => {
  it('answer as before', async () => {
    const names = async (fn: string, args: Record<string, unknown>) =>
      (expectOk(await asAnon().rpc(fn, args)) as { name: string }[]).map((r) => r.name);
    expect(await names('registry_by_domain', { p_domain: 'https://www.grachtenbank.example/contact' })).toEqual(['Grachtenbank']);
    expect(await names('registry_by_domain', { p_domain: 'verify.GRACHTENBANK.example.' })).toEqual(['Grachtenbank']);
    expect(await names('registry_by_domain', { p_domain: 'grachtenbank.example.evil.example' })).toEqual([]);
    expect(await names('registry_by_domain', { p_domain: 'co.uk' })).toEqual([]);
    expect(await names('registry_by_domain', { p_domain: null })).toEqual([]);
    expect(await names('registry_search', { p_query: ' LUMIERE ' })).toEqual(['Voyages Lumière']);
    expect(await names('registry_search', { p_query: 'lumiere', p_country: ' fr ' })).toEqual(['Voyages Lumière']);
    expect(await names('registry_search', { p_query: 'lumiere', p_country: 'Nederland' })).toEqual([]);
  });
});
