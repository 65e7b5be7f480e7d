import { beforeAll, describe, expect, it } from 'vitest';

import { addMember, createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { callFunction } from '../support/edge-functions.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The billing-profile Edge Function through the gateway: the VAT number's
 * format is checked with jsvat before anything is saved, the profile is saved
 * as the caller (save_billing_profile decides who may) and the check is then
 * recorded with the service role (record_vat_id_check).
 */
let orgAdmin: TestUser;
let member: TestUser;
let otherAdmin: TestUser;
let systemAdmin: TestUser;
let org: string;

const FORM = {
  billingName: 'Przędzalnia Łódź Sp. z o.o.',
  addressLine1: 'ul. Piotrkowska 12',
  addressLine2: null,
  postalCode: '90-001',
  city: 'Łódź',
  country: 'pl',
  vatId: 'pl 526-025-02.74',
  billingEmail: 'faktury@przedzalnia.test',
  poReference: 'PO-7781',
};

interface ProfileRow {
  billing_name: string | null;
  vat_id: string | null;
  vat_id_format_valid: boolean | null;
  vat_id_checked_at: string | null;
  country: string | null;
}

async function profile(organizationId: string): Promise<ProfileRow | undefined> {
  const [row] = await sql<ProfileRow>(
    'select billing_name, vat_id, vat_id_format_valid, vat_id_checked_at, country from public.billing_profiles where organization_id = $1',
    [organizationId],
  );
  return row;
}

async function activity(organizationId: string, action: string): Promise<number> {
  const [{ count }] = await sql<{ count: number }>(
    // Billing records the organisation in details (the member home shows the column's entries to every member).
    `select count(*)::int as count from public.network_activity where details ->> 'organization_id' = $1::text and action = $2`,
    [organizationId, action],
  );
  return count;
}

beforeAll(async () => {
  [orgAdmin, member, otherAdmin, systemAdmin] = await Promise.all([
    newUser('bprof-admin'),
    newUser('bprof-member'),
    newUser('bprof-other'),
    newUser('bprof-sysadmin'),
  ]);
  org = await createOrganization(null, { status: 'approved' });
  const other = await createOrganization(null, { status: 'approved' });
  await addMember(org, orgAdmin, 'admin');
  await addMember(org, member, 'member');
  await addMember(other, otherAdmin, 'admin');
  await makeSystemAdmin(systemAdmin);
});

describe('billing-profile refuses', () => {
  it('a visitor, a plain member and another organisation’s administrator, saving and checking nothing', async () => {
    expect((await callFunction('billing-profile', null, { organizationId: org, ...FORM })).status).toBe(401);
    for (const user of [member, otherAdmin]) {
      expect(await callFunction('billing-profile', user, { organizationId: org, ...FORM })).toEqual({
        status: 403,
        body: { error: 'forbidden', message: 'Only your organisation’s administrators can change its billing details.' },
      });
    }
    expect(await profile(org)).toBeUndefined();
  });

  it('a malformed request', async () => {
    expect((await callFunction('billing-profile', orgAdmin, { ...FORM })).body.error).toBe('invalid_request');
    expect((await callFunction('billing-profile', orgAdmin, { organizationId: org, ...FORM, city: 12 })).body.error).toBe('invalid_request');
  });

  it('a VAT number with wrong check digits or an unknown country prefix, with 422 vat_id_invalid, before anything is saved', async () => {
    const typo = await callFunction('billing-profile', orgAdmin, { organizationId: org, ...FORM, vatId: 'PL5260250275' });
    expect(typo).toEqual({
      status: 422,
      body: { error: 'vat_id_invalid', message: 'This is not a valid Poland VAT number: check the digits against your VAT registration.' },
    });
    const prefix = await callFunction('billing-profile', orgAdmin, { organizationId: org, ...FORM, vatId: 'XX123456789' });
    expect(prefix.status).toBe(422);
    expect(prefix.body.message).toMatch(/starts with its country’s two letters/);
    expect(await profile(org)).toBeUndefined();
  });

  it('an e-mail address the database refuses, in the database’s words', async () => {
    const answer = await callFunction('billing-profile', orgAdmin, { organizationId: org, ...FORM, billingEmail: 'not an address' });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('billing_email_invalid');
    expect(await profile(org)).toBeUndefined();
  });
});

describe('billing-profile saves', () => {
  it('the organisation administrator’s form with the VAT number normalised, and records the check with its time', async () => {
    const answer = await callFunction('billing-profile', orgAdmin, { organizationId: org, ...FORM });
    expect(answer.status).toBe(200);
    expect(answer.body.vatIdChecked).toBe(true);
    expect(answer.body.profile).toMatchObject({ vat_id: 'PL5260250274', vat_id_format_valid: true, country: 'PL' });
    const row = await profile(org);
    expect(row).toMatchObject({ billing_name: 'Przędzalnia Łódź Sp. z o.o.', vat_id: 'PL5260250274', vat_id_format_valid: true, country: 'PL' });
    expect(row!.vat_id_checked_at).not.toBeNull();
    expect(await activity(org, 'billing_profile.saved')).toBe(1);
    expect(await activity(org, 'billing_profile.vat_id_checked')).toBe(1);
  });

  it('a profile without a VAT number for a system administrator, checking nothing', async () => {
    const answer = await callFunction('billing-profile', systemAdmin, { organizationId: org, ...FORM, vatId: '  ' });
    expect(answer.status).toBe(200);
    expect(answer.body.vatIdChecked).toBe(false);
    expect(await profile(org)).toMatchObject({ vat_id: null, vat_id_format_valid: null, vat_id_checked_at: null });
    expect(await activity(org, 'billing_profile.vat_id_checked')).toBe(1);
  });
});
