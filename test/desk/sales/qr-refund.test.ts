/**
 * A refund by QR / e-money through the router, sent as the counter sends it: a PayPay walk-in
 * sold, then cancelled as the store's decision with the renderer's own cancel store (its refund
 * paid back by the sale's method and brand) — accepted, the booking cancelled, the refund in the
 * journal with its brand. (Before the table, the cancel store sent `brand: null` and the desk
 * answered INVALID_INPUT `paid.lines.0.brand BRAND_REQUIRED`, the booking left confirmed.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import { createApi } from '../../../renderer/src/api/api';
import { createCancelStore } from '../../../renderer/src/stores/cancel';
import { LATER, P, setUp, startHarness, type Harness } from '../support';

type Book = Request<'walkin.book'>;

function walkIn(lastName: string): Book {
  return {
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    adults: 2,
    children: 0,
    participants: [],
    customer: { lastName },
    sendConfirmationEmail: false,
    locale: 'ja',
  };
}

describe('a refund by QR / e-money', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
  });
  afterAll(() => h.close());

  it('a PayPay walk-in cancelled as the store’s decision is paid back by PayPay', async () => {
    const { sendConfirmationEmail: _s, locale: _l, ...draft } = walkIn('ペイペイ');
    const { price } = await h.call('walkin.quote', draft);
    const total = price!.total;
    const sold = await h.call('walkin.book', {
      ...walkIn('ペイペイ'),
      quoted: { total, currency: price!.currency },
      tender: { lines: [{ method: 'qr', amount: total, brand: 'PayPay' }] },
    });
    expect(sold.outcome).toBe('booked');

    // The renderer's cancel store, on the router as the app's bridge reaches it.
    const api = createApi({
      invoke: (channel, payload) => h.raw(channel, payload),
      on: () => () => {},
    });
    const cancel = createCancelStore(api);
    cancel.getState().open(sold.reservation!, LATER);
    await cancel.getState().chooseReason('business_request');
    expect(cancel.getState().preview).toMatchObject({ refundBy: 'merchant', refund: total });
    expect(cancel.getState()).toMatchObject({ refundMethod: 'qr', payRefund: true });

    const confirmed = await cancel.getState().confirm();
    expect(cancel.getState().error?.details ?? null).toBeNull();
    expect(confirmed).toBe(true);
    const done = cancel.getState().done!;
    expect(done.reservation.status).toBe('cancelled');

    const journal = await h.call('journal.day', { date: null });
    expect(journal.entries.find((e) => e.id === done.refundEntryId)).toMatchObject({
      kind: 'refund',
      amount: -total,
      refersTo: sold.saleId,
      refundReason: 'cancelled_here',
      tender: [{ method: 'qr', amount: total, brand: 'PayPay', received: null, reference: null }],
    });
    expect((await h.call('refunds.owed', {})).items).toEqual([]);
  });
});
