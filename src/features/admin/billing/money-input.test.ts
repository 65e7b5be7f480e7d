import { describe, expect, it } from 'vitest';

import { moneyInputText, parseMoneyInput } from './money-input';

describe('parseMoneyInput', () => {
  it.each([
    ['1452', 145200],
    ['1452.5', 145250],
    ['1,452.50', 145250],
    ['1452,50', 145250],
    ['€ 0.07', 7],
    ['12.345,6', 1234560],
  ])('reads %s as %i minor units', (text, minor) => {
    expect(parseMoneyInput(text)).toBe(minor);
  });

  it.each(['', 'abc', '1.234', '-5', '1.2.3', '0.001'])('refuses %j', (text) => {
    expect(parseMoneyInput(text)).toBeNull();
  });

  it('writes minor units back as the field’s text', () => {
    expect(moneyInputText(145205)).toBe('1452.05');
    expect(parseMoneyInput(moneyInputText(99))).toBe(99);
  });
});
