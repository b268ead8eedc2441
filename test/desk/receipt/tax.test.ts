/** Consumption tax on a receipt: one rounding (down) per rate, discounts shared out exactly. */
import { describe, expect, it } from 'vitest';
import { shareOut, taxByRate, taxIncluded } from '../../../main/desk/receipt/tax';

const item = (quantity: number, unitPrice: number, taxRate = 10) => ({
  quantity,
  unitPrice,
  taxRate,
});

describe('taxIncluded', () => {
  it('is the tax a tax-included amount contains, rounded down', () => {
    expect(taxIncluded(11_000, 10)).toBe(1_000);
    expect(taxIncluded(12_000, 10)).toBe(1_090); // 1 090.9…
    expect(taxIncluded(10_800, 8)).toBe(800);
    expect(taxIncluded(1_000, 8)).toBe(74); // 74.07…
    expect(taxIncluded(1, 10)).toBe(0);
    expect(taxIncluded(0, 10)).toBe(0);
    expect(taxIncluded(5_000, 0)).toBe(0);
  });
});

describe('shareOut', () => {
  it('splits in proportion, in whole yen, adding up to the discount', () => {
    expect(shareOut(1_000, [3_000, 1_000])).toEqual([750, 250]);
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    const shares = shareOut(997, [12_345, 6_789, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(997);
  });
});

describe('taxByRate', () => {
  it('rounds once per receipt, not per line', () => {
    // Three 999-yen lines: per line 90 + 90 + 90 = 270; per receipt 2 997 → 272.
    expect(taxByRate([item(3, 999)], 0, 2_997, 10)).toEqual([
      { rate: 10, amount: 2_997, tax: 272 },
    ]);
  });

  it('keeps rates apart and shares a discount between them', () => {
    const rates = taxByRate([item(2, 5_000), item(1, 2_160, 8)], 1_216, 10_944, 10);
    expect(rates).toEqual([
      { rate: 10, amount: 9_000, tax: 818 },
      { rate: 8, amount: 1_944, tax: 144 },
    ]);
    expect(rates.reduce((a, r) => a + r.amount, 0)).toBe(10_944);
  });

  it('taxes the total paid at the default rate when the lines do not add up to it', () => {
    expect(taxByRate([item(2, 5_000)], 0, 9_500, 10)).toEqual([
      { rate: 10, amount: 9_500, tax: 863 },
    ]);
    expect(taxByRate([], 0, 12_000, 10)).toEqual([{ rate: 10, amount: 12_000, tax: 1_090 }]);
  });
});
