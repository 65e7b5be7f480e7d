import { describe, expect, it } from 'vitest';

import { formatArticleDate, initialsOf, isSolutionCategory } from './content-format';

describe('content formats', () => {
  it("writes an update's date as British English readers expect", () => {
    expect(formatArticleDate('2026-11-03T09:00:00+00:00')).toBe('3 November 2026');
    expect(formatArticleDate('not a date')).toBe('');
  });

  it('makes a neutral mark from at most two initials', () => {
    expect(initialsOf('Ledgerline Seal')).toBe('LS');
    expect(initialsOf('DocuProof')).toBe('D');
    expect(initialsOf('Northbridge Integrations & Partners')).toBe('NI');
    expect(initialsOf('élan vital')).toBe('ÉV');
  });

  it('accepts only known categories from the address', () => {
    expect(isSolutionCategory('digital_wallet')).toBe(true);
    expect(isSolutionCategory('wallets')).toBe(false);
    expect(isSolutionCategory(null)).toBe(false);
  });
});
