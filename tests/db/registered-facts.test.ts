import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { readyApplicant, submittedApplicant, validPayload } from '../support/application-fixtures.ts';
import { addMember, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, asServiceRole, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Issue 12, finding 2: spoofing the trust registry. An approved organisation's
 * admin renamed it to another member's name and set its website to a public
 * suffix straight through the REST API, and registry_by_domain('anybank.com')
 * then vouched for it. Registered facts (name, legal name, registration
 * number, country, website) now change only through a change request that a
 * system administrator approves; every change is in the audit trail
 * (supabase/migrations/20261124000300_registered-facts.sql,
 * docs/decisions/024-registered-facts-and-public-suffixes.md).
 *
 * Every attack runs as a real user with a real JWT through PostgREST, and
 * checks both the refusal and that nothing changed.
 */

const tag = randomUUID().slice(0, 6);
const config = stackConfig('test');

interface Facts {
  name: string;
  legal_name: string | null;
  registration_number: string | null;
  country: string | null;
  website: string | null;
}

interface ChangeRequest {
  id: string;
  organization_id: string;
  requested_by: string | null;
  previous_values: Record<string, unknown>;
  proposed_values: Record<string, unknown>;
  reason: string;
  status: 'pending' | 'approved' | 'declined' | 'withdrawn';
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
}

interface RegistryRow {
  id: string;
  name: string;
  legal_name: string | null;
  registration_number: string | null;
  country: string | null;
  website: string | null;
  domain: string | null;
  status: string;
}

const facts = async (orgId: string) =>
  (
    await sql<Facts>('select name, legal_name, registration_number, country, website from public.organizations where id = $1', [orgId])
  )[0];

const activity = async (orgId: string) =>
  sql<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
    'select action, actor_id, details from public.network_activity where organization_id = $1 order by id',
    [orgId],
  );

const registryById = async (orgId: string) => expectOk(await asAnon().rpc('registry_by_id', { p_id: orgId })) as RegistryRow[];
const registryByDomain = async (domain: string) =>
  (expectOk(await asAnon().rpc('registry_by_domain', { p_domain: domain })) as RegistryRow[]).map((r) => r.id);

let admin: TestUser;

/** An organisation that applied through onboarding and was approved by a system administrator. */
async function approvedMember(label: string, overrides: Record<string, unknown> = {}): Promise<{ user: TestUser; orgId: string }> {
  const applicant = await submittedApplicant(label, overrides);
  expectOk(await admin.client.rpc('approve_application', { p_organization_id: applicant.orgId }));
  return applicant;
}

beforeAll(async () => {
  admin = await newUser('facts-admin');
  await makeSystemAdmin(admin);
});

describe('direct writes to registered facts are refused, at every status and for everyone', () => {
  let victim: { user: TestUser; orgId: string };
  let attacker: { user: TestUser; orgId: string };
  let colleague: TestUser;
  let applicant: { user: TestUser; orgId: string };
  let victimFacts: Facts;
  let attackerFacts: Facts;

  beforeAll(async () => {
    victim = await approvedMember('facts-victim', {
      name: `Kanaalbank ${tag}`,
      legal_name: `Kanaalbank ${tag} N.V.`,
      // Not NL: tests/db/api-guide.test.ts counts the seed's active Dutch members.
      country: 'LU',
      website: `https://www.kanaalbank-${tag}.example`,
    });
    attacker = await approvedMember('facts-attacker', { name: `Anybank ${tag}`, website: `https://anybank-${tag}.example` });
    colleague = await newUser('facts-colleague');
    await addMember(attacker.orgId, colleague);
    applicant = await submittedApplicant('facts-applicant');
    [victimFacts, attackerFacts] = await Promise.all([facts(victim.orgId), facts(attacker.orgId)]);
  });

  /** The attacker's organisation is exactly as approved: row, registry answers, no change in the audit trail. */
  async function expectAttackerUnchanged(): Promise<void> {
    expect(await facts(attacker.orgId)).toEqual(attackerFacts);
    const [entry] = await registryById(attacker.orgId);
    expect(entry).toMatchObject({ ...attackerFacts, status: 'active', domain: `anybank-${tag}.example` });
    expect((await activity(attacker.orgId)).map((a) => a.action)).not.toContain('organization.updated');
    // The registry still vouches for the real member only.
    const found = expectOk(await asAnon().rpc('registry_search', { p_query: `Kanaalbank ${tag}` })) as RegistryRow[];
    expect(found.map((r) => r.id)).toEqual([victim.orgId]);
    expect(await registryByDomain('anybank.com')).not.toContain(attacker.orgId);
    expect(await registryByDomain('www.co.uk')).not.toContain(attacker.orgId);
  }

  it.each<[string, keyof Facts, () => string | null]>([
    ['name to another member’s name', 'name', () => victimFacts.name],
    ['legal_name to another member’s', 'legal_name', () => victimFacts.legal_name],
    ['registration_number to another member’s', 'registration_number', () => victimFacts.registration_number],
    ['country', 'country', () => 'LU'],
    ['website to https://com./', 'website', () => 'https://com./'],
    ['website to https://co.uk', 'website', () => 'https://co.uk'],
    ['website to another member’s', 'website', () => victimFacts.website],
  ])('an approved organisation’s admin PATCHes %s through the REST API: refused, nothing changes', async (_case, column, value) => {
    const result = await attacker.user.client.from('organizations').update({ [column]: value() }).eq('id', attacker.orgId).select();
    expectDenied(result);
    await expectAttackerUnchanged();
  });

  it('all registered facts at once, as in the reported attack: refused, nothing changes', async () => {
    const result = await attacker.user.client
      .from('organizations')
      .update({ name: victimFacts.name, legal_name: victimFacts.legal_name, website: 'https://com./' })
      .eq('id', attacker.orgId);
    expectDenied(result);
    await expectAttackerUnchanged();
  });

  it('a plain member of the organisation: refused', async () => {
    expectDenied(await colleague.client.from('organizations').update({ name: victimFacts.name }).eq('id', attacker.orgId));
    expectDenied(await colleague.client.from('organizations').update({ website: 'https://co.uk' }).eq('id', attacker.orgId));
    await expectAttackerUnchanged();
  });

  it('an applicant before approval: refused, so a reviewer never approves facts that changed under them', async () => {
    const before = await facts(applicant.orgId);
    expectDenied(await applicant.user.client.from('organizations').update({ name: victimFacts.name }).eq('id', applicant.orgId));
    expectDenied(await applicant.user.client.from('organizations').update({ registration_number: 'X-1' }).eq('id', applicant.orgId));
    expectDenied(await applicant.user.client.from('organizations').update({ website: 'https://github.io' }).eq('id', applicant.orgId));
    expect(await facts(applicant.orgId)).toEqual(before);
  });

  it('a system administrator does not edit them directly either: the change-request approval is the only way', async () => {
    expectDenied(await admin.client.from('organizations').update({ name: 'Renamed by an administrator' }).eq('id', attacker.orgId));
    await expectAttackerUnchanged();
  });

  it('the service role (server code) is refused by the database with a named error', async () => {
    const result = await asServiceRole().from('organizations').update({ name: victimFacts.name }).eq('id', attacker.orgId);
    expect(result.error?.code).toBe('42501');
    expect(result.error?.message).toBe('registered_facts_locked');
    expect(result.error?.details).toMatch(/change request/);
    await expectAttackerUnchanged();
  });

  it('an operator’s SQL is refused unless it says why, and then it is in the audit trail', async () => {
    await expect(sql('update public.organizations set name = $2 where id = $1', [applicant.orgId, 'Operator Rename'])).rejects.toThrow(
      'registered_facts_locked',
    );
    // One query string is one transaction on one connection, so set local reaches the update.
    await sql(
      `set local accord.registered_facts_change = 'operator: registry correction, ticket 4711';
       update public.organizations set legal_name = legal_name || ' (corrected)' where id = '${applicant.orgId}';`,
    );
    const [entry] = (await activity(applicant.orgId)).filter((a) => a.action === 'organization.updated');
    expect(entry).toMatchObject({
      actor_id: null,
      details: {
        authorised_by: 'operator: registry correction, ticket 4711',
        changes: { legal_name: { from: expect.any(String), to: expect.stringMatching(/\(corrected\)$/) } },
      },
    });
  });

  it('the other details stay the organisation admins’ to edit, and each change is in the audit trail with old and new values', async () => {
    const rows = expectOk(
      await attacker.user.client
        .from('organizations')
        .update({ description: 'We verify customers at account opening.', sector: 'financial_services', size: '50-249' })
        .eq('id', attacker.orgId)
        .select('description, sector, size'),
    );
    expect(rows).toEqual([{ description: 'We verify customers at account opening.', sector: 'financial_services', size: '50-249' }]);
    const updates = (await activity(attacker.orgId)).filter((a) => a.action === 'organization.updated');
    expect(updates).toEqual([
      {
        action: 'organization.updated',
        actor_id: attacker.user.id,
        details: {
          organization_name: attackerFacts.name,
          changes: {
            description: { from: null, to: 'We verify customers at account opening.' },
            sector: { from: 'healthcare', to: 'financial_services' },
            size: { from: '10-49', to: '50-249' },
          },
        },
      },
    ]);
    expect(await facts(attacker.orgId)).toEqual(attackerFacts);
  });
});

describe('change requests: the only way registered facts change', () => {
  let member: { user: TestUser; orgId: string };
  let colleague: TestUser;
  let outsider: { user: TestUser; orgId: string };
  let other: { user: TestUser; orgId: string };
  let memberFacts: Facts;
  let otherFacts: Facts;

  beforeAll(async () => {
    member = await approvedMember('cr-member', { name: `Lumen Labs ${tag}`, website: `https://lumen-${tag}.example` });
    outsider = await approvedMember('cr-outsider');
    other = await approvedMember('cr-other', { name: `Other Member ${tag}`, country: 'GB', website: `https://other-${tag}.example` });
    colleague = await newUser('cr-colleague');
    await addMember(member.orgId, colleague);
    [memberFacts, otherFacts] = await Promise.all([facts(member.orgId), facts(other.orgId)]);
  });

  const request = (user: TestUser, changes: unknown, reason: unknown = 'We changed our name.', orgId = member.orgId) =>
    user.client.rpc('request_organization_change', { p_organization_id: orgId, p_changes: changes, p_reason: reason });

  it('only the organisation’s admins may ask: a plain member, another organisation’s admin and a visitor are refused', async () => {
    for (const client of [colleague.client, outsider.user.client]) {
      const result = await client.rpc('request_organization_change', {
        p_organization_id: member.orgId,
        p_changes: { name: 'Taken Over' },
        p_reason: 'Mine now',
      });
      expect(result.error?.code).toBe('42501');
      expect(result.error?.message).toBe('not_organization_admin');
    }
    expectDenied(await asAnon().rpc('request_organization_change', { p_organization_id: member.orgId, p_changes: { name: 'x' }, p_reason: 'x' }));
    expect(await sql('select 1 from public.organization_change_requests where organization_id = $1', [member.orgId])).toEqual([]);
  });

  it('nobody writes the requests table directly', async () => {
    for (const client of [member.user.client, admin.client]) {
      expectDenied(
        await client.from('organization_change_requests').insert({ organization_id: member.orgId, proposed_values: { name: 'x' }, reason: 'x' }),
      );
    }
    expectDenied(await asAnon().from('organization_change_requests').select('*'));
  });

  it('refuses public suffixes and single labels as the website, with the field code', async () => {
    const cases: [string, string][] = [
      ['https://com./', 'public_suffix'],
      ['https://co.uk', 'public_suffix'],
      ['https://www.co.uk/', 'public_suffix'],
      ['https://github.io', 'public_suffix'],
      ['http://localhost./', 'public_suffix'],
      // Not even the shape of a web address.
      ['https://com', 'invalid'],
      ['https://192.0.2.10/', 'invalid'],
    ];
    for (const [website, code] of cases) {
      const result = await request(member.user, { website });
      expect(result.error?.message, website).toBe('invalid_change_request');
      expect(JSON.parse(result.error?.details ?? '{}'), website).toEqual({ website: code });
    }
  });

  it('refuses another member’s name, legal name (ignoring case, accents and punctuation), registration number or domain', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: otherFacts.name }, { name: 'taken' }],
      [{ name: ` ${otherFacts.name.toUpperCase()} ` }, { name: 'taken' }],
      [{ name: otherFacts.name.replace(' ', ' - ') }, { name: 'taken' }],
      [{ legal_name: otherFacts.legal_name }, { legal_name: 'taken' }],
      [{ name: otherFacts.legal_name }, { name: 'taken' }],
      [{ registration_number: otherFacts.registration_number, country: otherFacts.country }, { registration_number: 'taken' }],
      [{ website: `https://verify.other-${tag}.example/` }, { website: 'taken' }],
    ];
    for (const [changes, errors] of cases) {
      const result = await request(member.user, changes);
      expect(result.error?.message, JSON.stringify(changes)).toBe('invalid_change_request');
      expect(JSON.parse(result.error?.details ?? '{}'), JSON.stringify(changes)).toEqual(errors);
    }
  });

  it('validates like onboarding, refuses a change to anything else, a request that changes nothing, and one without a reason', async () => {
    const invalid = await request(member.user, { name: ' ', country: 'nl', registration_number: 'x'.repeat(65), description: 'x' });
    expect(invalid.error?.message).toBe('invalid_change_request');
    expect(JSON.parse(invalid.error?.details ?? '{}')).toEqual({
      name: 'required',
      country: 'invalid',
      registration_number: 'too_long',
      description: 'not_changeable',
    });
    const noop = await request(member.user, { name: memberFacts.name, website: memberFacts.website });
    expect(noop.error?.message).toBe('no_changes');
    expect(noop.error?.details).toBeTruthy();
    expect((await request(member.user, { name: `Lumen ${tag}` }, '  ')).error?.message).toBe('reason_required');
    expect(await sql('select 1 from public.organization_change_requests where organization_id = $1', [member.orgId])).toEqual([]);
  });

  describe('the round trip: request, approve, and the registry answers with the new facts', () => {
    let pending: ChangeRequest;
    const newName = `Lumen Verification ${tag}`;
    const newWebsite = `https://lumen-verification-${tag}.example`;

    it('an organisation admin asks; nothing changes yet, and the request is in the audit trail', async () => {
      pending = expectOk(await request(member.user, { name: `  ${newName} `, website: newWebsite }, 'Rebranded in October.')) as ChangeRequest;
      expect(pending).toMatchObject({
        organization_id: member.orgId,
        requested_by: member.user.id,
        status: 'pending',
        reason: 'Rebranded in October.',
        previous_values: { name: memberFacts.name, website: memberFacts.website },
        proposed_values: { name: newName, website: newWebsite },
      });
      expect(await facts(member.orgId)).toEqual(memberFacts);
      expect((await registryById(member.orgId))[0]).toMatchObject({ name: memberFacts.name });
      expect((await activity(member.orgId)).at(-1)).toMatchObject({
        action: 'organization_change.requested',
        actor_id: member.user.id,
        details: { change_request_id: pending.id, reason: 'Rebranded in October.', proposed_values: { name: newName, website: newWebsite } },
      });
    });

    it('its members read it, other organisations do not, system administrators read all', async () => {
      for (const user of [member.user, colleague, admin]) {
        expect(expectOk(await user.client.from('organization_change_requests').select('id').eq('id', pending.id))).toEqual([{ id: pending.id }]);
      }
      expectNoRows(await outsider.user.client.from('organization_change_requests').select('id').eq('id', pending.id));
    });

    it('one open request at a time', async () => {
      const second = await request(member.user, { legal_name: `Lumen ${tag} B.V.` });
      expect(second.error?.message).toBe('change_request_open');
    });

    it('the requester cannot approve it, nor can a plain member decline it', async () => {
      expectDenied(await member.user.client.rpc('approve_organization_change', { p_request_id: pending.id }));
      expectDenied(await colleague.client.rpc('decline_organization_change', { p_request_id: pending.id, p_reason: 'No' }));
      expect((await sql<{ status: string }>('select status from public.organization_change_requests where id = $1', [pending.id]))[0].status).toBe(
        'pending',
      );
    });

    it('a system administrator approves: the facts change in one step, the registry answers with them, the audit trail has both', async () => {
      const approved = expectOk(await admin.client.rpc('approve_organization_change', { p_request_id: pending.id })) as ChangeRequest;
      expect(approved).toMatchObject({ status: 'approved', decided_by: admin.id });
      expect(await facts(member.orgId)).toEqual({ ...memberFacts, name: newName, website: newWebsite });
      expect((await registryById(member.orgId))[0]).toMatchObject({ name: newName, domain: `lumen-verification-${tag}.example`, status: 'active' });
      expect(await registryByDomain(`lumen-verification-${tag}.example`)).toEqual([member.orgId]);
      expect(await registryByDomain(`lumen-${tag}.example`)).toEqual([]);
      const log = (await activity(member.orgId)).slice(-2);
      expect(log).toEqual([
        {
          action: 'organization.updated',
          actor_id: admin.id,
          details: {
            organization_name: newName,
            authorised_by: `change_request:${pending.id}`,
            changes: {
              name: { from: memberFacts.name, to: newName },
              website: { from: memberFacts.website, to: newWebsite },
              registry_domain: { from: `lumen-${tag}.example`, to: `lumen-verification-${tag}.example` },
            },
          },
        },
        expect.objectContaining({ action: 'organization_change.approved', actor_id: admin.id }),
      ]);
    });

    it('a decided request cannot be decided or withdrawn again', async () => {
      expect((await admin.client.rpc('approve_organization_change', { p_request_id: pending.id })).error?.message).toBe('change_request_closed');
      expect((await admin.client.rpc('decline_organization_change', { p_request_id: pending.id, p_reason: 'x' })).error?.message).toBe(
        'change_request_closed',
      );
      expect((await member.user.client.rpc('withdraw_organization_change', { p_request_id: pending.id })).error?.message).toBe(
        'change_request_closed',
      );
    });
  });

  it('declining needs a reason and leaves the facts as they were; it is in the audit trail', async () => {
    const before = await facts(member.orgId);
    const asked = expectOk(await request(member.user, { country: 'BE' }, 'We moved to Brussels.')) as ChangeRequest;
    expect((await admin.client.rpc('decline_organization_change', { p_request_id: asked.id, p_reason: ' ' })).error?.message).toBe(
      'reason_required',
    );
    const declined = expectOk(
      await admin.client.rpc('decline_organization_change', { p_request_id: asked.id, p_reason: 'Send the Belgian registration first.' }),
    ) as ChangeRequest;
    expect(declined).toMatchObject({ status: 'declined', decided_by: admin.id, decision_reason: 'Send the Belgian registration first.' });
    expect(await facts(member.orgId)).toEqual(before);
    expect((await activity(member.orgId)).at(-1)).toMatchObject({
      action: 'organization_change.declined',
      actor_id: admin.id,
      details: { change_request_id: asked.id, reason: 'Send the Belgian registration first.' },
    });
  });

  it('the organisation’s admins withdraw their request (a plain member cannot), and may then ask again', async () => {
    const asked = expectOk(await request(member.user, { legal_name: `Lumen ${tag} Holding B.V.` }, 'Legal form changed.')) as ChangeRequest;
    const byMember = await colleague.client.rpc('withdraw_organization_change', { p_request_id: asked.id });
    expect(byMember.error?.message).toBe('not_organization_admin');
    const byOutsider = await outsider.user.client.rpc('withdraw_organization_change', { p_request_id: asked.id });
    expect(byOutsider.error?.message).toBe('change_request_not_found');
    const withdrawn = expectOk(await member.user.client.rpc('withdraw_organization_change', { p_request_id: asked.id })) as ChangeRequest;
    expect(withdrawn).toMatchObject({ status: 'withdrawn', decided_by: member.user.id });
    expect((await activity(member.orgId)).at(-1)).toMatchObject({ action: 'organization_change.withdrawn', actor_id: member.user.id });
    const again = expectOk(await request(member.user, { legal_name: `Lumen ${tag} Holding B.V.` }, 'Legal form changed.')) as ChangeRequest;
    expectOk(await member.user.client.rpc('withdraw_organization_change', { p_request_id: again.id }));
  });

  it('approval checks again: a name another member took in the meantime is refused, and the request stays open', async () => {
    const wanted = `Nova Trust ${tag}`;
    const asked = expectOk(await request(member.user, { name: wanted }, 'New name.')) as ChangeRequest;
    const before = await facts(member.orgId);
    // Meanwhile another applicant with that name is approved.
    await approvedMember('cr-race', { name: wanted });
    const result = await admin.client.rpc('approve_organization_change', { p_request_id: asked.id });
    expect(result.error?.message).toBe('invalid_change_request');
    expect(JSON.parse(result.error?.details ?? '{}')).toEqual({ name: 'taken' });
    expect(await facts(member.orgId)).toEqual(before);
    expect((await sql<{ status: string }>('select status from public.organization_change_requests where id = $1', [asked.id]))[0].status).toBe(
      'pending',
    );
    expectOk(await member.user.client.rpc('withdraw_organization_change', { p_request_id: asked.id }));
  });

  it('approval refuses a request whose facts changed under it', async () => {
    const asked = expectOk(await request(member.user, { legal_name: `Lumen ${tag} Group Ltd` }, 'Group structure.')) as ChangeRequest;
    await sql(
      `set local accord.registered_facts_change = 'operator: test';
       update public.organizations set legal_name = 'Corrected by an operator ${tag}' where id = '${member.orgId}';`,
    );
    const result = await admin.client.rpc('approve_organization_change', { p_request_id: asked.id });
    expect(result.error?.message).toBe('change_request_stale');
    expect((await facts(member.orgId)).legal_name).toBe(`Corrected by an operator ${tag}`);
    expectOk(await admin.client.rpc('decline_organization_change', { p_request_id: asked.id, p_reason: 'Superseded.' }));
  });

  it('an applicant may ask too, before approval, and the reviewer then sees the approved facts', async () => {
    const { user, orgId } = await submittedApplicant('cr-applicant');
    const asked = expectOk(await request(user, { registration_number: `FIX-${tag}` }, 'Typo in the number.', orgId)) as ChangeRequest;
    expectOk(await admin.client.rpc('approve_organization_change', { p_request_id: asked.id }));
    expect((await facts(orgId)).registration_number).toBe(`FIX-${tag}`);
  });
});

describe('names and domains already in the registry', () => {
  beforeAll(async () => {
    await approvedMember('dup-member', { name: `Kestrel Bank ${tag}`, legal_name: `Kestrel Bank ${tag} plc`, website: `https://kestrel-${tag}.example` });
  });

  it('onboarding refuses a member’s name, legal name or domain with field codes the form maps to sentences', async () => {
    const { user, orgId } = await readyApplicant('dup-applicant');
    const result = await user.client.rpc('submit_application', {
      payload: validPayload(orgId, { name: `kestrel bank ${tag}`, legal_name: `Kestrel Bank ${tag} PLC`, website: `https://shop.kestrel-${tag}.example` }),
    });
    expect(result.error?.message).toBe('invalid_application');
    expect(JSON.parse(result.error?.details ?? '{}')).toEqual({ name: 'taken', legal_name: 'taken', website: 'taken' });
    expect(await sql('select 1 from public.organizations where id = $1', [orgId])).toEqual([]);
  });

  it('onboarding refuses public suffixes and single labels as the website with the field code public_suffix', async () => {
    for (const website of ['https://com./', 'https://co.uk', 'https://github.io/', 'http://localhost./', 'https://kawasaki.jp']) {
      const { user, orgId } = await readyApplicant('psl-applicant');
      const result = await user.client.rpc('submit_application', { payload: validPayload(orgId, { website }) });
      expect(result.error?.message, website).toBe('invalid_application');
      expect(JSON.parse(result.error?.details ?? '{}'), website).toEqual({ website: 'public_suffix' });
      expect(await sql('select 1 from public.organizations where id = $1', [orgId])).toEqual([]);
    }
  });

  it('approving an application whose name a member took after it was submitted is refused with a clear error', async () => {
    const { orgId } = await submittedApplicant('dup-late', { name: `Osprey ${tag}` });
    await approvedMember('dup-first', { name: `Osprey ${tag}` });
    // The first "Osprey" was submitted later but approved first; the earlier applicant now clashes.
    const result = await admin.client.rpc('approve_application', { p_organization_id: orgId });
    expect(result.error?.message).toBe('registry_conflict');
    expect(result.error?.details).toMatch(new RegExp(`Osprey ${tag}`));
    expect((await sql<{ status: string }>('select status from public.organization_applications where organization_id = $1', [orgId]))[0].status).toBe(
      'pending',
    );
    expect(await registryById(orgId)).toEqual([]);

    // The back office approves through the review-application Edge Function, which says the same.
    const token = (await admin.client.auth.getSession()).data.session!.access_token;
    const answer = await fetch(`${config.apiUrl}/functions/v1/review-application`, {
      method: 'POST',
      headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: orgId, action: 'approve' }),
    });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error: 'registry_conflict', message: expect.stringMatching(new RegExp(`already lists Osprey ${tag}`)) });
    expect(await registryById(orgId)).toEqual([]);
  });
});
