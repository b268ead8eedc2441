/** The tender's rules: lines against the price and their methods' entries, the change, refunds. */
import { describe, expect, it } from 'vitest';
import {
  changeDue,
  lineProblems,
  partProblems,
  refundProblems,
  tenderProblems,
  type TenderLine,
} from '../../../main/common';

const line = (l: Partial<TenderLine> & Pick<TenderLine, 'method' | 'amount'>): TenderLine => ({
  received: null,
  brand: null,
  reference: null,
  ...l,
});
const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe('tender', () => {
  it('accepts cash with change, and counts the change', () => {
    const lines = [line({ method: 'cash', amount: 12_000, received: 15_000 })];
    expect(tenderProblems({ lines }, 12_000)).toEqual([]);
    expect(changeDue(lines)).toBe(3_000);
  });

  it('treats cash without `received` as exact: no change', () => {
    const lines = [line({ method: 'cash', amount: 500 })];
    expect(tenderProblems({ lines }, 500)).toEqual([]);
    expect(changeDue(lines)).toBe(0);
  });

  it('refuses lines that do not add up to the price exactly', () => {
    expect(codes(tenderProblems({ lines: [line({ method: 'card', amount: 999 })] }, 1000))).toEqual(
      ['TENDER_SHORT'],
    );
    expect(
      codes(tenderProblems({ lines: [line({ method: 'card', amount: 1001 })] }, 1000)),
    ).toEqual(['TENDER_OVER']);
  });

  it('refuses cash received short of its amount', () => {
    const lines = [line({ method: 'cash', amount: 3000, received: 2999 })];
    expect(codes(tenderProblems({ lines }, 3000))).toEqual(['CASH_SHORT']);
  });

  it('refuses `received` on a non-cash line, and a QR line without its brand', () => {
    expect(
      codes(tenderProblems({ lines: [line({ method: 'card', amount: 10, received: 10 })] }, 10)),
    ).toEqual(['NOT_CASH']);
    expect(codes(tenderProblems({ lines: [line({ method: 'qr', amount: 10 })] }, 10))).toEqual([
      'BRAND_REQUIRED',
    ]);
    expect(
      tenderProblems({ lines: [line({ method: 'qr', amount: 10, brand: 'PayPay' })] }, 10),
    ).toEqual([]);
  });

  it('refuses a brand or slip field the method does not take (the builder never writes one)', () => {
    expect(codes(lineProblems([line({ method: 'cash', amount: 10, brand: 'PayPay' })]))).toEqual([
      'NOT_TAKEN',
    ]);
    expect(
      partProblems(line({ method: 'qr', amount: 10, brand: 'PayPay', reference: 'x' }), 'l'),
    ).toEqual([{ field: 'l.reference', code: 'NOT_TAKEN', reason: 'qr takes no slip field' }]);
    // Card: a brand if noted, and its slip number.
    expect(
      lineProblems([line({ method: 'card', amount: 10, brand: 'VISA', reference: 'A-1' })]),
    ).toEqual([]);
  });

  it('takes a split of two different methods only', () => {
    const split = [
      line({ method: 'cash', amount: 2000, received: 5000 }),
      line({ method: 'card', amount: 8000 }),
    ];
    expect(tenderProblems({ lines: split }, 10_000)).toEqual([]);
    expect(changeDue(split)).toBe(3000);
    const twoCash = [
      line({ method: 'cash', amount: 5000 }),
      line({ method: 'cash', amount: 5000 }),
    ];
    expect(codes(tenderProblems({ lines: twoCash }, 10_000))).toEqual(['SPLIT_SAME_METHOD']);
  });

  it('refuses a line of zero (a split whose second part pays nothing)', () => {
    const lines = [line({ method: 'card', amount: 100 }), line({ method: 'other', amount: 0 })];
    expect(codes(tenderProblems({ lines }, 100))).toEqual(['too_small']);
  });
});

describe('refund', () => {
  it('refuses more than is left of what was taken', () => {
    expect(refundProblems([line({ method: 'cash', amount: 5000 })], 12_000, 7000)).toEqual([]);
    expect(codes(refundProblems([line({ method: 'cash', amount: 5001 })], 12_000, 7000))).toEqual([
      'REFUND_OVER',
    ]);
  });
});
