/** The counter's discounts: the owner's reasons, per line or per sale, amount or percent (issue 30). */
import { describe, expect, it } from 'vitest';
import {
  applyDiscounts,
  CounterDiscountRequest,
  DEFAULT_DISCOUNT_REASONS,
  discountReasonText,
  DiscountReasonList,
  netLines,
  percentOff,
  type CounterDiscountRequest as Asked,
} from '../../../main/common';

const lines = [
  { id: 'p1:adult', amount: 8_000, taxRate: 10 },
  { id: 'p1:child', amount: 2_500, taxRate: 10 },
  { id: 'item:towel', amount: 1_080, taxRate: 8 },
];
const ask = (a: Asked) => CounterDiscountRequest.parse(a);
const apply = (asked: Asked[], price = 11_580, reasons = DEFAULT_DISCOUNT_REASONS) =>
  applyDiscounts(lines, price, asked.map(ask), reasons);
const codes = (problems: { field: string; code: string }[]) =>
  problems.map((p) => `${p.field} ${p.code}`);

describe('percentOff: one rounding, in the guest’s favour', () => {
  it('rounds the yen off up', () => {
    expect(percentOff(1_234, 10)).toBe(124);
    expect(percentOff(1_230, 10)).toBe(123);
    expect(percentOff(999, 33)).toBe(330); // 329.67
    expect(percentOff(5_000, 100)).toBe(5_000);
  });
});

describe('applyDiscounts', () => {
  it('takes a line’s off that line and a percent of the sale off what is left', () => {
    const { discounts, total, problems } = apply([
      { line: null, kind: 'percent', value: 10, reason: 'promotion' },
      { line: 'p1:child', kind: 'amount', value: 500, reason: 'apology' },
    ]);
    expect(problems).toEqual([]);
    // The child line −500 first; then 10 % of 11,080 = 1,108.
    expect(discounts).toEqual([
      {
        line: null,
        kind: 'percent',
        value: 10,
        amount: 1_108,
        reason: { id: 'promotion', ja: 'キャンペーン・クーポン', en: 'Campaign / coupon' },
      },
      {
        line: 'p1:child',
        kind: 'amount',
        value: 500,
        amount: 500,
        reason: { id: 'apology', ja: 'お詫び', en: 'Apology' },
      },
    ]);
    expect(total).toBe(1_608);
  });

  it('takes a line of any kind with an id (a counter item at 8 %)', () => {
    const { discounts, total } = apply([
      { line: 'item:towel', kind: 'percent', value: 50, reason: 'rounding' },
    ]);
    expect(discounts[0]!.amount).toBe(540);
    expect(total).toBe(540);
    expect(netLines(lines, discounts).net.map((l) => l.amount)).toEqual([8_000, 2_500, 540]);
  });

  it('says each problem at its discount', () => {
    const { problems, total } = apply([
      { line: 'nope', kind: 'amount', value: 1, reason: 'apology' },
      { line: null, kind: 'amount', value: 20_000, reason: 'apology' },
      { line: 'p1:adult', kind: 'percent', value: 101, reason: 'apology' },
      { line: 'p1:child', kind: 'amount', value: 100, reason: 'other' },
      { line: 'p1:child', kind: 'amount', value: 100, reason: 'gone' },
    ]);
    expect(codes(problems).sort()).toEqual([
      'counterDiscounts.0.line LINE_UNKNOWN',
      'counterDiscounts.1.value DISCOUNT_OVER',
      'counterDiscounts.2.value PERCENT_OVER',
      'counterDiscounts.3.note NOTE_REQUIRED',
      'counterDiscounts.4.line DUPLICATE',
      'counterDiscounts.4.reason REASON_UNKNOWN',
    ]);
    expect(total).toBe(200);
  });

  it('never takes off more than the service’s price less its own discounts', () => {
    const { problems } = apply(
      [{ line: 'p1:adult', kind: 'amount', value: 8_000, reason: 'apology' }],
      7_000,
    );
    expect(codes(problems)).toEqual(['counterDiscounts.0.value DISCOUNT_OVER']);
  });

  it('offers only the active reasons of the owner’s list', () => {
    const reasons = DiscountReasonList.parse({
      reasons: [
        ...DEFAULT_DISCOUNT_REASONS.reasons.map((r) =>
          r.id === 'promotion' ? { ...r, active: false } : r,
        ),
        {
          id: 'staff',
          words: { ja: '社員割', en: 'Staff discount' },
          active: true,
          noteRequired: false,
        },
      ],
    });
    const off = apply(
      [{ line: null, kind: 'amount', value: 100, reason: 'promotion' }],
      11_580,
      reasons,
    );
    expect(codes(off.problems)).toEqual(['counterDiscounts.0.reason REASON_UNKNOWN']);
    const own = apply(
      [{ line: null, kind: 'amount', value: 100, reason: 'staff' }],
      11_580,
      reasons,
    );
    expect(own.discounts[0]!.reason).toEqual({ id: 'staff', ja: '社員割', en: 'Staff discount' });
  });

  it('a list with one id twice is refused', () => {
    const twice = [DEFAULT_DISCOUNT_REASONS.reasons[0]!, DEFAULT_DISCOUNT_REASONS.reasons[0]!];
    expect(DiscountReasonList.safeParse({ reasons: twice }).success).toBe(false);
  });
});

describe('discountReasonText', () => {
  it('says the words the record kept, else I7’s own', () => {
    expect(discountReasonText({ id: 'x', ja: '旧名', en: 'Old name' }, 'ja')).toBe('旧名');
    expect(discountReasonText({ id: 'apology' }, 'en')).toBe('Apology');
    expect(discountReasonText({ id: 'unknown' }, 'en')).toBe('unknown');
  });
});
