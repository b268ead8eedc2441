/** The tender's pure checks, the change, the quick buttons. */
import { describe, expect, it } from 'vitest';
import {
  changeDue,
  newLine,
  quickAmounts,
  rebalance,
  tenderProblems,
  toTender,
} from '../../../renderer/src/checkout/tenderRules';

const cash = (amount: number, received: number | null) => ({
  ...newLine('cash', amount),
  received,
});

describe('tender rules', () => {
  it('change: what cash received beyond its part; none for other methods', () => {
    expect(changeDue([cash(11000, 20000)])).toBe(9000);
    expect(changeDue([newLine('card', 8000), cash(3000, 5000)])).toBe(2000);
    expect(changeDue([cash(11000, null)])).toBe(0);
  });

  it('problems (the shared rules, worded): sum, short cash, missing brand, same method twice, an empty part', () => {
    expect(tenderProblems(11000, [cash(11000, 20000)])).toEqual([]);
    expect(tenderProblems(11000, [cash(10000, null)])).toEqual(['sum_mismatch']);
    expect(tenderProblems(11000, [cash(11000, 10000)])).toEqual(['received_short']);
    expect(tenderProblems(11000, [newLine('qr', 11000)])).toEqual(['brand_missing']);
    expect(tenderProblems(11000, [cash(5000, null), cash(6000, null)])).toEqual(['same_method']);
    expect(tenderProblems(11000, [newLine('card', 11000), cash(0, null)])).toEqual(['line_empty']);
    expect(tenderProblems(null, [cash(0, null)])).toEqual(['total_missing']);
  });

  it('a split follows the total: the second part takes the rest', () => {
    const lines = rebalance(11000, [newLine('card', 8000), newLine('cash', 0)]);
    expect(lines.map((l) => l.amount)).toEqual([8000, 3000]);
    expect(
      rebalance(11000, [newLine('card', 99999), newLine('cash', 0)]).map((l) => l.amount),
    ).toEqual([11000, 0]);
  });

  it('the contract tender: cash received defaults to the amount, references trimmed', () => {
    expect(toTender([cash(11000, null), { ...newLine('card', 0), reference: ' A1 ' }])).toEqual({
      lines: [
        { method: 'cash', amount: 11000, received: 11000, brand: null, reference: null },
        { method: 'card', amount: 0, received: null, brand: null, reference: 'A1' },
      ],
    });
  });

  it('quick buttons: what a guest hands over in each note, above the amount', () => {
    expect(quickAmounts(11000, [1000, 5000, 10000])).toEqual([15000, 20000]);
    expect(quickAmounts(3200, [1000, 5000, 10000])).toEqual([4000, 5000, 10000]);
    expect(quickAmounts(10000, [10000])).toEqual([]);
  });
});
