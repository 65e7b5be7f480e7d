import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The news desk (supabase/migrations/20261128000100_news-desk.sql): updates
 * are written, published, scheduled and withdrawn only through the admin_*
 * functions, by system administrators, and each act is in network_activity.
 * Drafts and scheduled updates never reach visitors or members, whatever they
 * ask PostgREST for.
 */
let admin: TestUser;
let member: TestUser;

const uniqueSlug = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

function fields(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    p_id: null as string | null,
    p_slug: slug,
    p_title: `News desk test ${slug}`,
    p_summary: 'An update written by the news desk tests.',
    p_body: '## A heading\n\nA paragraph with **bold** text.',
    p_category: 'network',
    p_published_at: null as string | null,
    ...overrides,
  };
}

async function stored(id: string) {
  return (await sql<{ slug: string; title: string; is_published: boolean; published_at: Date | null }>(
    'select slug, title, is_published, published_at from public.updates where id = $1',
    [id],
  ))[0] ?? null;
}

async function activity(id: string) {
  return sql<{ action: string; actor_id: string }>(
    `select action, actor_id from public.network_activity where details ->> 'update_id' = $1 order by id`,
    [id],
  );
}

async function draft(slug = uniqueSlug('draft')): Promise<string> {
  return expectOk(await admin.client.rpc('admin_save_update', fields(slug))) as string;
}

const visibleTo = async (client: ReturnType<typeof asAnon>, id: string) =>
  ((expectOk(await client.from('updates').select('id').eq('id', id)) as unknown[]).length === 1);

beforeAll(async () => {
  [admin, member] = await Promise.all([newUser('news-admin'), newUser('news-member')]);
  await makeSystemAdmin(admin);
  await createOrganization(member, { status: 'approved', name: `News Desk Clinic ${randomUUID().slice(0, 6)}` });
});

describe('writing updates', () => {
  it('a system administrator saves a draft: invisible to visitors and members, recorded as drafted', async () => {
    const id = await draft();
    expect(await stored(id)).toMatchObject({ is_published: false });
    expect(await visibleTo(asAnon(), id)).toBe(false);
    expect(await visibleTo(member.client, id)).toBe(false);
    expect(await visibleTo(admin.client, id)).toBe(true);
    expect(await activity(id)).toEqual([{ action: 'published_update.drafted', actor_id: admin.id }]);
  });

  it('publishing now shows the update to visitors at once and records it', async () => {
    const id = await draft();
    expectOk(await admin.client.rpc('admin_publish_update', { p_id: id, p_published_at: null }));
    expect(await visibleTo(asAnon(), id)).toBe(true);
    expect(await visibleTo(member.client, id)).toBe(true);
    expect((await activity(id)).map((a) => a.action)).toEqual(['published_update.drafted', 'published_update.published']);
  });

  it('a scheduled update stays hidden from visitors and members until its date comes', async () => {
    const id = await draft();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expectOk(await admin.client.rpc('admin_publish_update', { p_id: id, p_published_at: future }));
    expect(await stored(id)).toMatchObject({ is_published: true });
    expect(await visibleTo(asAnon(), id)).toBe(false);
    expect(await visibleTo(member.client, id)).toBe(false);
    expect(await visibleTo(admin.client, id)).toBe(true);
    expect((await activity(id)).map((a) => a.action)).toEqual(['published_update.drafted', 'published_update.scheduled']);

    // Time passing is the rule under test: move the date rather than wait an hour.
    await sql(`update public.updates set published_at = now() - interval '1 second' where id = $1`, [id]);
    expect(await visibleTo(asAnon(), id)).toBe(true);
  });

  it('unpublishing withdraws the update from visitors and records it; editing records the changed fields', async () => {
    const slug = uniqueSlug('edited');
    const id = await draft(slug);
    expectOk(await admin.client.rpc('admin_publish_update', { p_id: id, p_published_at: null }));
    expectOk(await admin.client.rpc('admin_save_update', fields(slug, { p_id: id, p_title: 'A better title' })));
    expect(await stored(id)).toMatchObject({ title: 'A better title', is_published: true });
    expect((await admin.client.rpc('admin_unpublish_update', { p_id: id })).error).toBeNull();
    expect(await visibleTo(asAnon(), id)).toBe(false);
    expect((await activity(id)).map((a) => a.action)).toEqual([
      'published_update.drafted',
      'published_update.published',
      'published_update.edited',
      'published_update.unpublished',
    ]);
    const [edited] = await sql<{ details: { changed: string[] } }>(
      `select details from public.network_activity where action = 'published_update.edited' and details ->> 'update_id' = $1`,
      [id],
    );
    expect(edited.details.changed).toEqual(['title']);
  });

  it('refuses a slug another update has, and a slug that is not URL-safe, with named errors', async () => {
    const taken = uniqueSlug('taken');
    await draft(taken);
    const duplicate = await admin.client.rpc('admin_save_update', fields(taken));
    expect(duplicate.error?.message).toBe('update_slug_taken');
    for (const slug of ['Has Spaces', '../escape', 'trailing-', 'UPPER', '']) {
      const { error } = await admin.client.rpc('admin_save_update', fields(slug));
      expect(error?.message, slug).toBe('update_slug_invalid');
    }
    const untitled = await admin.client.rpc('admin_save_update', fields(uniqueSlug('untitled'), { p_title: '  ' }));
    expect(untitled.error?.message).toBe('update_title_required');
  });

  it('deletes drafts only', async () => {
    const id = await draft();
    expectOk(await admin.client.rpc('admin_publish_update', { p_id: id, p_published_at: null }));
    expect((await admin.client.rpc('admin_delete_update', { p_id: id })).error?.message).toBe('update_published');
    expect((await admin.client.rpc('admin_unpublish_update', { p_id: id })).error).toBeNull();
    expect((await admin.client.rpc('admin_delete_update', { p_id: id })).error).toBeNull();
    expect(await stored(id)).toBeNull();
    expect((await activity(id)).at(-1)?.action).toBe('published_update.deleted');
  });
});

describe('attacks', () => {
  it('a member cannot draft, edit, publish, unpublish or delete an update through the functions', async () => {
    const slug = uniqueSlug('member');
    expectDenied(await member.client.rpc('admin_save_update', fields(slug)));
    expect(await sql('select 1 from public.updates where slug = $1', [slug])).toEqual([]);

    const id = await draft();
    expectDenied(await member.client.rpc('admin_publish_update', { p_id: id, p_published_at: null }));
    expectDenied(await member.client.rpc('admin_save_update', fields(uniqueSlug('x'), { p_id: id, p_title: 'Defaced' })));
    expectDenied(await member.client.rpc('admin_delete_update', { p_id: id }));
    expect(await stored(id)).toMatchObject({ is_published: false, title: expect.stringContaining('News desk test') });
    expect((await activity(id)).map((a) => a.action)).toEqual(['published_update.drafted']);
  });

  it('visitors cannot call the functions at all', async () => {
    const id = await draft();
    for (const [fn, args] of [
      ['admin_save_update', fields(uniqueSlug('anon'))],
      ['admin_publish_update', { p_id: id, p_published_at: null }],
      ['admin_unpublish_update', { p_id: id }],
      ['admin_delete_update', { p_id: id }],
    ] as const) {
      const { error } = await asAnon().rpc(fn, args);
      expect(error, fn).not.toBeNull();
    }
    expect(await stored(id)).toMatchObject({ is_published: false });
  });

  it('not even a system administrator writes the table directly, so no publication escapes the activity log', async () => {
    // Made as an operator would, so this attack reads the same before the functions existed.
    const [{ id }] = await sql<{ id: string }>(
      `insert into public.updates (slug, title, summary, body, category) values ($1, 'News desk test', 'S.', 'B.', 'network') returning id`,
      [uniqueSlug('direct-draft')],
    );
    const before = await activity(id);
    expectDenied(await admin.client.from('updates').update({ is_published: true, published_at: new Date().toISOString() }).eq('id', id));
    expectDenied(
      await admin.client
        .from('updates')
        .insert({ slug: uniqueSlug('direct'), title: 'Direct', summary: 'Direct.', body: 'Direct.', category: 'network', is_published: true }),
    );
    expectDenied(await admin.client.from('updates').delete().eq('id', id));
    expect(await stored(id)).toMatchObject({ is_published: false });
    expect(await activity(id)).toEqual(before);
  });

  it('a member cannot see a draft or a scheduled update by asking for it by slug', async () => {
    const slug = uniqueSlug('hidden');
    const id = await draft(slug);
    expectNoRows(await member.client.from('updates').select('id').eq('slug', slug));
    expectNoRows(await asAnon().from('updates').select('id').eq('slug', slug));
    expectOk(await admin.client.rpc('admin_publish_update', { p_id: id, p_published_at: new Date(Date.now() + 86_400_000).toISOString() }));
    expectNoRows(await member.client.from('updates').select('id,body').eq('slug', slug));
    expectNoRows(await asAnon().from('updates').select('id,body').eq('slug', slug));
  });
});
