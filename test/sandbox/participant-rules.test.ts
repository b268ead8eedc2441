import { describe, expect, it } from 'vitest';
import { isBlank, storedValue } from '../../sandbox/domain/participant-rules';

// The HTTP conformance tests (create.test.ts) pin the rules; these pin the edges of storing.
describe('storedValue (decision 18)', () => {
  it('writes numbers in exponent range out in plain decimal, keeping their digits', () => {
    expect(storedValue(1.5e-7)).toBe('0.00000015');
    expect(storedValue(-2.25e-9)).toBe('-0.00000000225');
    expect(storedValue(1.25e22)).toBe('12500000000000000000000');
    expect(storedValue(-3e21)).toBe('-3000000000000000000000');
    expect(storedValue(123456.789)).toBe('123456.789');
  });

  it('joins a multi-select with commas and keeps text as sent', () => {
    expect(storedValue(['egg', 'milk'])).toBe('egg,milk');
    expect(storedValue(' 帝国 ')).toBe(' 帝国 ');
  });
});

describe('isBlank', () => {
  it('treats blank text and an empty list as not given, and any number as given', () => {
    expect([undefined, '', ' \t', []].map(isBlank)).toEqual([true, true, true, true]);
    expect([0, 'a', ['a']].map(isBlank)).toEqual([false, false, false]);
  });
});
