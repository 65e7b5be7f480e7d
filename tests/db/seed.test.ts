import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../supabase/local/demo-accounts.ts';
import { codeIn, mailIds, nextMail } from '../support/inbox.ts';
import { asAnon, asServiceRole, sql } from '../support/users.ts';

/** supabase/seed.sql: the demo accounts can sign in and the trust registry is not empty. */
const id = (n: number) => `5eed0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DEMO = {
  admin: { id: id(1), email: 'admin@accord.test' },
  member: { id: id(2), email: 'member@accord.test' },
  pending: { id: id(3), email: 'pending@accord.test' },
  investorLite: { id: id(4), email: 'investor.lite@accord.test' },
  investorDataRoom: { id: id(5), email: 'investor.dataroom@accord.test' },
  stakeholder: { id: id(6), email: 'stakeholder@accord.test' },
};

describe('seed: demo accounts', () => {
  it('are the accounts `npm start` advertises', () => {
    expect(Object.values(DEMO).map((d) => d.email).sort()).toEqual(DEMO_ACCOUNTS.map((d) => d.email).sort());
  });

  it('exist as confirmed e-mail accounts shaped as GoTrue expects, with an e-mail identity and a profile', async () => {
    // GoTrue scans the token columns into strings: null there breaks sign-in.
    const rows = await sql(
      `select u.id, u.email, u.aud, u.role, u.instance_id, u.email_confirmed_at is not null as confirmed,
              u.raw_app_meta_data, u.confirmation_token, u.recovery_token, u.email_change_token_new, u.email_change,
              i.provider, i.provider_id, i.identity_data, p.full_name is not null as named
         from auth.users u
         join auth.identities i on i.user_id = u.id
         join public.profiles p on p.id = u.id
        where u.id = any($1)`,
      [Object.values(DEMO).map((d) => d.id)],
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row).toMatchObject({
        aud: 'authenticated',
        role: 'authenticated',
        instance_id: '00000000-0000-0000-0000-000000000000',
        confirmed: true,
        raw_app_meta_data: { provider: 'email', providers: ['email'] },
        confirmation_token: expect.any(String),
        recovery_token: expect.any(String),
        email_change_token_new: expect.any(String),
        email_change: expect.any(String),
        provider: 'email',
        provider_id: row.id,
        identity_data: { sub: row.id, email: row.email, email_verified: true },
        named: true,
      });
    }
  });

  it('sign in by e-mail code through the auth service and get their own answers', async () => {
    const client = asAnon();
    const seen = await mailIds(DEMO.member.email);
    const sent = await client.auth.signInWithOtp({ email: DEMO.member.email, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const code = codeIn(await nextMail(DEMO.member.email, seen));
    const verified = await client.auth.verifyOtp({ email: DEMO.member.email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(DEMO.member.id);
    const { data, error } = await client.rpc('check_user_org_approval_status', { user_uuid: DEMO.member.id });
    expect(error).toBeNull();
    expect(data).toBe('approved');
  });

  it('hold the roles their names promise', async () => {
    const service = asServiceRole();
    const rpc = async (fn: string, userId: string) => (await service.rpc(fn, { user_uuid: userId })).data as unknown;

    expect(await rpc('is_user_admin', DEMO.admin.id)).toBe(true);
    expect(await rpc('is_user_admin', DEMO.member.id)).toBe(false);

    expect(await rpc('is_any_organization_admin', DEMO.member.id)).toBe(true);
    expect(await rpc('check_user_org_approval_status', DEMO.member.id)).toBe('approved');
    expect(await rpc('is_any_organization_admin', DEMO.pending.id)).toBe(true);
    expect(await rpc('check_user_org_approval_status', DEMO.pending.id)).toBe('pending');

    const levels = await sql('select user_id, level from public.investor_access order by level');
    expect(levels).toEqual(
      expect.arrayContaining([
        { user_id: DEMO.investorLite.id, level: 'lite' },
        { user_id: DEMO.investorDataRoom.id, level: 'data_room' },
      ]),
    );
    expect(await sql('select 1 from public.stakeholders where user_id = $1', [DEMO.stakeholder.id])).toHaveLength(1);
  });
});

describe('seed: trust registry', () => {
  const seeded = Array.from({ length: 10 }, (_, i) => id(101 + i));
  type Entry = {
    id: string;
    name: string;
    legal_name: string;
    registration_number: string;
    country: string;
    website: string;
    sector: string;
    size: string;
    description: string;
    status: string;
    member_since: string;
    status_history: { status: string; effective_from: string }[];
  };
  const entries = async () => {
    const { data, error } = await asAnon().rpc('registry_search');
    expect(error).toBeNull();
    return ((data ?? []) as Entry[]).filter((e) => seeded.includes(e.id));
  };

  it('a visitor finds the ten approved organisations through the registry API, with full public details', async () => {
    const orgs = await entries();
    expect(orgs).toHaveLength(10);
    for (const org of orgs) {
      expect(org.name).toBeTruthy();
      expect(org.legal_name).toBeTruthy();
      expect(org.registration_number).toBeTruthy();
      expect(org.country).toMatch(/^[A-Z]{2}$/);
      expect(org.website).toMatch(/^https:\/\/[a-z0-9.-]+\.example$/);
      expect(org.sector).toBeTruthy();
      expect(org.size).toBeTruthy();
      expect(org.description.length).toBeGreaterThan(40);
    }
    expect(new Set(orgs.map((o) => o.sector)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(orgs.map((o) => o.country)).size).toBeGreaterThanOrEqual(7);
  });

  it('has a past: members joined two weeks after applying, and three have a suspension or revocation on record', async () => {
    const orgs = await entries();
    for (const org of orgs) {
      const [created] = await sql<{ created_at: Date }>('select created_at from public.organizations where id = $1', [org.id]);
      const joined = new Date(org.member_since).getTime() - created.created_at.getTime();
      expect(Math.round(joined / 86_400_000)).toBe(14);
    }
    const byId = new Map(orgs.map((o) => [o.id, o]));
    expect(byId.get(id(105))?.status_history.map((h) => h.status)).toEqual(['active', 'suspended', 'active']);
    expect(byId.get(id(106))?.status_history.map((h) => h.status)).toEqual(['active', 'suspended', 'revoked']);
    expect(byId.get(id(108))?.status_history.map((h) => h.status)).toEqual(['active', 'suspended']);
    expect(orgs.map((o) => o.status).sort()).toEqual([...Array(8).fill('active'), 'revoked', 'suspended']);
  });

  it('the pending applicant’s organisation is not in the registry', async () => {
    const { data } = await asAnon().rpc('registry_by_id', { p_id: id(111) });
    expect(data).toEqual([]);
    expect(await sql('select 1 from public.organizations where id = $1', [id(111)])).toHaveLength(1);
  });
});

describe('seed: a conversation', () => {
  it('is open with three messages and unread for the network, and its answer notified Northwind without queuing a mail', async () => {
    const [conversation] = await sql<{ status: string; messages: number; admin_unread: boolean; member_unread: boolean }>(
      `select c.status,
              (select count(*)::int from public.conversation_messages m where m.conversation_id = c.id) as messages,
              c.last_message_at > (select r.last_read_at from public.conversation_reads r where r.conversation_id = c.id and r.user_id = $2) as admin_unread,
              c.last_message_at > (select r.last_read_at from public.conversation_reads r where r.conversation_id = c.id and r.user_id = $3) as member_unread
         from public.conversations c where c.id = $1`,
      [id(901), DEMO.admin.id, DEMO.member.id],
    );
    expect(conversation).toEqual({ status: 'open', messages: 3, admin_unread: true, member_unread: false });
    // The answer's notification is the member's, read, and its e-mail counted as sent: starting the stack mails nobody.
    const answers = await sql<{ read: boolean; unsent: boolean }>(
      `select n.read_at is not null as read, exists (select 1 from private.notification_emails e where e.notification_id = n.id and e.sent_at is null) as unsent
         from public.notifications n
        where n.user_id = $1 and n.kind = 'network_reply' and n.title = 'The network answered: A new school joining our trust in January'`,
      [DEMO.member.id],
    );
    expect(answers).toEqual([{ read: true, unsent: false }]);
  });
});
