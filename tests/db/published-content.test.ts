import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Published content (supabase/migrations/20261122005100_published-content.sql):
 * pricing plans, updates and ecosystem solutions. Visitors and members read
 * only what is published (an update also only once its date has come);
 * system administrators read everything and are the only ones who write;
 * the audit columns cannot be forged. And the seed gives the public pages
 * realistic content, with every solution's logo really in brand_assets.
 */
const config = stackConfig('test');

type Table = 'pricing_plans' | 'updates' | 'ecosystem_solutions';
type Row = Record<string, unknown>;

/** A valid row of each table, apart from its slug and publication. */
const REQUIRED: Record<Table, Row> = {
  pricing_plans: { name: 'Test plan', summary: 'A plan for the database tests.', support: 'E-mail, next business day' },
  updates: { title: 'Test update', summary: 'An update for the database tests.', body: 'Body of the test update.', category: 'network' },
  ecosystem_solutions: {
    name: 'Test solution',
    provider: 'Test Provider Ltd',
    category: 'integration',
    summary: 'A solution for the database tests.',
    description: 'What it does, at length.',
    website: 'https://test-solution.example',
  },
};
const TABLES = Object.keys(REQUIRED) as Table[];

const uniqueSlug = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** Inserts as the database superuser, as an operator or the seed would. */
async function insertRow(table: Table, values: Row): Promise<Row> {
  const columns = Object.keys(values);
  const [row] = await sql(
    `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(values),
  );
  return row!;
}

async function stored(table: Table, slug: string): Promise<Row | null> {
  return (await sql(`select * from public.${table} where slug = $1`, [slug]))[0] ?? null;
}

/** Rows this file made (uniqueSlug) are not the seed's. */
const fromSeed = <T extends { slug: string }>(rows: T[]) => rows.filter((row) => !/-[0-9a-f]{8}$/.test(row.slug));

const slugsOf = (rows: unknown) => (rows as { slug: string }[]).map((r) => r.slug).sort();

let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  [admin, member] = await Promise.all([newUser('content-admin'), newUser('content-member')]);
  await makeSystemAdmin(admin);
  await createOrganization(member, { status: 'approved', name: 'Content Test Clinic' });
});

describe.each(TABLES)('%s', (table) => {
  let published: string;
  let draft: string;

  beforeAll(async () => {
    published = uniqueSlug('published');
    draft = uniqueSlug('draft');
    await insertRow(table, { ...REQUIRED[table], slug: published, is_published: true });
    await insertRow(table, { ...REQUIRED[table], slug: draft, is_published: false });
  });

  const read = (client: ReturnType<typeof asAnon>) => client.from(table).select('slug').in('slug', [published, draft]);

  it('visitors read published rows only; drafts are invisible, even by slug', async () => {
    expect(slugsOf(expectOk(await read(asAnon())))).toEqual([published]);
    expectNoRows(await asAnon().from(table).select('slug').eq('slug', draft));
  });

  it('signed-in members read published rows only', async () => {
    expect(slugsOf(expectOk(await read(member.client)))).toEqual([published]);
    expectNoRows(await member.client.from(table).select('slug').eq('slug', draft));
  });

  it('system administrators read drafts too', async () => {
    expect(slugsOf(expectOk(await read(admin.client)))).toEqual([draft, published].sort());
  });

  it('visitors cannot add, change or remove anything', async () => {
    expectDenied(await asAnon().from(table).insert({ ...REQUIRED[table], slug: uniqueSlug('anon'), is_published: true }));
    expectDenied(await asAnon().from(table).update({ is_published: true }).eq('slug', draft));
    expectDenied(await asAnon().from(table).delete().eq('slug', published));
    expect(await stored(table, draft)).toMatchObject({ is_published: false });
    expect(await stored(table, published)).not.toBeNull();
  });

  // Plans (since /admin/pricing) and updates (since the news desk) take no direct writes at all: their RPCs are
  // tested in tests/db/pricing-admin.test.ts and tests/db/news-desk.test.ts.
  const writesDirectly = table !== 'pricing_plans' && table !== 'updates';

  it('members cannot add, publish, change or remove anything', async () => {
    const slug = uniqueSlug('member');
    expectDenied(await member.client.from(table).insert({ ...REQUIRED[table], slug, is_published: true }));
    expect(await stored(table, slug)).toBeNull();
    const refused = writesDirectly ? expectNoRows : expectDenied;
    refused(await member.client.from(table).update({ is_published: true }).eq('slug', draft).select());
    refused(await member.client.from(table).update({ summary: 'Defaced.' }).eq('slug', published).select());
    refused(await member.client.from(table).delete().eq('slug', published).select());
    expect(await stored(table, draft)).toMatchObject({ is_published: false });
    expect(await stored(table, published)).toMatchObject({ summary: REQUIRED[table].summary });
  });

  if (writesDirectly) it('system administrators add a draft, publish it (dated now), edit and remove it', async () => {
    const slug = uniqueSlug('admin');
    const added = expectOk(await admin.client.from(table).insert({ ...REQUIRED[table], slug }).select().single()) as Row;
    expect(added).toMatchObject({ slug, is_published: false, published_at: null });
    expectNoRows(await asAnon().from(table).select('slug').eq('slug', slug));

    const publishedRow = expectOk(await admin.client.from(table).update({ is_published: true }).eq('slug', slug).select().single()) as Row;
    expect(Math.abs(new Date(publishedRow.published_at as string).getTime() - Date.now())).toBeLessThan(60_000);
    expect(new Date(publishedRow.updated_at as string).getTime()).toBeGreaterThan(new Date(added.updated_at as string).getTime());
    expect(slugsOf(expectOk(await asAnon().from(table).select('slug').eq('slug', slug)))).toEqual([slug]);

    expectOk(await admin.client.from(table).update({ summary: 'Edited by the back office.' }).eq('slug', slug).select().single());
    expect(await stored(table, slug)).toMatchObject({ summary: 'Edited by the back office.' });

    expect(slugsOf(expectOk(await admin.client.from(table).delete().eq('slug', slug).select()))).toEqual([slug]);
    expect(await stored(table, slug)).toBeNull();
  });

  it('nobody forges the audit columns, not even a system administrator', async () => {
    expectDenied(await admin.client.from(table).update({ created_at: '2020-01-01T00:00:00Z' }).eq('slug', published));
    expectDenied(await admin.client.from(table).update({ updated_at: '2020-01-01T00:00:00Z' }).eq('slug', published));
    expectDenied(await admin.client.from(table).insert({ ...REQUIRED[table], slug: uniqueSlug('forged'), created_at: '2020-01-01T00:00:00Z' }));
  });

  if (writesDirectly) it('accepts only URL-safe slugs', async () => {
    for (const slug of ['Has Spaces', '../escape', 'trailing-', 'UPPER']) {
      const { error } = await admin.client.from(table).insert({ ...REQUIRED[table], slug });
      expect(error?.code, slug).toBe('23514');
    }
  });
});

describe('updates: scheduling', () => {
  it('an update published with a future date stays hidden from visitors and members until then', async () => {
    const slug = uniqueSlug('scheduled');
    await insertRow('updates', {
      ...REQUIRED.updates,
      slug,
      is_published: true,
      published_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    });
    expectNoRows(await asAnon().from('updates').select('slug').eq('slug', slug));
    expectNoRows(await member.client.from('updates').select('slug').eq('slug', slug));
    expect(slugsOf(expectOk(await admin.client.from('updates').select('slug').eq('slug', slug)))).toEqual([slug]);

    await sql(`update public.updates set published_at = now() - interval '1 minute' where slug = $1`, [slug]);
    expect(slugsOf(expectOk(await asAnon().from('updates').select('slug').eq('slug', slug)))).toEqual([slug]);
  });
});

describe('ecosystem_solutions: what a listing may point at', () => {
  it('refuses logo paths that could leave their folder or are not PNG or JPEG, and websites that are not http(s)', async () => {
    for (const logo_path of ['../ecosystem/x.png', 'ecosystem/../x.png', '/ecosystem/x.png', 'ecosystem/x.gif', 'ecosystem/x.svg']) {
      const { error } = await admin.client
        .from('ecosystem_solutions')
        .insert({ ...REQUIRED.ecosystem_solutions, slug: uniqueSlug('logo'), logo_path });
      expect(error?.code, logo_path).toBe('23514');
    }
    for (const website of ['javascript:alert(1)', 'ftp://files.example', 'not a url']) {
      const { error } = await admin.client
        .from('ecosystem_solutions')
        .insert({ ...REQUIRED.ecosystem_solutions, slug: uniqueSlug('site'), website });
      expect(error?.code, website).toBe('23514');
    }
  });
});

describe('seed: the content the public pages start with', () => {
  it('publishes at least three plans, priced in euros from small to large, with an enterprise plan on request', async () => {
    const plans = fromSeed(
      expectOk(
        await asAnon().from('pricing_plans').select('slug, name, price, included_verifications, features').order('sort_order'),
      ) as { slug: string; price: number | null; included_verifications: number | null; features: string[] }[],
    );
    expect(plans.length).toBeGreaterThanOrEqual(3);
    const priced = plans.filter((p) => p.price !== null);
    expect(priced.map((p) => p.price)).toEqual([...priced.map((p) => p.price)].sort((a, b) => a! - b!));
    expect(priced.every((p) => p.included_verifications !== null)).toBe(true);
    expect(plans.at(-1)).toMatchObject({ price: null });
    expect(plans.every((p) => p.features.length >= 3)).toBe(true);
  });

  it('publishes at least six full updates dated in 2026 before 22 November, and keeps its draft hidden', async () => {
    const updates = expectOk(await asAnon().from('updates').select('slug, body, category, published_at')) as {
      slug: string;
      body: string;
      category: string;
      published_at: string;
    }[];
    const seeded = fromSeed(updates);
    expect(seeded.length).toBeGreaterThanOrEqual(6);
    for (const update of seeded) {
      expect(update.body.length, update.slug).toBeGreaterThan(600);
      expect(update.published_at >= '2026-01-01' && update.published_at < '2026-11-22', update.slug).toBe(true);
    }
    expect(new Set(seeded.map((u) => u.category)).size).toBeGreaterThanOrEqual(4);
    const drafts = await sql<{ slug: string }>(`select slug from public.updates where not is_published and slug = 'membership-prices-2027'`);
    expect(drafts).toHaveLength(1);
    expect(seeded.map((u) => u.slug)).not.toContain('membership-prices-2027');
  });

  it('lists at least six solutions across the main categories, on reserved .example websites', async () => {
    const solutions = expectOk(await asAnon().from('ecosystem_solutions').select('slug, category, website, logo_path')) as {
      slug: string;
      category: string;
      website: string;
      logo_path: string | null;
    }[];
    const seeded = fromSeed(solutions);
    expect(seeded.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seeded.map((s) => s.category))).toEqual(
      new Set(['identity_verification', 'document_verification', 'digital_wallet', 'integration', 'trust_services']),
    );
    for (const solution of seeded) expect(new URL(solution.website).hostname, solution.slug).toMatch(/\.example$/);
    // One shows the neutral mark, so that state is always visible locally.
    expect(seeded.filter((s) => s.logo_path === null)).toHaveLength(1);
  });

  it('has every seeded logo in brand_assets, served publicly as a PNG within the bucket’s 1 MiB limit', async () => {
    const logos = await sql<{ logo_path: string; size: number | null; mimetype: string | null }>(
      `select s.logo_path, (o.metadata->>'size')::int as size, o.metadata->>'mimetype' as mimetype
         from public.ecosystem_solutions s
         left join storage.objects o on o.bucket_id = 'brand_assets' and o.name = s.logo_path
        where s.logo_path is not null`,
    );
    expect(logos.length).toBeGreaterThanOrEqual(5);
    for (const logo of logos) {
      expect(logo.mimetype, logo.logo_path).toBe('image/png');
      expect(logo.size, logo.logo_path).toBeGreaterThan(0);
      expect(logo.size!, logo.logo_path).toBeLessThanOrEqual(1024 * 1024);
      // As the browser loads it: the public URL, without an API key.
      const response = await fetch(`${config.apiUrl}/storage/v1/object/public/brand_assets/${logo.logo_path}`);
      expect(response.status, logo.logo_path).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
  });
});
