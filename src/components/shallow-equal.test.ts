import { describe, expect, it } from 'vitest';

import { shallowEqual } from './shallow-equal';

describe('shallowEqual', () => {
  it('is true for the same object and for equal keys and values', () => {
    const a = { step: 1, busy: false };
    expect(shallowEqual(a, a)).toBe(true);
    expect(shallowEqual(a, { step: 1, busy: false })).toBe(true);
  });

  it('compares values by identity, not deeply', () => {
    expect(shallowEqual({ list: [1] }, { list: [1] })).toBe(false);
    const list = [1];
    expect(shallowEqual({ list }, { list })).toBe(true);
  });

  it('is false when a value differs or a key is missing or extra', () => {
    expect(shallowEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(shallowEqual<Record<string, number>>({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(shallowEqual<Record<string, number | undefined>>({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
  });

  it('treats NaN as equal to itself', () => {
    expect(shallowEqual({ n: Number.NaN }, { n: Number.NaN })).toBe(true);
  });
});
