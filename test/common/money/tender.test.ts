/** The methods as the table says them, and the one builder of payment lines. */
import { describe, expect, it } from 'vitest';
import {
  FIRST_METHOD,
  PAYMENT_METHODS,
  TenderLine,
  TenderMethod,
  needsBrand,
  otherMethod,
  paymentLine,
} from '../../../main/common';

describe('the payment methods', () => {
  it('are the table’s keys, in its order: the contract’s enum, the default, a split’s second', () => {
    expect(TenderMethod.options).toEqual(Object.keys(PAYMENT_METHODS));
    expect(FIRST_METHOD).toBe('cash');
    expect(otherMethod('cash')).toBe('card');
    expect(otherMethod('qr')).toBe('cash');
    expect(TenderMethod.options.filter(needsBrand)).toEqual(['qr']);
  });
});

describe('paymentLine', () => {
  it('keeps only the parts the method takes', () => {
    const all = { received: 5_000, brand: ' PayPay ', reference: ' A-1 ' };
    expect(paymentLine('cash', 3_000, all)).toEqual({
      method: 'cash',
      amount: 3_000,
      received: 5_000,
      brand: null,
      reference: null,
    });
    expect(paymentLine('card', 3_000, all)).toEqual({
      method: 'card',
      amount: 3_000,
      received: null,
      brand: 'PayPay',
      reference: 'A-1',
    });
    expect(paymentLine('qr', 3_000, all)).toEqual({
      method: 'qr',
      amount: 3_000,
      received: null,
      brand: 'PayPay',
      reference: null,
    });
    expect(paymentLine('other', 3_000, all)).toEqual({
      method: 'other',
      amount: 3_000,
      received: null,
      brand: null,
      reference: 'A-1',
    });
  });

  it('makes a line the contract takes as it is; blank parts are none', () => {
    const line = paymentLine('qr', 2_800, { brand: 'PayPay', reference: '  ' });
    expect(TenderLine.parse(line)).toEqual(line);
    expect(paymentLine('card', 100, { reference: '  ' }).reference).toBeNull();
    expect(paymentLine('cash', 100)).toEqual({
      method: 'cash',
      amount: 100,
      received: null,
      brand: null,
      reference: null,
    });
  });
});
