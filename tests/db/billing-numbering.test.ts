import { randomInt } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { atBillingTime, billedOrganization, draftInvoice, ensureSeller, invoiceRow, issueAt } from '../support/billing-fixtures.ts';
import { asServiceRole, sql } from '../support/users.ts';

/**
 * Numbers and the frozen document (decision 069): gapless per series under
 * concurrency and rollbacks, and an issued invoice that nobody can change, the
 * service role and the database owner included. Each run bills in a year of
 * its own (a fresh series), so the series holds exactly what this file issued.
 */
const year = randomInt(3000, 9000);
const at = `${year}-06-15T10:00:00Z`;
let org: string;

beforeAll(async () => {
  await ensureSeller();
  org = await billedOrganization('NL');
});

describe('gapless numbering', () => {
  it('1,000 invoices issued over 20 connections with forced rollbacks: no duplicate number and no gap', { timeout: 180_000 }, async () => {
    const drafts = await sql<{ id: string }>(
      `with made as (
         insert into public.invoices (organization_id, currency) select $1, 'EUR' from generate_series(1, 1000) returning id
       ), lined as (
         insert into public.invoice_lines (invoice_id, position, description, unit_amount_minor, amount_minor)
         select id, 1, 'Membership', 12345, 12345 from made returning invoice_id
       ) select invoice_id as id from lined`,
      [org],
    );
    const queue = drafts.map((d) => d.id);
    const pool = new pg.Pool({ connectionString: stackConfig('test').dbUrl, max: 20 });
    const committed: string[] = [];
    let rolledBack = 0;
    try {
      const worker = async (w: number) => {
        let turn = 0;
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          turn += 1;
          // Every fifth issue of each worker, staggered, is rolled back after taking its number.
          const rollback = (turn + w) % 5 === 0;
          const client = await pool.connect();
          try {
            await client.query('begin');
            await client.query(`select set_config('accord.billing_now', $1, true)`, [at]);
            const { rows } = await client.query<{ number: string }>('select number from private.issue_invoice($1)', [id]);
            if (rollback) {
              await client.query('rollback');
              rolledBack += 1;
              queue.unshift(id);
            } else {
              await client.query('commit');
              committed.push(rows[0].number);
            }
          } finally {
            client.release();
          }
        }
      };
      await Promise.all(Array.from({ length: 20 }, (_, w) => worker(w)));
    } finally {
      await pool.end();
    }
    expect(rolledBack).toBeGreaterThan(100);
    expect(committed).toHaveLength(1000);
    expect(new Set(committed).size).toBe(1000);
    const expected = Array.from({ length: 1000 }, (_, i) => `ACC-${year}-${String(i + 1).padStart(6, '0')}`);
    expect([...committed].sort()).toEqual(expected);
    const [stored] = await sql<{ n: number; max: string }>(
      `select count(*)::int as n, max(number) as max from public.invoices where series = $1`,
      [`ACC-${year}`],
    );
    expect(stored).toEqual({ n: 1000, max: `ACC-${year}-001000` });
  });

  it('a rolled-back issue frees its number for the next one', async () => {
    const first = await draftInvoice(org, [{ amountMinor: 1000, rateBp: null }]);
    const second = await draftInvoice(org, [{ amountMinor: 2000, rateBp: null }]);
    const taken = await atBillingTime(`${year + 1}-01-02T10:00:00Z`, async (client) => {
      const { rows } = await client.query<{ number: string }>('select number from private.issue_invoice($1)', [first]);
      await client.query('rollback');
      await client.query('begin');
      return rows[0].number;
    });
    expect(taken).toBe(`ACC-${year + 1}-000001`);
    expect((await invoiceRow(first)).status).toBe('draft');
    expect((await issueAt(second, `${year + 1}-01-02T11:00:00Z`)).number).toBe(`ACC-${year + 1}-000001`);
    expect((await issueAt(first, `${year + 1}-01-02T12:00:00Z`)).number).toBe(`ACC-${year + 1}-000002`);
  });
});

describe('an issued invoice is frozen', () => {
  let issued: string;
  beforeAll(async () => {
    issued = await draftInvoice(org, [{ amountMinor: 50000, rateBp: null }, { amountMinor: 700, rateBp: null }]);
    await issueAt(issued, at);
  });

  it('the service role can neither change nor delete it, nor its lines or VAT', async () => {
    const before = await invoiceRow(issued);
    const service = asServiceRole();
    for (const attempt of [
      service.from('invoices').update({ total_minor: 1 }).eq('id', issued).select(),
      service.from('invoices').update({ buyer: { name: 'Someone else' } }).eq('id', issued).select(),
      service.from('invoices').delete().eq('id', issued).select(),
      service.from('invoice_lines').update({ description: 'Changed' }).eq('invoice_id', issued).select(),
      service.from('invoice_lines').delete().eq('invoice_id', issued).select(),
      service.from('invoice_lines').insert({ invoice_id: issued, position: 9, description: 'Added', unit_amount_minor: 1, amount_minor: 1 }).select(),
      service.from('invoice_vat_breakdown').update({ vat_minor: 0 }).eq('invoice_id', issued).select(),
      service.from('invoice_vat_breakdown').delete().eq('invoice_id', issued).select(),
    ]) {
      const { error, data } = await attempt;
      expect(data).toBeNull();
      expect(error?.message).toBe('invoice_issued_frozen');
    }
    expect(await invoiceRow(issued)).toEqual(before);
  });

  it('neither can the database owner, not even by truncating', async () => {
    await expect(sql(`update public.invoices set issue_date = issue_date - 1 where id = $1`, [issued])).rejects.toThrow('invoice_issued_frozen');
    await expect(sql(`update public.invoices set status = 'draft', number = null, series = null where id = $1`, [issued])).rejects.toThrow('invoice_issued_frozen');
    await expect(sql(`delete from public.invoices where id = $1`, [issued])).rejects.toThrow('invoice_issued_frozen');
    await expect(sql(`update public.invoice_lines set amount_minor = 1, unit_amount_minor = 1 where invoice_id = $1`, [issued])).rejects.toThrow('invoice_issued_frozen');
    await expect(sql('truncate public.invoice_lines cascade')).rejects.toThrow('invoice_issued_frozen');
    expect((await sql('select count(*)::int as n from public.invoice_lines where invoice_id = $1', [issued]))[0]).toEqual({ n: 2 });
  });

  it('takes its PDF once, and its payment state keeps moving', async () => {
    const sha = 'a'.repeat(64);
    const service = asServiceRole();
    expect(await service.rpc('record_invoice_pdf', { p_invoice_id: issued, p_path: `invoices/${issued}.pdf`, p_sha256: sha })).toMatchObject({ data: true, error: null });
    expect(await service.rpc('record_invoice_pdf', { p_invoice_id: issued, p_path: `invoices/${issued}.pdf`, p_sha256: sha })).toMatchObject({ data: false, error: null });
    const other = await service.rpc('record_invoice_pdf', { p_invoice_id: issued, p_path: `invoices/${issued}-2.pdf`, p_sha256: 'b'.repeat(64) });
    expect(other.error?.message).toBe('invoice_pdf_recorded');
    await expect(sql(`update public.invoices set pdf_path = 'elsewhere.pdf' where id = $1`, [issued])).rejects.toThrow('invoice_issued_frozen');

    await sql(`select private.record_payment($1, 1000, 'EUR', $2::date, 'bank_transfer', null, $3::jsonb, $4)`, [
      org, `${year}-06-20`, JSON.stringify([{ invoiceId: issued, amountMinor: 1000 }]), `frozen-${issued}`,
    ]);
    const row = await invoiceRow(issued);
    expect(row).toMatchObject({ paid_minor: '1000', payment_status: 'partly_paid', pdf_sha256: sha });
    expect(BigInt(row.balance_minor)).toBe(BigInt(row.total_minor) - 1000n);
  });
});
