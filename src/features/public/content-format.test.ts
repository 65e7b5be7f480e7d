import { describe, expect, it } from 'vitest';

import { formatArticleDate, formatCount, formatEuro, initialsOf, isSolutionCategory } from './content-format';

describe('content formats', () => {
  it('writes euros without cents for whole amounts and with cents otherwise', () => {
    expect(formatEuro(2400)).toBe('€2,400');
    expect(formatEuro(290)).toBe('€290');
    expect(formatEuro(0.45)).toBe('€0.45');
    expect(formatEuro(0.6)).toBe('€0.60');
  });

  it('writes counts and dates as British English readers expect', () => {
    expect(formatCount(10000)).toBe('10,000');
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
