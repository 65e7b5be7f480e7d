import { randomUUID } from 'node:crypto';

import pg from 'pg';

import { stackConfig } from '../../supabase/local/config.ts';
import { createOrganization } from './db-fixtures.ts';
import { sql } from './users.ts';

/**
 * Billing state for the Edge Functions' db tests (invoice-pdf, billing-profile):
 * a seller, an organisation with a billing profile, and invoices issued the
 * way the database issues them (private.issue_invoice) at a billing time of
 * the caller's choosing (accord.billing_now), so each test file numbers in a
 * year of its own.
 */
const config = stackConfig('test');

/** The seller every invoice prints (a name and a buyer address that need more than Latin-1). */
export async function ensureSeller(): Promise<void> {
  await sql(
    `update public.billing_seller_settings
        set legal_name = 'Accord Øresund Network B.V.', address_line1 = 'Keizersgracht 1', postal_code = '1015 CJ',
            city = 'Amsterdam', country = 'NL', vat_id = 'NL862637223B01', iban = 'NL91ABNA0417164300', bic = 'ABNANL2A',
            invoice_prefix = 'ACC', credit_note_prefix = 'ACC-CN', payment_terms_days = 30`,
  );
  await sql(
    `insert into public.billing_vat_rates (country, rate_bp) values ('NL', 2100), ('PL', 2300)
     on conflict (country) do update set rate_bp = excluded.rate_bp`,
  );
}

/** An approved organisation in Łódź with a format-checked Polish VAT id: its invoices are reverse charge. */
export async function polishOrganization(): Promise<string> {
  const org = await createOrganization(null, { status: 'approved', name: `Przędzalnia ${randomUUID().slice(0, 8)}` });
  await sql(
    `insert into public.billing_profiles (organization_id, billing_name, address_line1, postal_code, city, country, vat_id, vat_id_format_valid, vat_id_checked_at)
     values ($1, 'Przędzalnia Łódź Sp. z o.o.', 'ul. Piotrkowska 12', '90-001', 'Łódź', 'PL', 'PL5260250274', true, now())`,
    [org],
  );
  return org;
}

/** A draft invoice of one membership line. */
export async function draftInvoice(org: string, amountMinor: number): Promise<string> {
  const [invoice] = await sql<{ id: string }>(
    `insert into public.invoices (organization_id, currency, period_start, period_end) values ($1, 'EUR', '2093-01-01', '2094-01-01') returning id`,
    [org],
  );
  await sql(
    `insert into public.invoice_lines (invoice_id, position, description, quantity, unit_amount_minor, amount_minor, vat_rate_bp)
     values ($1, 1, 'Membership, Network plan', 1, $2, $2, null)`,
    [invoice.id, amountMinor],
  );
  return invoice.id;
}

/** Issues a draft as the database does, with billing's "now" at `at`. */
export async function issueAt(invoiceId: string, at: string): Promise<void> {
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('accord.billing_now', $1, true)`, [at]);
    await client.query('select private.issue_invoice($1)', [invoiceId]);
    await client.query('commit');
  } finally {
    await client.end();
  }
}
