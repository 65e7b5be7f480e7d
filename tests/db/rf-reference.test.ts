import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { rfReference } from '../../supabase/functions/_shared/billing/payment-reference.ts';
import { sql } from '../support/users.ts';

/**
 * One ISO 11649 rule in two places: the database sets an invoice's reference
 * at issue (private.rf_reference, decision 069) and the app and the PDF
 * validate and print it (payment-reference.ts, decision 071). Both must give
 * the same reference for every invoice number.
 */
async function inSql(numbers: string[]): Promise<string[]> {
  const rows = await sql<{ reference: string }>(
    'select private.rf_reference(n) as reference from unnest($1::text[]) with ordinality as t(n, o) order by o',
    [numbers],
  );
  return rows.map((row) => row.reference);
}

describe('the RF reference, in SQL and in TypeScript', () => {
  it('agrees on the standard’s example and on invoice numbers', async () => {
    const numbers = ['539007547034', 'ACC-2026-000042', 'ACC-2026-000001', 'ACC-2027-123456', 'ACC-2026-999999', 'acc-cn-2026-000003'];
    expect(await inSql(numbers)).toEqual([
      'RF18539007547034',
      'RF79ACC2026000042',
      'RF22ACC2026000001',
      'RF92ACC2027123456',
      'RF26ACC2026999999',
      'RF30ACCCN2026000003',
    ]);
    expect(numbers.map(rfReference)).toEqual(await inSql(numbers));
  });

  it('agrees on any series and number', async () => {
    const numbers = fc.sample(
      fc
        .tuple(fc.stringMatching(/^[A-Z]{1,6}(-[A-Z]{1,3})?$/), fc.integer({ min: 2000, max: 2999 }), fc.integer({ min: 1, max: 999_999 }))
        .map(([prefix, year, n]) => `${prefix}-${year}-${String(n).padStart(6, '0')}`)
        .filter((number) => number.replace(/[^A-Z0-9]/g, '').length <= 21),
      300,
    );
    expect(numbers.map(rfReference)).toEqual(await inSql(numbers));
  });
});
