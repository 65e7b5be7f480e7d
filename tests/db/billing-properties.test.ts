import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { atBillingTime, billedOrganization, draftInvoice, ensureSeller, invoiceRow, issueAt, vatOf, type Line } from '../support/billing-fixtures.ts';
import { sql } from '../support/users.ts';

/**
 * The money rules of decision 069 as properties, checked against the SQL that
 * holds them (private.invoice_vat through private.issue_invoice,
 * private.create_credit_note, the payment state trigger): for any lines and
 * rates, any credit notes and any payments. This file bills in 2081.
 */
const AT = '2081-03-15T10:00:00Z';
const RATES = [0, 500, 900, 1300, 1900, 2100, 2300, 2550, 2700, 10000];

const lineArb: fc.Arbitrary<Line> = fc.record({
  amountMinor: fc.integer({ min: 0, max: 2_000_000_000 }),
  rateBp: fc.oneof(fc.constantFrom(...RATES), fc.integer({ min: 0, max: 10000 })),
});

let org: string;
beforeAll(async () => {
  await ensureSeller();
  // Domestic (NL): lines keep the rates they carry.
  org = await billedOrganization('NL');
});

async function issued(lines: Line[]): Promise<string> {
  const id = await draftInvoice(org, lines);
  await issueAt(id, AT);
  return id;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

describe('VAT: per rate on the unrounded sum, rounded once', () => {
  it('lines plus VAT equal the total to the cent, for any lines and rates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 8 }), async (lines) => {
        const id = await issued(lines);
        const row = await invoiceRow(id);
        const breakdown = await sql<{ rate_bp: number; taxable_minor: string; vat_minor: string }>(
          'select rate_bp, taxable_minor, vat_minor from public.invoice_vat_breakdown where invoice_id = $1 order by rate_bp',
          [id],
        );
        const byRate = new Map<number, bigint>();
        for (const l of lines) byRate.set(l.rateBp!, (byRate.get(l.rateBp!) ?? 0n) + BigInt(l.amountMinor));
        const expected = [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, taxable]) => ({
          rate_bp: rate,
          taxable_minor: taxable.toString(),
          vat_minor: vatOf(taxable, BigInt(rate)).toString(),
        }));
        expect(breakdown).toEqual(expected);
        const subtotal = lines.reduce((sum, l) => sum + BigInt(l.amountMinor), 0n);
        const vat = expected.reduce((sum, r) => sum + BigInt(r.vat_minor), 0n);
        expect([row.subtotal_minor, row.vat_minor, row.total_minor]).toEqual([subtotal.toString(), vat.toString(), (subtotal + vat).toString()]);
      }),
      { numRuns: 50 },
    );
  });
});

describe('credit notes', () => {
  it('never exceed what remains, and a full one voids the balance and keeps the invoice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineArb, { minLength: 1, maxLength: 3 }).filter((ls) => ls.some((l) => l.amountMinor > 0)),
        fc.array(fc.option(fc.double({ min: 0, max: 1.3, noNaN: true }), { nil: null }), { minLength: 1, maxLength: 4 }),
        async (lines, asks) => {
          const id = await issued(lines);
          const total = BigInt((await invoiceRow(id)).total_minor);
          let credited = 0n;
          let fullyCredited = false;
          for (const share of asks) {
            const remaining = total - credited;
            const amount = share === null ? null : BigInt(Math.floor(Number(total) * share));
            const outcome = await atBillingTime(AT, (c) =>
              c.query<{ total_minor: string }>('select total_minor from private.create_credit_note($1, $2, $3)', [id, amount?.toString() ?? null, 'Property test']),
            ).then((r) => r.rows[0], (e: unknown) => errorMessage(e));
            if (typeof outcome === 'string') {
              // Refused only for a reason: nothing left, too much, or too little to make a line.
              expect(outcome).toMatch(/^(credit_exceeds_remaining|credit_amount_invalid)$/);
              if (outcome === 'credit_exceeds_remaining') expect(remaining <= 0n || (amount !== null && amount > remaining)).toBe(true);
              continue;
            }
            const noteTotal = BigInt(outcome.total_minor);
            expect(noteTotal).toBeGreaterThan(0n);
            expect(noteTotal).toBeLessThanOrEqual(remaining);
            if (amount === null || amount === remaining) {
              expect(noteTotal).toBe(remaining);
              fullyCredited = true;
            } else {
              expect(noteTotal).toBeLessThanOrEqual(amount);
            }
            credited += noteTotal;
          }
          const row = await invoiceRow(id);
          expect(BigInt(row.credited_minor as string)).toBe(credited);
          expect(credited).toBeLessThanOrEqual(total);
          expect(BigInt(row.balance_minor)).toBe(total - credited);
          if (fullyCredited) {
            expect(row).toMatchObject({ balance_minor: '0', payment_status: 'credited', status: 'issued', kind: 'invoice' });
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('balance', () => {
  it('is total − credits − payments, with the payment status that follows from it', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('pay' as const), share: fc.double({ min: 0.01, max: 0.7, noNaN: true }) }),
      fc.record({ kind: fc.constant('credit' as const), share: fc.double({ min: 0.01, max: 0.7, noNaN: true }) }),
    );
    let key = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 50_000_000 }), fc.constantFrom(0, 900, 2100), fc.array(step, { maxLength: 5 }), async (amount, rate, steps) => {
        const id = await issued([{ amountMinor: amount, rateBp: rate }]);
        const total = BigInt((await invoiceRow(id)).total_minor);
        let paid = 0n;
        for (const s of steps) {
          const row = await invoiceRow(id);
          const want = BigInt(Math.max(1, Math.floor(Number(total) * s.share)));
          if (s.kind === 'pay') {
            const take = want < BigInt(row.balance_minor) ? want : BigInt(row.balance_minor);
            if (take <= 0n) continue;
            await sql(`select private.record_payment($1, $2, 'EUR', '2081-03-20', 'bank_transfer', null, $3::jsonb, $4)`, [
              org, take.toString(), JSON.stringify([{ invoiceId: id, amountMinor: Number(take) }]), `prop-${process.pid}-${Date.now()}-${key++}`,
            ]);
            paid += take;
          } else {
            await atBillingTime(AT, (c) => c.query('select private.create_credit_note($1, $2, $3)', [id, want.toString(), 'Property test'])).catch(
              (e: unknown) => expect(errorMessage(e)).toMatch(/^(credit_exceeds_remaining|credit_amount_invalid)$/),
            );
          }
        }
        const row = await invoiceRow(id);
        const [{ credited }] = await sql<{ credited: string }>(
          `select coalesce(sum(total_minor), 0)::text as credited from public.invoices where credited_invoice_id = $1 and status = 'issued'`, [id],
        );
        const balance = total - BigInt(credited) - paid;
        expect(row.balance_minor).toBe(balance.toString());
        expect(row.paid_minor).toBe(paid.toString());
        const status = BigInt(credited) >= total ? 'credited' : balance <= 0n ? 'paid' : paid > 0n ? 'partly_paid' : 'unpaid';
        expect(row.payment_status).toBe(status);
      }),
      { numRuns: 40 },
    );
  });
});
