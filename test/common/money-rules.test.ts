import { describe, expect, it } from 'vitest';
import {
  changeDue,
  corporateCheckDigit,
  refundProblems,
  registrationNumberProblem,
  tenderProblems,
  type TenderLine,
} from '../../main/common';

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

describe('registration number', () => {
  // Published 法人番号: 国税庁's own, and numbers worked in the sources of decision J4.
  it.each(['T7000012050002', 'T4011001098993', 'T2120901007402', 'T7123456789012'])(
    'accepts %s',
    (n) => expect(registrationNumberProblem(n)).toBeNull(),
  );

  it('computes the check digit of 国税庁 (7 000012050002)', () => {
    expect(corporateCheckDigit('000012050002')).toBe(7);
  });

  it.each([
    ['T1000012050002', 'CHECK_DIGIT'],
    ['T7000012050003', 'CHECK_DIGIT'],
    // Two neighbouring digits swapped: weights 1 and 2 catch it.
    ['T7000010250002', 'CHECK_DIGIT'],
    ['7000012050002', 'FORMAT'],
    ['T700001205000', 'FORMAT'],
    ['T70000120500021', 'FORMAT'],
    ['t7000012050002', 'FORMAT'],
    ['T7000012O50002', 'FORMAT'],
  ])('refuses %s (%s)', (n, code) => {
    expect(registrationNumberProblem(n)?.code).toBe(code);
  });
});
