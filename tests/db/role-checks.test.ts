import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, makeSystemAdmin, setApplicationStatus, type ApplicationStatus } from '../support/db-fixtures.ts';
import { asAnon, asServiceRole, newUser, type TestUser } from '../support/users.ts';

/**
 * is_user_admin, is_any_organization_admin, check_user_org_approval_status:
 * each answers about the caller; about anyone else only for system
 * administrators (and the service role); visitors may not call them.
 */
type Check = 'is_user_admin' | 'is_any_organization_admin' | 'check_user_org_approval_status';
const CHECKS: Check[] = ['is_user_admin', 'is_any_organization_admin', 'check_user_org_approval_status'];

let admin: TestUser; // system administrator
let orgAdmin: TestUser; // created an organisation (pending)
let member: TestUser; // plain member of orgAdmin's organisation
let loner: TestUser; // in no organisation
let org: string;

beforeAll(async () => {
  [admin, orgAdmin, member, loner] = await Promise.all([
    newUser('admin'),
    newUser('org-admin'),
    newUser('member'),
    newUser('loner'),
  ]);
  await makeSystemAdmin(admin);
  org = await createOrganization(orgAdmin);
  await addMember(org, member);
});

const ask = (who: TestUser, check: Check, about: TestUser | string) =>
  who.client.rpc(check, { user_uuid: typeof about === 'string' ? about : about.id });

const answer = async (who: TestUser, check: Check, about: TestUser) => {
  const { data, error } = await ask(who, check, about);
  expect(error).toBeNull();
  return data as unknown;
};

describe('is_user_admin', () => {
  it('answers about the caller', async () => {
    expect(await answer(loner, 'is_user_admin', loner)).toBe(false);
    expect(await answer(admin, 'is_user_admin', admin)).toBe(true);
  });

  it('a system administrator may ask about anyone', async () => {
    expect(await answer(admin, 'is_user_admin', loner)).toBe(false);
    const other = await newUser('other-admin');
    await makeSystemAdmin(other);
    expect(await answer(admin, 'is_user_admin', other)).toBe(true);
  });
});

describe('is_any_organization_admin', () => {
  it('answers about the caller', async () => {
    expect(await answer(orgAdmin, 'is_any_organization_admin', orgAdmin)).toBe(true);
    expect(await answer(member, 'is_any_organization_admin', member)).toBe(false);
    expect(await answer(loner, 'is_any_organization_admin', loner)).toBe(false);
  });

  it('a system administrator may ask about anyone', async () => {
    expect(await answer(admin, 'is_any_organization_admin', orgAdmin)).toBe(true);
    expect(await answer(admin, 'is_any_organization_admin', member)).toBe(false);
  });
});

describe('check_user_org_approval_status', () => {
  it('is null when the caller has no organisation (onboarding needed)', async () => {
    expect(await answer(loner, 'check_user_org_approval_status', loner)).toBeNull();
  });

  it('is null when the organisation has no application', async () => {
    const founder = await newUser('no-application');
    await createOrganization(founder, { status: null });
    expect(await answer(founder, 'check_user_org_approval_status', founder)).toBeNull();
  });

  it.each<ApplicationStatus>(['pending', 'under_review', 'approved', 'rejected'])(
    'follows the organisation’s application for every member: %s',
    async (status) => {
      await setApplicationStatus(org, status);
      expect(await answer(orgAdmin, 'check_user_org_approval_status', orgAdmin)).toBe(status);
      expect(await answer(member, 'check_user_org_approval_status', member)).toBe(status);
    },
  );

  it('a system administrator may ask about anyone', async () => {
    await setApplicationStatus(org, 'approved');
    expect(await answer(admin, 'check_user_org_approval_status', member)).toBe('approved');
    expect(await answer(admin, 'check_user_org_approval_status', loner)).toBeNull();
  });
});

describe.each(CHECKS)('%s refusals', (check) => {
  it('a signed-in person asking about someone else is refused with insufficient_privilege', async () => {
    const { data, error } = await ask(member, check, orgAdmin);
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('You may only ask about your own account.');
  });

  it('an organisation admin cannot ask about their own members either', async () => {
    expect((await ask(orgAdmin, check, member)).error?.code).toBe('42501');
  });

  it('asking about a null or unknown id is refused too (no probing)', async () => {
    expect((await member.client.rpc(check, { user_uuid: null })).error?.code).toBe('42501');
    expect((await ask(member, check, '00000000-0000-4000-8000-000000000000')).error?.code).toBe('42501');
  });

  it('a visitor cannot call it', async () => {
    const { data, error } = await asAnon().rpc(check, { user_uuid: member.id });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });

  it('the service role (server code) may ask about anyone', async () => {
    const { error } = await asServiceRole().rpc(check, { user_uuid: member.id });
    expect(error).toBeNull();
  });
});
