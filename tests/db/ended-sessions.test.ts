import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { fetchEndingSessions } from '../../src/data/auth/ended-session.ts';
import { memoryStorage } from '../support/auth-helpers.ts';
import { createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { expectStorageError, pdfBytes, pngBytes, text } from '../support/storage-files.ts';
import { asAnon, asServiceRole, sql, uniqueEmail } from '../support/users.ts';

/**
 * Attack: keep an access token, let its session end (the person signs out on
 * this device or everywhere, an administrator bans or deletes them, the
 * session row is removed or runs past not_after), then keep using the token
 * until it expires. Everything that decides access must refuse it at once —
 * PostgREST (the pre-request check of 20261124000200_ended-sessions.sql),
 * Storage (the restrictive policy on storage.objects) and the auth service —
 * with an error the app can recognise, and change nothing; a fresh session of
 * the same person, the anon key and the service role keep working.
 */
const config = stackConfig('test');

const SESSION_GONE = 'Session from session_id claim in JWT does not exist';
const SESSION_EXPIRED = 'Session is no longer valid';

type RealtimeTransport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];
const realtime = { transport: ws as unknown as RealtimeTransport };
const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** A client that sends exactly `token`, as an attacker replaying a copied token would. */
function withToken(token: string): SupabaseClient {
  return createClient(config.apiUrl, config.keys.anonKey, {
    auth,
    realtime,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

interface Person {
  id: string;
  email: string;
  password: string;
  orgId: string;
  docPath: string;
}

/** A confirmed account that administers an organisation with one document in storage. */
async function person(label: string): Promise<Person> {
  const email = uniqueEmail(label);
  const password = randomBytes(18).toString('base64url');
  const created = await asServiceRole().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw created.error ?? new Error('no user');
  const id = created.data.user.id;
  const orgId = await createOrganization({ id }, { name: `Ended sessions ${label}` });
  const docPath = `${orgId}/evidence.pdf`;
  // Placed with the service role: once an organisation exists its members may add evidence only to answer a change request.
  const up = await asServiceRole().storage.from('application_documents').upload(docPath, pdfBytes(200, 'kept evidence'), {
    contentType: 'application/pdf',
  });
  expect(up.error).toBeNull();
  return { id, email, password, orgId, docPath };
}

/** A new session (a new device) for `who`; its client and access token. */
async function signIn(who: { email: string; password: string }) {
  const client = createClient(config.apiUrl, config.keys.anonKey, { auth, realtime });
  const signedIn = await client.auth.signInWithPassword(who);
  if (signedIn.error || !signedIn.data.session) throw signedIn.error ?? new Error('no session');
  return { client, token: signedIn.data.session.access_token };
}

const sessionIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { session_id: string }).session_id;

const fullName = async (id: string) =>
  (await sql<{ full_name: string | null }>('select full_name from public.profiles where id = $1', [id]))[0].full_name;

const objectCount = async (name: string, bucket = 'application_documents') =>
  (await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).length;

/** Every door the app uses, tried with a token whose session has ended: all refused, nothing changed. */
async function expectRefusedEverywhere(token: string, who: Person, message = SESSION_GONE): Promise<void> {
  const thief = withToken(token);
  const code = message === SESSION_GONE ? 'session_not_found' : 'session_expired';

  // REST: a select, an RPC and a write.
  const select = await thief.from('profiles').select('id').eq('id', who.id);
  expect(select.status).toBe(401);
  expect(select.error).toMatchObject({ code, message });
  expect(select.data).toBeNull();

  const rpc = await thief.rpc('is_user_admin', { user_uuid: who.id });
  expect(rpc.status).toBe(401);
  expect(rpc.error).toMatchObject({ code, message });

  const before = await fullName(who.id);
  const update = await thief.from('profiles').update({ full_name: 'Taken Over' }).eq('id', who.id);
  expect(update.status).toBe(401);
  expect(update.error).toMatchObject({ code, message });
  expect(await fullName(who.id)).toBe(before);

  // Storage: download, list, upload and remove.
  const docs = thief.storage.from('application_documents');
  expectStorageError(await docs.download(who.docPath), '403', message);
  expectStorageError(await docs.list(who.orgId), '403', message);
  // A logo: what an organisation admin may upload with a live session (evidence is only added to answer a change request).
  expectStorageError(
    await thief.storage.from('brand_assets').upload(`${who.orgId}/planted.png`, pngBytes(), { contentType: 'image/png' }),
    '403',
    message,
  );
  expect(await objectCount(`${who.orgId}/planted.png`, 'brand_assets')).toBe(0);
  const removed = await docs.remove([who.docPath]);
  expect(removed.error?.message ?? '').toBe(message);
  expect(await objectCount(who.docPath)).toBe(1);
}

/** The auth service refuses the token as GoTrue does. */
async function expectAuthRefuses(token: string): Promise<void> {
  const res = await fetch(`${config.apiUrl}/auth/v1/user`, {
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
  });
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ code: 'session_not_found', message: SESSION_GONE });
}

/** A fresh session of the same person is not affected by the old one's end. */
async function expectFreshSessionWorks(who: Person): Promise<void> {
  const { client } = await signIn(who);
  const select = await client.from('profiles').select('id').eq('id', who.id);
  expect(select.error).toBeNull();
  expect(select.data).toEqual([{ id: who.id }]);
  expect(await text((await client.storage.from('application_documents').download(who.docPath)).data)).toContain(
    'kept evidence',
  );
  expect((await client.auth.getUser()).error).toBeNull();
}

describe('a token whose session has ended', () => {
  let who: Person;
  beforeAll(async () => {
    who = await person('ended-session');
  });

  it('works while its session is live', async () => {
    const { token } = await signIn(who);
    const live = withToken(token);
    const select = await live.from('profiles').select('id').eq('id', who.id);
    expect(select.error).toBeNull();
    expect(select.data).toEqual([{ id: who.id }]);
    expect((await live.rpc('is_user_admin', { user_uuid: who.id })).error).toBeNull();
    expect(await text((await live.storage.from('application_documents').download(who.docPath)).data)).toContain(
      'kept evidence',
    );
    expect((await live.storage.from('application_documents').list(who.orgId)).data?.map((o) => o.name)).toContain(
      'evidence.pdf',
    );
  });

  it('is refused everywhere after sign-out on this device (scope local)', async () => {
    const { client, token } = await signIn(who);
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    await expectRefusedEverywhere(token, who);
    await expectAuthRefuses(token);
    await expectFreshSessionWorks(who);
  });

  it('is refused everywhere after "sign out everywhere" on another device (scope global)', async () => {
    const stolen = await signIn(who);
    const other = await signIn(who);
    expect((await other.client.auth.signOut({ scope: 'global' })).error).toBeNull();
    await expectRefusedEverywhere(stolen.token, who);
    await expectRefusedEverywhere(other.token, who);
    await expectAuthRefuses(stolen.token);
    await expectFreshSessionWorks(who);
  });

  it('is refused everywhere once the session row is removed by the database', async () => {
    const { token } = await signIn(who);
    await sql('delete from auth.sessions where id = $1', [sessionIdOf(token)]);
    await expectRefusedEverywhere(token, who);
    await expectAuthRefuses(token);
  });

  it('is refused once the session is past its not_after', async () => {
    const { token } = await signIn(who);
    await sql("update auth.sessions set not_after = now() - interval '1 second' where id = $1", [sessionIdOf(token)]);
    await expectRefusedEverywhere(token, who, SESSION_EXPIRED);
    await expectFreshSessionWorks(who);
  });
});

describe('an administrator ending someone’s access', () => {
  it('a ban through the auth admin API refuses the banned person’s tokens at once', async () => {
    const who = await person('banned');
    const { token } = await signIn(who);
    expect((await asServiceRole().auth.admin.updateUserById(who.id, { ban_duration: '24h' })).error).toBeNull();
    await expectRefusedEverywhere(token, who);
    await expectAuthRefuses(token);
  });

  it('a ban written straight to auth.users (as hosted GoTrue writes it) ends the person’s sessions too', async () => {
    const who = await person('banned-in-database');
    const { token } = await signIn(who);
    // Hosted GoTrue's ban only sets banned_until; it leaves the sessions in place.
    await sql("update auth.users set banned_until = now() + interval '1 day' where id = $1", [who.id]);
    expect(await sql('select 1 from auth.sessions where user_id = $1', [who.id])).toHaveLength(0);
    await expectRefusedEverywhere(token, who);
  });

  it('lifting a ban or setting one in the past leaves sessions alone', async () => {
    const who = await person('ban-lifted');
    const { token } = await signIn(who);
    await sql("update auth.users set banned_until = now() - interval '1 day' where id = $1", [who.id]);
    await sql('update auth.users set banned_until = null where id = $1', [who.id]);
    expect((await withToken(token).from('profiles').select('id').eq('id', who.id)).error).toBeNull();
  });

  it('deleting the account refuses its tokens', async () => {
    const who = await person('deleted');
    const { token } = await signIn(who);
    expect((await asServiceRole().auth.admin.deleteUser(who.id)).error).toBeNull();
    const thief = withToken(token);
    const select = await thief.from('profiles').select('id').eq('id', who.id);
    expect(select.status).toBe(401);
    expect(select.error).toMatchObject({ code: 'session_not_found', message: SESSION_GONE });
    expectStorageError(await thief.storage.from('application_documents').list(who.orgId), '403', SESSION_GONE);
  });
});

describe('what else decides with the token', () => {
  it('PostgREST takes the check from the authenticator role, where hosted Supabase keeps it too', async () => {
    const [row] = await sql<{ settings: string[] }>(
      `select s.setconfig as settings from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        where r.rolname = 'authenticator' and s.setdatabase = 0`,
    );
    expect(row.settings).toContain('pgrst.db_pre_request=private.check_request');
  });

  it('an Edge Function (invite-admin) refuses a system administrator’s signed-out token, and nothing is created', async () => {
    const who = await person('signed-out-admin');
    await makeSystemAdmin(who);
    const { client, token } = await signIn(who);
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    const email = uniqueEmail('invited-by-stolen-token');
    const res = await fetch(`${config.apiUrl}/functions/v1/invite-admin`, {
      method: 'POST',
      headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'not_authenticated', message: 'Sign in to invite administrators.' });
    expect(await sql('select 1 from public.admin_invitations where lower(email::text) = lower($1)', [email])).toHaveLength(0);
  });
});

describe('requests without a user session are unaffected', () => {
  it('the anon key still reads what visitors may read', async () => {
    const search = await asAnon().rpc('registry_search', { p_query: 'no-such-organisation' });
    expect(search.error).toBeNull();
    expect(search.status).toBe(200);
  });

  it('the service role still reads and lists everything', async () => {
    const who = await person('service-role-view');
    const select = await asServiceRole().from('profiles').select('id').eq('id', who.id);
    expect(select.error).toBeNull();
    expect(select.data).toEqual([{ id: who.id }]);
    const listed = await asServiceRole().storage.from('application_documents').list(who.orgId);
    expect(listed.data?.map((o) => o.name)).toEqual(['evidence.pdf']);
  });
});

describe('the app’s client when its session is ended elsewhere', () => {
  /** The app's client (src/data/client.ts) on Node: a stored session, and the fetch that notices ended sessions. */
  function appClient() {
    const client: SupabaseClient = createClient(config.apiUrl, config.keys.anonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage: memoryStorage() },
      realtime,
      global: { fetch: fetchEndingSessions(config.apiUrl, () => client.auth) },
    });
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    return { client, events };
  }

  it('a refused data request ends the session here: SIGNED_OUT, the app’s ordinary signed-out path', async () => {
    const who = await person('app-tab-rest');
    const { client, events } = appClient();
    expect((await client.auth.signInWithPassword(who)).error).toBeNull();

    const other = await signIn(who);
    expect((await other.client.auth.signOut({ scope: 'global' })).error).toBeNull();

    const refused = await client.from('profiles').select('id').eq('id', who.id);
    expect(refused.error).toMatchObject({ code: 'session_not_found', message: SESSION_GONE });
    await vi.waitFor(() => expect(events).toContain('SIGNED_OUT'));
    expect((await client.auth.getSession()).data.session).toBeNull();
  });

  it('so does a refused storage request (opening an application document)', async () => {
    const who = await person('app-tab-storage');
    const { client, events } = appClient();
    expect((await client.auth.signInWithPassword(who)).error).toBeNull();
    await sql('delete from auth.sessions where user_id = $1', [who.id]);

    expectStorageError(await client.storage.from('application_documents').download(who.docPath), '403', SESSION_GONE);
    await vi.waitFor(() => expect(events).toContain('SIGNED_OUT'));
    expect((await client.auth.getSession()).data.session).toBeNull();
  });
});
