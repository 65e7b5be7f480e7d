import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { stackConfig } from '../../supabase/local/config.ts';
import { createOrganization } from './db-fixtures.ts';
import { sql } from './users.ts';

/**
 * Arranging billing state for the db tests (decision 069). Each test file
 * bills in a year of its own through the billing test clock (the setting
 * accord.billing_now), so its invoice series ({prefix}-{YYYY}) and its dates
 * are its own: gaps and counts are checked per file, and the stack's own
 * scheduled billing_run (real time) never reaches these memberships.
 */
const config = stackConfig('test');
let pool: pg.Pool | undefined;

/** A direct connection as the database owner, for work that needs a transaction. */
export function ownerPool(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({ connectionString: config.dbUrl, max: 4, allowExitOnIdle: true, idleTimeoutMillis: 500 });
    pool.on('error', () => undefined);
  }
  return pool;
}

/** Runs `fn` in one transaction with billing's "now" set to `at` (committed unless fn throws). */
export async function atBillingTime<T>(at: string, fn: (client: pg.PoolClient) => Promise<T>, target: pg.Pool = ownerPool()): Promise<T> {
  const client = await target.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('accord.billing_now', $1, true)`, [at]);
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The seller and the VAT rates the tests bill with (the seed's, set again so no file depends on the seed). */
export async function ensureSeller(): Promise<void> {
  await sql(
    `update public.billing_seller_settings
        set legal_name = 'Accord Trust Network B.V.', address_line1 = 'Herengracht 420', postal_code = '1017 BZ',
            city = 'Amsterdam', country = 'NL', vat_id = 'NL862637223B01', iban = 'NL91ABNA0417164300', bic = 'ABNANL2A',
            invoice_prefix = 'ACC', credit_note_prefix = 'ACC-CN', payment_terms_days = 30, renewal_lead_days = 14,
            renewal_grace_days = 3`,
  );
  await sql(
    `insert into public.billing_vat_rates (country, rate_bp) values ('NL', 2100), ('DE', 1900), ('PL', 2300)
     on conflict (country) do update set rate_bp = excluded.rate_bp`,
  );
}

/** An approved organisation in `country` with a billing profile (a format-valid VAT id when given). */
export async function billedOrganization(country = 'NL', vatId: string | null = null): Promise<string> {
  const org = await createOrganization(null, { status: 'approved', name: `Billed ${randomUUID().slice(0, 8)}` });
  await sql(
    `insert into public.billing_profiles (organization_id, address_line1, postal_code, city, country, vat_id, vat_id_format_valid, vat_id_checked_at)
     values ($1, 'Teststraat 1', '1000 AA', 'Testdorp', $2, $3::text, $3::text is not null, case when $3::text is not null then now() end)`,
    [org, country, vatId],
  );
  return org;
}

export interface Line {
  amountMinor: number;
  /** Null: the buyer's regime decides at issue. */
  rateBp: number | null;
}

/** A draft invoice with these lines (one unit each), as the database owner. */
export async function draftInvoice(org: string, lines: Line[], currency = 'EUR'): Promise<string> {
  const [invoice] = await sql<{ id: string }>(
    `insert into public.invoices (organization_id, currency, period_start, period_end) values ($1, $2, '2080-01-01', '2080-02-01') returning id`,
    [org, currency],
  );
  await sql(
    `insert into public.invoice_lines (invoice_id, position, description, quantity, unit_amount_minor, amount_minor, vat_rate_bp)
     select $1, o, 'Line ' || o, 1, a, a, r from unnest($2::bigint[], $3::integer[]) with ordinality as l(a, r, o)`,
    [invoice.id, lines.map((l) => l.amountMinor), lines.map((l) => l.rateBp)],
  );
  return invoice.id;
}

export interface IssuedRow {
  id: string;
  number: string;
  subtotal_minor: string;
  vat_minor: string;
  total_minor: string;
  balance_minor: string;
  payment_status: string | null;
}

/** Issues a draft at billing time `at` (private.issue_invoice) and returns the row. */
export async function issueAt(invoiceId: string, at: string): Promise<IssuedRow> {
  return atBillingTime(at, async (client) => {
    const { rows } = await client.query<IssuedRow>('select * from private.issue_invoice($1)', [invoiceId]);
    return rows[0];
  });
}

/** The invoice row as stored. */
export async function invoiceRow(id: string): Promise<IssuedRow & Record<string, unknown>> {
  const [row] = await sql<IssuedRow & Record<string, unknown>>('select * from public.invoices where id = $1', [id]);
  return row;
}

/** Half away from zero on a non-negative integer ratio, in exact integers: the VAT rule as the test states it. */
export function vatOf(taxableMinor: bigint, rateBp: bigint): bigint {
  const scaled = taxableMinor * rateBp;
  return (scaled * 2n + 10000n) / 20000n;
}

/** A monthly plan priced in EUR (major units), shown on /pricing like any other. */
export async function newPlan(price: number): Promise<string> {
  const slug = `plan-${randomUUID().slice(0, 8)}`;
  const [plan] = await sql<{ id: string }>(
    `insert into public.pricing_plans (slug, name, summary, price, support, features, sort_order, is_published)
     values ($1, $2, 'For tests.', $3, 'E-mail', '{}', 900, false) returning id`,
    [slug, `Plan ${slug}`, price],
  );
  return plan.id;
}

/** Starts a membership as admin_start_membership does, with billing's clock at `start` (its first draft dated that day). */
export async function startMembership(org: string, plan: string, start: string): Promise<string> {
  return atBillingTime(`${start}T08:00:00Z`, async (client) => {
    await client.query(
      `insert into public.memberships (organization_id, plan_id, started_on, current_period_start, current_period_end)
       values ($1, $2, $3::date, $3::date, ($3::date + interval '1 month')::date)`,
      [org, plan, start],
    );
    const { rows } = await client.query<{ id: string }>('select private.create_period_draft($1, $2, $3::date) as id', [org, plan, start]);
    return rows[0].id;
  });
}

export interface RunResult {
  periodsStarted: number;
  draftsCreated: number;
  invoicesIssued: number;
  remindersQueued: number;
  overdueOrganizations: number;
  issueSkipped: string | null;
  today: string;
}

/** billing_run at `at` (a day, run at 09:00 Amsterdam) for these organisations only, as the service role calls it. */
export async function runBilling(at: string, orgs: string[]): Promise<RunResult> {
  const [row] = await sql<{ r: RunResult }>(`select public.billing_run(($1::date + time '09:00') at time zone 'Europe/Amsterdam', $2::uuid[]) as r`, [at, orgs]);
  return row.r;
}

export interface StatementCredit {
  rfReference: string;
  amountMinor: number;
  name: string;
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A camt.053.001.08 end-of-day statement (the shape of
 * tests/fixtures/camt053-two-credits.xml) with one EUR credit per `credits`,
 * each carrying its invoice's RF reference as the structured creditor
 * reference, plus one debit the parser leaves out: a statement for the
 * invoices a test issued itself.
 */
export function camt053For(credits: StatementCredit[], bookedOn = new Date().toISOString().slice(0, 10)): string {
  const amount = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  const entries = credits.map(
    (credit, index) => `
      <Ntry>
        <Amt Ccy="EUR">${amount(credit.amountMinor)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${bookedOn}</Dt></BookgDt>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>E2E-${index + 1}-${randomUUID().slice(0, 8)}</EndToEndId></Refs>
            <RltdPties><Dbtr><Pty><Nm>${xmlText(credit.name)}</Nm></Pty></Dbtr></RltdPties>
            <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${credit.rfReference}</Ref></CdtrRefInf></Strd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>TEST-${randomUUID()}</MsgId><CreDtTm>${bookedOn}T18:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>TEST-STMT-${randomUUID().slice(0, 8)}</Id>
      <CreDtTm>${bookedOn}T18:00:00+01:00</CreDtTm>
      <Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id><Ccy>EUR</Ccy></Acct>${entries.join('')}
      <Ntry>
        <Amt Ccy="EUR">250.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${bookedOn}</Dt></BookgDt>
        <NtryDtls><TxDtls><RmtInf><Ustrd>Office rent</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}
