import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatMinor, formatRateBp } from './money.ts';

describe('formatMinor', () => {
  it('prints minor units with the currency, two decimals and grouped thousands', () => {
    expect(formatMinor(145200, 'EUR')).toBe('€1,452.00');
    expect(formatMinor(-9050, 'GBP')).toBe('-£90.50');
    expect(formatMinor(120000, 'CHF')).toBe('CHF 1,200.00');
    expect(formatMinor(7, 'USD')).toBe('$0.07');
    expect(formatMinor(123456789012, 'EUR')).toBe('€1,234,567,890.12');
  });

  it('reads back to the same number of minor units for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        const printed = formatMinor(minor, 'SEK').replace('SEK ', '').replace(/,/g, '');
        expect(printed.replace('.', '')).toMatch(/^-?\d+$/);
        expect(BigInt(printed.replace('.', ''))).toBe(BigInt(minor));
      }),
    );
  });

  it('refuses a fraction of a minor unit instead of rounding it away', () => {
    expect(() => formatMinor(10.5, 'EUR')).toThrow(RangeError);
  });
});

describe('formatRateBp', () => {
  it('prints basis points as a percentage', () => {
    expect(formatRateBp(2100)).toBe('21 %');
    expect(formatRateBp(550)).toBe('5.5 %');
    expect(formatRateBp(0)).toBe('0 %');
    expect(formatRateBp(1225)).toBe('12.25 %');
  });
});
