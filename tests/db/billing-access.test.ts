import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSystemAdmin } from '../support/db-fixtures.ts';
import { grantInvestor } from '../support/investor-content-fixtures.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { atBillingTime, billedOrganization, draftInvoice, ensureSeller, issueAt, newPlan, startMembership } from '../support/billing-fixtures.ts';
import { asAnon, asServiceRole, newUser, signInAgain, sql } from '../support/users.ts';

/**
 * Who may read every billing table and call every billing RPC (decision 069):
 * a visitor, a plain member, an administrator of another organisation, the
 * organisation's administrator, an investor, a stakeholder, and a system
 * administrator with a factor at aal1 and at aal2. Writes go only through the
 * RPCs: no API role writes a billing table directly. Bills in 2085.
 */
type Who = 'anon' | 'member' | 'otherAdmin' | 'orgAdmin' | 'investor' | 'stakeholder' | 'sysAal1' | 'sysAal2';
const WHO: Who[] = ['anon', 'member', 'otherAdmin', 'orgAdmin', 'investor', 'stakeholder', 'sysAal1', 'sysAal2'];
const as = {} as Record<Who, SupabaseClient>;
let org: string;
let invoice: string;
let draft: string;
let statementId: string;
let payment: string;

beforeAll(async () => {
  await ensureSeller();
  org = await billedOrganization('NL');
  const other = await billedOrganization('NL');
  const [member, otherAdmin, orgAdmin, investor, stakeholder, sys] = await Promise.all(
    ['member', 'other-admin', 'org-admin', 'investor', 'stakeholder', 'sys-admin'].map((l) => newUser(`billing-access-${l}`)),
  );
  await addMember(org, member, 'member');
  await addMember(org, orgAdmin, 'admin');
  await addMember(other, otherAdmin, 'admin');
  await grantInvestor(investor, 'data_room');
  await sql('insert into public.stakeholders (user_id) values ($1)', [stakeholder.id]);
  await makeSystemAdmin(sys);
  await enrolVerifiedTotp(sys.client);
  Object.assign(as, {
    anon: asAnon(), member: member.client, otherAdmin: otherAdmin.client, orgAdmin: orgAdmin.client, investor: investor.client,
    stakeholder: stakeholder.client, sysAal1: await signInAgain(sys), sysAal2: sys.client,
  });

  const plan = await newPlan(75);
  const first = await startMembership(org, plan, '2085-01-01');
  await issueAt(first, '2085-01-02T10:00:00Z');
  invoice = first;
  draft = await draftInvoice(org, [{ amountMinor: 100, rateBp: null }]);
  [{ id: payment }] = await sql<{ id: string }>(
    `select private.record_payment($1, 1000, 'EUR', '2085-01-05', 'bank_transfer', null, $2::jsonb, $3) as id`,
    [org, JSON.stringify([{ invoiceId: invoice, amountMinor: 1000 }]), `access-${invoice}`],
  );
  await sql(`insert into public.payment_refunds (payment_id, invoice_id, amount_minor, refunded_on, idempotency_key) values ($1, $2, 100, '2085-01-06', $3)`,
    [payment, invoice, `refund-${invoice}`]);
  await sql(`insert into public.billing_reminders (invoice_id, kind) values ($1, 'before_due')`, [invoice]);
  await atBillingTime('2085-01-10T10:00:00Z', (c) => c.query('select private.create_credit_note($1, 500, $2)', [invoice, 'Access test']));
  [{ id: statementId }] = await sql<{ id: string }>(
    `insert into public.bank_statements (file_name, format, sha256) values ('s.csv', 'csv', $1) returning id`,
    [createHash('sha256').update(randomUUID()).digest('hex')],
  );
  await sql(`insert into public.bank_statement_lines (statement_id, line_no, booked_on, amount_minor, currency) values ($1, 1, '2085-01-05', 10, 'EUR')`, [statementId]);
}, 120_000);

/** Each table, a filter to this file's rows, and who reads them (everyone else reads none; a visitor is refused). */
const tables: { table: string; filter: () => [string, string]; readers: Who[] }[] = [
  { table: 'billing_seller_settings', filter: () => ['id', 'true'], readers: ['sysAal2'] },
  { table: 'billing_vat_rates', filter: () => ['country', 'NL'], readers: ['sysAal2'] },
  { table: 'billing_profiles', filter: () => ['organization_id', org], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'memberships', filter: () => ['organization_id', org], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'membership_periods', filter: () => ['organization_id', org], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'invoices', filter: () => ['id', invoice], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'invoice_lines', filter: () => ['invoice_id', invoice], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'invoice_vat_breakdown', filter: () => ['invoice_id', invoice], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'payments', filter: () => ['id', payment], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'payment_allocations', filter: () => ['invoice_id', invoice], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'payment_refunds', filter: () => ['invoice_id', invoice], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'billing_reminders', filter: () => ['invoice_id', invoice], readers: ['orgAdmin', 'sysAal2'] },
  { table: 'bank_statements', filter: () => ['id', statementId], readers: ['sysAal2'] },
  { table: 'bank_statement_lines', filter: () => ['statement_id', statementId], readers: ['sysAal2'] },
];

describe('reading the billing tables', () => {
  it.each(tables)('$table', async ({ table, filter, readers }) => {
    const [column, value] = filter();
    for (const who of WHO) {
      const { data, error } = await as[who].from(table).select('*').eq(column, value);
      if (who === 'anon') {
        expect(error?.code, `${who} on ${table}`).toBe('42501');
      } else {
        expect(error, `${who} on ${table}`).toBeNull();
        expect((data ?? []).length > 0, `${who} reads ${table}`).toBe(readers.includes(who));
      }
    }
  });

  it('an organisation administrator sees its issued invoices, not drafts', async () => {
    expect((await as.orgAdmin.from('invoices').select('id').eq('id', draft)).data).toEqual([]);
    expect((await as.sysAal2.from('invoices').select('id').eq('id', draft)).data).toEqual([{ id: draft }]);
  });

  it.each(tables)('nobody writes $table directly, not even a system administrator at aal2', async ({ table, filter }) => {
    const [column, value] = filter();
    for (const who of ['orgAdmin', 'sysAal2'] as Who[]) {
      expect((await as[who].from(table).update({ [column]: value }).eq(column, value).select()).error?.code, `${who} updates ${table}`).toBe('42501');
      expect((await as[who].from(table).delete().eq(column, value).select()).error?.code, `${who} deletes ${table}`).toBe('42501');
    }
  });
});

/** Each RPC with arguments that pass its checks for whoever may call it, and who may. */
const rpcs: { fn: string; args: () => Record<string, unknown>; callers: Who[] }[] = [
  { fn: 'billing_standing', args: () => ({ p_organization_id: org }), callers: ['member', 'orgAdmin', 'sysAal2'] },
  { fn: 'invoice_document', args: () => ({ p_invoice_id: invoice }), callers: ['orgAdmin', 'sysAal2'] },
  { fn: 'save_billing_profile', args: () => ({ p_organization_id: org, p_billing_name: null, p_address_line1: 'Teststraat 1', p_address_line2: null,
      p_postal_code: '1000 AA', p_city: 'Testdorp', p_country: 'NL', p_vat_id: null, p_billing_email: 'ap@example.org', p_po_reference: null }), callers: ['orgAdmin', 'sysAal2'] },
  { fn: 'admin_billing_overview', args: () => ({}), callers: ['sysAal2'] },
  { fn: 'admin_overdue_organizations', args: () => ({}), callers: ['sysAal2'] },
  { fn: 'admin_list_invoices', args: () => ({ p_organization_id: org }), callers: ['sysAal2'] },
  { fn: 'admin_preview_plan_change', args: () => ({ p_organization_id: org, p_plan_id: randomUUID() }), callers: ['sysAal2'] },
  { fn: 'admin_set_vat_rate', args: () => ({ p_country: 'NL', p_rate_bp: 2100 }), callers: ['sysAal2'] },
  { fn: 'admin_save_seller_settings', args: () => ({ p_legal_name: 'Accord Trust Network B.V.', p_address_line1: 'Herengracht 420', p_address_line2: null,
      p_postal_code: '1017 BZ', p_city: 'Amsterdam', p_country: 'NL', p_vat_id: 'NL862637223B01', p_iban: 'NL91ABNA0417164300', p_bic: 'ABNANL2A',
      p_email: null, p_invoice_prefix: 'ACC', p_credit_note_prefix: 'ACC-CN', p_payment_terms_days: 30, p_renewal_lead_days: 14, p_renewal_grace_days: 3 }), callers: ['sysAal2'] },
  { fn: 'admin_start_membership', args: () => ({ p_organization_id: org, p_plan_id: randomUUID(), p_start: '2085-01-01' }), callers: ['sysAal2'] },
  { fn: 'admin_change_plan', args: () => ({ p_organization_id: org, p_plan_id: randomUUID(), p_effective: 'now', p_preview_token: 'x' }), callers: ['sysAal2'] },
  { fn: 'admin_end_membership', args: () => ({ p_organization_id: randomUUID() }), callers: ['sysAal2'] },
  { fn: 'admin_issue_invoice', args: () => ({ p_invoice_id: randomUUID() }), callers: ['sysAal2'] },
  { fn: 'admin_create_credit_note', args: () => ({ p_invoice_id: randomUUID(), p_amount_minor: null, p_reason: 'Matrix' }), callers: ['sysAal2'] },
  { fn: 'admin_send_invoice_again', args: () => ({ p_invoice_id: invoice }), callers: ['sysAal2'] },
  { fn: 'admin_record_payment', args: () => ({ p_organization_id: randomUUID(), p_amount_minor: 1, p_currency: 'EUR', p_received_on: '2085-01-01',
      p_method: 'other', p_reference: null, p_allocations: [], p_idempotency_key: randomUUID() }), callers: ['sysAal2'] },
  { fn: 'admin_record_refund', args: () => ({ p_payment_id: payment, p_invoice_id: invoice, p_amount_minor: 1, p_refunded_on: '2085-01-07', p_reason: null,
      p_idempotency_key: randomUUID() }), callers: ['sysAal2'] },
  { fn: 'admin_import_bank_statement', args: () => ({ p_file_name: 'x.csv', p_format: 'csv', p_sha256: 'not-a-hash', p_lines: [] }), callers: ['sysAal2'] },
  { fn: 'admin_match_statement_line', args: () => ({ p_statement_id: statementId, p_line_no: 1, p_invoice_id: null }), callers: ['sysAal2'] },
  { fn: 'admin_confirm_statement_matches', args: () => ({ p_statement_id: statementId, p_line_nos: [] }), callers: ['sysAal2'] },
  { fn: 'record_vat_id_check', args: () => ({ p_organization_id: org, p_vat_id: 'NL000000000B00', p_valid: true }), callers: [] },
  { fn: 'record_invoice_pdf', args: () => ({ p_invoice_id: randomUUID(), p_path: 'x.pdf', p_sha256: 'a'.repeat(64) }), callers: [] },
  { fn: 'billing_run', args: () => ({ p_now: '2085-01-01T00:00:00Z', p_organization_ids: [org] }), callers: [] },
];

describe('calling the billing RPCs', () => {
  it.each(rpcs)('$fn', async ({ fn, args, callers }) => {
    for (const who of WHO) {
      const { error } = await as[who].rpc(fn, args());
      if (callers.includes(who)) {
        // Past the access check: success, or the function's own answer about the arguments.
        expect(error?.code ?? 'ok', `${who} calls ${fn}: ${error?.message}`).not.toBe('42501');
      } else {
        expect(error?.code, `${who} calls ${fn}`).toBe('42501');
        // The service role's functions are not executable by anyone signed in; the rest hear why at aal1.
        if (who === 'sysAal1') expect(error?.message, fn).toMatch(callers.length === 0 ? /^permission denied for function / : /^aal2_required$/);
      }
    }
  });

  it('the service role may record a VAT check, a PDF and run billing', async () => {
    const service = asServiceRole();
    expect((await service.rpc('record_vat_id_check', { p_organization_id: org, p_vat_id: 'NL000000000B00', p_valid: true })).error).toBeNull();
    expect((await service.rpc('billing_run', { p_now: '2085-01-03T00:00:00Z', p_organization_ids: [org] })).error).toBeNull();
  });

  it('a plain member learns the plan and standing, and no amount', async () => {
    const { data } = await as.member.rpc('billing_standing', { p_organization_id: org });
    expect(data).toEqual({ has_membership: true, plan_name: expect.stringMatching(/^Plan /), status: 'active', next_renewal: '2085-02-01',
      in_good_standing: expect.any(Boolean), overdue: expect.any(Boolean) });
  });

  it('the document holds what the PDF prints', async () => {
    const { data } = await as.orgAdmin.rpc('invoice_document', { p_invoice_id: invoice });
    expect(data).toMatchObject({
      id: invoice, kind: 'invoice', number: expect.stringMatching(/^ACC-2085-\d{6}$/), issueDate: '2085-01-02', dueDate: '2085-02-01',
      periodStart: '2085-01-01', periodEnd: '2085-01-31', currency: 'EUR', reverseCharge: false, vatNote: null,
      seller: { name: 'Accord Trust Network B.V.', addressLines: ['Herengracht 420', '1017 BZ Amsterdam'], country: 'NL', vatId: 'NL862637223B01', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' },
      buyer: { addressLines: ['Teststraat 1', '1000 AA Testdorp'], country: 'NL', vatId: null, poReference: null },
      lines: [{ quantity: 1, unitAmountMinor: 7500, amountMinor: 7500, vatRateBp: 2100 }],
      vatBreakdown: [{ rateBp: 2100, taxableMinor: 7500, vatMinor: 1575 }],
      subtotalMinor: 7500, vatMinor: 1575, totalMinor: 9075, credits: null,
      payment: { rfReference: expect.stringMatching(/^RF\d{2}ACC2085\d{6}$/), iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', beneficiary: 'Accord Trust Network B.V.', termsDays: 30 },
    });
  });
});
