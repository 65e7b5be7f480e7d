import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  EpcPayloadError,
  epcQrPayload,
  groupsOfFour,
  isValidIban,
  isValidRfReference,
  RfReferenceError,
  rfReference,
} from './payment-reference.ts';

/**
 * The vectors billing-db's SQL (the reference set when an invoice is issued)
 * must give too: number → reference. The first is ISO 11649's own example.
 */
const RF_VECTORS: ReadonlyArray<readonly [string, string]> = [
  ['539007547034', 'RF18539007547034'],
  ['ACC-2026-000042', 'RF79ACC2026000042'],
  ['ACC-2026-000001', 'RF22ACC2026000001'],
  ['ACC-2027-123456', 'RF92ACC2027123456'],
  ['ACC-2026-999999', 'RF26ACC2026999999'],
  ['acc-cn-2026-000003', 'RF30ACCCN2026000003'],
];

const SELLER_IBAN = 'NL91ABNA0417164300';

describe('rfReference', () => {
  it.each(RF_VECTORS)('%s → %s', (number, reference) => {
    expect(rfReference(number)).toBe(reference);
    expect(isValidRfReference(reference)).toBe(true);
  });

  it('refuses a number with nothing to carry, or more than 21 letters and digits', () => {
    expect(() => rfReference('--')).toThrow(RfReferenceError);
    expect(() => rfReference('A'.repeat(22))).toThrow(RfReferenceError);
    expect(rfReference('A'.repeat(21))).toMatch(/^RF[0-9]{2}A{21}$/);
  });

  it('every reference it makes validates, and changing any one character of it breaks the check', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{1,21}$/), fc.nat(), fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), (body, at, char) => {
        const reference = rfReference(body);
        expect(isValidRfReference(reference)).toBe(true);
        const index = 2 + (at % (reference.length - 2));
        fc.pre(reference[index] !== char && !(index < 4 && !/[0-9]/.test(char)));
        const typo = reference.slice(0, index) + char + reference.slice(index + 1);
        expect(isValidRfReference(typo)).toBe(false);
      }),
    );
  });
});

describe('isValidRfReference', () => {
  it('reads a reference as people type it: spaces and lower case', () => {
    expect(isValidRfReference('rf18 5390 0754 7034')).toBe(true);
  });

  it('refuses wrong check digits, the wrong prefix and a body too long', () => {
    expect(isValidRfReference('RF19539007547034')).toBe(false);
    expect(isValidRfReference('RX18539007547034')).toBe(false);
    expect(isValidRfReference(`RF00${'1'.repeat(22)}`)).toBe(false);
    expect(isValidRfReference('RF18')).toBe(false);
  });
});

describe('groupsOfFour', () => {
  it('prints references and IBANs in groups of four', () => {
    expect(groupsOfFour('RF18539007547034')).toBe('RF18 5390 0754 7034');
    expect(groupsOfFour('nl91 abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });
});

describe('isValidIban', () => {
  it('accepts real IBANs and refuses a typo', () => {
    expect(isValidIban(SELLER_IBAN)).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('NL91ABNA0417164301')).toBe(false);
  });
});

describe('epcQrPayload', () => {
  const transfer = {
    bic: 'ABNANL2A',
    name: 'Accord Network B.V.',
    iban: 'NL91 ABNA 0417 1643 00',
    amountMinor: 145200,
    currency: 'EUR',
    reference: 'RF79ACC2026000042',
  };

  it('writes the ten EPC069-12 fields, one a line, with the amount from the minor units', () => {
    expect(epcQrPayload(transfer).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'ABNANL2A',
      'Accord Network B.V.',
      SELLER_IBAN,
      'EUR1452.00',
      '',
      'RF79ACC2026000042',
    ]);
  });

  it('keeps the name to 70 characters on one line, and counts characters, not bytes', () => {
    const payload = epcQrPayload({ ...transfer, name: `Łódź\nØresund ${'ß'.repeat(80)}` });
    const name = payload.split('\n')[5];
    expect(Array.from(name)).toHaveLength(70);
    expect(name.startsWith('Łódź Øresund ß')).toBe(true);
  });

  it('leaves the BIC empty when there is none (allowed within the EEA in version 002)', () => {
    expect(epcQrPayload({ ...transfer, bic: null }).split('\n')[4]).toBe('');
  });

  it('prints one cent and the largest amount exactly', () => {
    expect(epcQrPayload({ ...transfer, amountMinor: 1 }).split('\n')[7]).toBe('EUR0.01');
    expect(epcQrPayload({ ...transfer, amountMinor: 99_999_999_999 }).split('\n')[7]).toBe('EUR999999999.99');
  });

  it('refuses what the code cannot carry: another currency, nothing to pay, too much, a bad IBAN, BIC or reference', () => {
    expect(() => epcQrPayload({ ...transfer, currency: 'GBP' })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, amountMinor: 0 })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, amountMinor: 100_000_000_000 })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, iban: 'NL91ABNA0417164301' })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, bic: 'ABN' })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, reference: 'RF00ACC2026000042' })).toThrow(EpcPayloadError);
  });
});
