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
  it('a visitor sees at least eight approved organisations with full registry details', async () => {
    const { data, error } = await asAnon()
      .from('organizations')
      .select('id, name, legal_name, registration_number, country, website, sector, size, description')
      .in('id', Array.from({ length: 10 }, (_, i) => id(101 + i)));
    expect(error).toBeNull();
    const orgs = data ?? [];
    expect(orgs.length).toBeGreaterThanOrEqual(8);
    for (const org of orgs) {
      expect(org.name).toBeTruthy();
      expect(org.legal_name).toBeTruthy();
      expect(org.registration_number).toBeTruthy();
      expect(org.country).toMatch(/^[A-Z]{2}$/);
      expect(org.website).toMatch(/^https:\/\/[a-z0-9.-]+\.example$/);
      expect(org.sector).toBeTruthy();
      expect(org.size).toBeTruthy();
      expect((org.description as string).length).toBeGreaterThan(40);
    }
    expect(new Set(orgs.map((o) => o.sector)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(orgs.map((o) => o.country)).size).toBeGreaterThanOrEqual(7);
  });

  it('the pending applicant’s organisation is not in the registry', async () => {
    const { data } = await asAnon().from('organizations').select('id').eq('id', id(111));
    expect(data).toEqual([]);
    expect(await sql('select 1 from public.organizations where id = $1', [id(111)])).toHaveLength(1);
  });
});
