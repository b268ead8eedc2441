/**
 * Cancellation (spec §2.10–2.11, rule 11, §6; decisions 23–27, 36, 45) and deletion of test
 * reservations (decision 21).
 */
import { describe, expect, it } from 'vitest';
import { CancelPreview, CancelResult } from '../../main/api/schemas';
import { WireReservationEnvelope, type WireReservation } from '../../sandbox/model';
import {
  HONOLULU,
  KYOTO,
  NOW,
  OKINAWA,
  P,
  createReservation,
  expectError,
  remainingSeats,
  useDemoSandbox,
} from './support';

const KYOTO_BUSINESS = 'kyoto@sorairo-taiken.example.jp';
const CUSTOMER_EMAIL = 'cancel.test@example.jp';

const t = useDemoSandbox();

/** 10:00 in Tokyo on a November 2026 day. */
const tokyoMorning = (day: number) => `2026-11-${String(day).padStart(2, '0')}T01:00:00.000Z`;

type Item = Record<string, unknown>;

/** One item at a slot, adults only. */
const slotItem = (productId: string, date: string, startTime: string, adultCount = 1): Item => ({
  productId,
  date,
  startTime,
  adultCount,
  childCount: 0,
});

const bamboo = (date: string, startTime = '13:30', adultCount = 2): Item => ({
  ...slotItem(P.bambooWalk, date, startTime, adultCount),
  participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'ja' } }],
});

const apiTest = (date: string, startTime = '10:00', adultCount = 1): Item =>
  slotItem(P.apiTest, date, startTime, adultCount);

function body(items: Item[], extra: Record<string, unknown> = {}) {
  return {
    customer: { lastName: '取消', firstName: '花子', email: CUSTOMER_EMAIL },
    items,
    paymentMethod: 'on_site',
    sendConfirmationEmail: false,
    ...extra,
  };
}

const create = (items: Item[], extra: Record<string, unknown> = {}, store: string = KYOTO) =>
  createReservation(t, store, body(items, extra));

async function preview(
  id: string,
  cancelBody: unknown,
  store: string = KYOTO,
  key = 'org-facility',
) {
  const r = await t.call('POST', t.storePath(store, `/reservations/${id}/cancel-preview`), {
    body: cancelBody,
    key,
  });
  expect(r.status, r.text).toBe(200);
  return CancelPreview.parse(r.body);
}

function cancelCall(id: string, cancelBody: unknown, store: string = KYOTO, key = 'org-facility') {
  return t.call('POST', t.storePath(store, `/reservations/${id}/cancel`), {
    body: cancelBody,
    key,
  });
}

async function cancel(id: string, cancelBody: unknown, store: string = KYOTO) {
  const r = await cancelCall(id, cancelBody, store);
  expect(r.status, r.text).toBe(200);
  return CancelResult.parse(r.body).reservation;
}

async function get(id: string, store: string = KYOTO): Promise<WireReservation> {
  const r = await t.call('GET', t.storePath(store, `/reservations/${id}`));
  expect(r.status, r.text).toBe(200);
  return WireReservationEnvelope.parse(r.body).reservation;
}

const remaining = (productId: string, date: string, startTime: string) =>
  remainingSeats(t, KYOTO, productId, date, startTime);

const cancelEmails = (reservationId: string) =>
  t.sandbox.emails().filter((e) => e.reservationId === reservationId);

describe('preview, then cancel with the same body (rule 11)', () => {
  it('previews the fee and cancels: { reservation } with status cancelled (decision 23)', async () => {
    const r = await create([bamboo('2026-11-27')]);
    expect(r.totalAmount).toBe(9000);
    const request = { cancelReason: 'customer_request' };
    expect(await preview(r.id, request)).toEqual({
      cancellable: true,
      totalAmount: 9000,
      cancellationFee: 0,
      refundAmount: 9000,
      refundHandledBy: 'merchant',
    });
    // A preview changes nothing.
    expect(await get(r.id)).toEqual(r);

    const cancelled = await cancel(r.id, request);
    expect(cancelled).toEqual({
      ...r,
      status: 'cancelled',
      cancellation: {
        reason: 'customer_request',
        cancelledAt: NOW,
        cancellationFee: 0,
        refundAmount: 9000,
        refundHandledBy: 'merchant',
      },
      updatedAt: expect.any(String),
    });
    expect(Date.parse(cancelled.updatedAt)).toBeGreaterThan(Date.parse(r.updatedAt));
    expect(await get(r.id)).toEqual(cancelled);
  });

  it('answers 409 RESERVATION_ALREADY_CANCELLED to a second cancel (decision 27)', async () => {
    const r = await create([bamboo('2026-11-27')]);
    const first = await cancel(r.id, { cancelReason: 'weather' });
    const again = await cancelCall(r.id, { cancelReason: 'weather' });
    expectError(again, 409, 'RESERVATION_ALREADY_CANCELLED');
    const other = await cancelCall(r.id, { cancelReason: 'customer_request' });
    expectError(other, 409, 'RESERVATION_ALREADY_CANCELLED');
    // Nothing changed by the refused attempts, and the preview says it is no longer cancellable.
    expect(await get(r.id)).toEqual(first);
    expect(await preview(r.id, { cancelReason: 'customer_request' })).toEqual({
      cancellable: false,
      totalAmount: 9000,
      cancellationFee: 0,
      refundAmount: 9000,
      refundHandledBy: 'merchant',
    });
  });
});

describe('cancellation fee (§2.11, decision 25)', () => {
  it('follows the product policy by days left, in the store time zone, for customer_request', async () => {
    // Standard policy: 3 days before 30 %, 1 day before 50 %, on the day 100 %.
    const r = await create([bamboo('2026-11-27')]);
    const cases: [string, number][] = [
      [tokyoMorning(20), 0], // 7 days
      [tokyoMorning(23), 0], // 4 days
      ['2026-11-23T14:59:00.000Z', 0], // 23:59 on the 23rd in Tokyo: still 4 days
      ['2026-11-23T15:00:00.000Z', 2700], // 00:00 on the 24th in Tokyo (the 23rd in UTC): 3 days
      [tokyoMorning(24), 2700], // 3 days
      [tokyoMorning(25), 2700], // 2 days
      [tokyoMorning(26), 4500], // 1 day
      [tokyoMorning(27), 9000], // the day itself
      ['2026-11-27T05:59:00.000Z', 9000], // 14:59, a minute before the end
    ];
    for (const [at, fee] of cases) {
      t.sandbox.clock.set(at);
      expect(await preview(r.id, { cancelReason: 'customer_request' }), at).toEqual({
        cancellable: true,
        totalAmount: 9000,
        cancellationFee: fee,
        refundAmount: 9000 - fee,
        refundHandledBy: 'merchant',
      });
    }
  });

  it('is 0 for business_request, weather and force_majeure, even on the day', async () => {
    const r = await create([bamboo('2026-11-27')]);
    t.sandbox.clock.set(tokyoMorning(27));
    for (const cancelReason of ['business_request', 'weather', 'force_majeure']) {
      expect(await preview(r.id, { cancelReason }), cancelReason).toEqual({
        cancellable: true,
        totalAmount: 9000,
        cancellationFee: 0,
        refundAmount: 9000,
        refundHandledBy: 'merchant',
      });
    }
    const cancelled = await cancel(r.id, { cancelReason: 'force_majeure' });
    expect(cancelled.cancellation).toEqual({
      reason: 'force_majeure',
      cancelledAt: tokyoMorning(27),
      cancellationFee: 0,
      refundAmount: 9000,
      refundHandledBy: 'merchant',
    });
  });

  it('records the previewed fee when cancelling for the customer', async () => {
    const r = await create([bamboo('2026-11-27')]);
    t.sandbox.clock.set(tokyoMorning(26));
    const request = { cancelReason: 'customer_request' };
    const p = await preview(r.id, request);
    expect(p.cancellationFee).toBe(4500);
    const cancelled = await cancel(r.id, request);
    expect(cancelled.cancellation).toEqual({
      reason: 'customer_request',
      cancelledAt: tokyoMorning(26),
      cancellationFee: p.cancellationFee,
      refundAmount: p.refundAmount,
      refundHandledBy: p.refundHandledBy,
    });
  });

  it('takes the strictest item of the reservation, applied to the total, rounded down', async () => {
    // Bamboo walk in 2 days (30 %) with the unpublished test product (no policy).
    const a = await create([bamboo('2026-11-22'), apiTest('2026-11-21')]);
    expect(a.totalAmount).toBe(9100);
    expect((await preview(a.id, { cancelReason: 'customer_request' })).cancellationFee).toBe(
      Math.floor(9100 * 0.3),
    );
    // A bamboo walk in a week (0 %) with a rickshaw ride today (100 % on the day).
    const b = await create([
      bamboo('2026-11-27', '13:30', 1),
      slotItem(P.rickshaw, '2026-11-20', '17:10'),
    ]);
    expect(b.totalAmount).toBe(13_500);
    expect(await preview(b.id, { cancelReason: 'customer_request' })).toMatchObject({
      cancellable: true,
      cancellationFee: 13_500,
      refundAmount: 0,
    });
  });
});

describe('refundHandledBy (§2.10, decision 26)', () => {
  it('is merchant for on_site and external', async () => {
    const onSite = await create([bamboo('2026-11-27')]);
    const external = await create([bamboo('2026-11-28')], { paymentMethod: 'external' });
    expect(external.paymentMethod).toBe('external');
    for (const r of [onSite, external]) {
      expect((await preview(r.id, { cancelReason: 'weather' })).refundHandledBy).toBe('merchant');
      const cancelled = await cancel(r.id, { cancelReason: 'weather' });
      expect(cancelled.cancellation!.refundHandledBy).toBe('merchant');
    }
  });

  it('is the service (reservation_service) for card payments taken on the booking site', async () => {
    const booked = t.sandbox.bookOnSite(
      KYOTO,
      {
        customer: { lastName: 'Card', email: 'card.payer@example.com' },
        items: [bamboo('2026-11-27') as never],
        paymentMethod: 'external',
        sendConfirmationEmail: false,
      },
      'card',
    );
    const r = await get(booked.id);
    expect(r).toMatchObject({ paymentMethod: 'card', source: 'booking_site', totalAmount: 9000 });
    t.sandbox.clock.set(tokyoMorning(26));
    expect(await preview(r.id, { cancelReason: 'customer_request' })).toEqual({
      cancellable: true,
      totalAmount: 9000,
      cancellationFee: 4500,
      refundAmount: 4500,
      refundHandledBy: 'reservation_service',
    });
    const cancelled = await cancel(r.id, { cancelReason: 'customer_request' });
    expect(cancelled.cancellation).toMatchObject({
      cancellationFee: 4500,
      refundAmount: 4500,
      refundHandledBy: 'reservation_service',
    });
  });
});

describe('what cannot be cancelled (decisions 24, 27)', () => {
  it('a reservation whose experience has ended: preview false, cancel 409 RESERVATION_NOT_CANCELLABLE', async () => {
    const r = await create([apiTest('2026-11-20', '15:00', 2)]); // today 15:00–16:00
    t.sandbox.clock.set('2026-11-20T06:59:59.000Z'); // 15:59:59
    expect((await preview(r.id, { cancelReason: 'customer_request' })).cancellable).toBe(true);
    t.sandbox.clock.set('2026-11-20T07:00:00.000Z'); // 16:00, the end
    const p = await preview(r.id, { cancelReason: 'customer_request' });
    expect(p).toEqual({
      cancellable: false,
      totalAmount: 200,
      cancellationFee: 0,
      refundAmount: 200,
      refundHandledBy: 'merchant',
    });
    const emailsBefore = t.sandbox.emails().length;
    expectError(
      await cancelCall(r.id, { cancelReason: 'customer_request' }),
      409,
      'RESERVATION_NOT_CANCELLABLE',
    );
    expect(await get(r.id)).toEqual(r);
    expect(t.sandbox.emails()).toHaveLength(emailsBefore);
  });

  it('a past demo booking is not cancellable', async () => {
    const past = t.sandbox.world.state.reservations.find(
      (r) => r.storeId === KYOTO && r.status === 'confirmed' && r.items[0]!.date < '2026-11-20',
    )!;
    expect(past).toBeDefined();
    expect((await preview(past.id, { cancelReason: 'business_request' })).cancellable).toBe(false);
    expectError(
      await cancelCall(past.id, { cancelReason: 'business_request' }),
      409,
      'RESERVATION_NOT_CANCELLABLE',
    );
  });

  it('a rejected request is not cancellable; a pending one is', async () => {
    const tea = slotItem(P.teaCeremony, '2026-12-10', '10:00');
    const pending = await create([tea]);
    const rejected = await create([tea]);
    expect([pending.status, rejected.status]).toEqual(['pending', 'pending']);
    t.sandbox.reject(rejected.id);
    expect((await get(rejected.id)).status).toBe('rejected');

    expect(await preview(rejected.id, { cancelReason: 'customer_request' })).toEqual({
      cancellable: false,
      totalAmount: 5500,
      cancellationFee: 0,
      refundAmount: 5500,
      refundHandledBy: 'merchant',
    });
    expectError(
      await cancelCall(rejected.id, { cancelReason: 'customer_request' }),
      409,
      'RESERVATION_NOT_CANCELLABLE',
    );

    expect((await preview(pending.id, { cancelReason: 'customer_request' })).cancellable).toBe(
      true,
    );
    expect((await cancel(pending.id, { cancelReason: 'customer_request' })).status).toBe(
      'cancelled',
    );
  });
});

describe('cancellation e-mails (rule 11, §6, decision 45)', () => {
  it('go to the customer and the business unless sendCancellationEmail is false', async () => {
    const r = await create([bamboo('2026-11-27')]);
    await cancel(r.id, { cancelReason: 'weather' });
    const sent = cancelEmails(r.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'reservation_cancelled',
      to: [CUSTOMER_EMAIL, KYOTO_BUSINESS],
      locale: 'ja',
      sentAt: NOW,
    });
    expect(sent[0]!.subject).toContain('【予約キャンセル】');

    const quiet = await create([bamboo('2026-11-28')]);
    await cancel(quiet.id, { cancelReason: 'weather', sendCancellationEmail: false });
    expect(cancelEmails(quiet.id)).toEqual([]);

    const explicit = await create([bamboo('2026-11-29')], { locale: 'en' });
    await cancel(explicit.id, { cancelReason: 'weather', sendCancellationEmail: true });
    expect(cancelEmails(explicit.id)).toHaveLength(1);
    expect(cancelEmails(explicit.id)[0]!.subject).toMatch(/^Booking cancelled: /);
  });

  it('are never sent by a preview', async () => {
    const r = await create([bamboo('2026-11-27')]);
    const before = t.sandbox.emails().length;
    await preview(r.id, { cancelReason: 'customer_request' });
    await preview(r.id, { cancelReason: 'weather', sendCancellationEmail: true });
    expect(t.sandbox.emails()).toHaveLength(before);
  });

  it('go to the business only where customer e-mail is off', async () => {
    const hula = slotItem(P.hula, '2026-11-27', '10:00');
    const r = await create([hula], {}, HONOLULU);
    await cancel(r.id, { cancelReason: 'business_request' }, HONOLULU);
    expect(cancelEmails(r.id).map((e) => e.to)).toEqual([['honolulu@sorairo-taiken.example.jp']]);
  });

  it('also follow a cancellation made in the service (admin screen)', async () => {
    const r = await create([bamboo('2026-11-27')]);
    const cancelled = t.sandbox.cancel(r.id, 'business_request');
    expect(cancelled.status).toBe('cancelled');
    expect(cancelEmails(r.id).map((e) => e.kind)).toEqual(['reservation_cancelled']);
    expect(await get(r.id)).toEqual(cancelled);
  });
});

describe('seats (decision 36)', () => {
  it('a cancelled reservation no longer holds its seats', async () => {
    const start = await remaining(P.apiTest, '2026-11-27', '10:00');
    const r = await create([apiTest('2026-11-27', '10:00', 3)]);
    expect(await remaining(P.apiTest, '2026-11-27', '10:00')).toBe(start - 3);
    await cancel(r.id, { cancelReason: 'business_request' });
    expect(await remaining(P.apiTest, '2026-11-27', '10:00')).toBe(start);
  });

  it('a pending reservation holds its seats until rejected', async () => {
    const start = await remaining(P.teaCeremony, '2026-12-10', '13:00');
    const r = await create([slotItem(P.teaCeremony, '2026-12-10', '13:00', 2)]);
    expect(await remaining(P.teaCeremony, '2026-12-10', '13:00')).toBe(start - 2);
    t.sandbox.reject(r.id);
    expect(await remaining(P.teaCeremony, '2026-12-10', '13:00')).toBe(start);
  });
});

describe('request validation and access', () => {
  it('refuses an invalid cancelReason, a missing one and unknown fields with 400', async () => {
    const r = await create([bamboo('2026-11-27')]);
    for (const path of ['cancel-preview', 'cancel']) {
      const url = t.storePath(KYOTO, `/reservations/${r.id}/${path}`);
      const bad = expectError(
        await t.call('POST', url, { body: { cancelReason: 'changed_mind' } }),
        400,
        'VALIDATION_ERROR',
      );
      expect(bad.details).toEqual([
        { field: 'cancelReason', code: 'invalid_value', reason: expect.any(String) },
      ]);
      const missing = expectError(await t.call('POST', url, { body: {} }), 400, 'VALIDATION_ERROR');
      expect(missing.details).toEqual([
        { field: 'cancelReason', code: expect.any(String), reason: expect.any(String) },
      ]);
      const extra = expectError(
        await t.call('POST', url, { body: { cancelReason: 'weather', refund: 0 } }),
        400,
        'VALIDATION_ERROR',
      );
      expect(extra.details).toEqual([
        { field: 'refund', code: 'unrecognized_keys', reason: expect.any(String) },
      ]);
      const wrongType = expectError(
        await t.call('POST', url, {
          body: { cancelReason: 'weather', sendCancellationEmail: 'no' },
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(wrongType.details!.map((d) => (d as { field: string }).field)).toEqual([
        'sendCancellationEmail',
      ]);
    }
    expect(await get(r.id)).toEqual(r);
  });

  it('answers 404 RESERVATION_NOT_FOUND for an unknown id or another store', async () => {
    const r = await create([bamboo('2026-11-27')]);
    for (const path of ['cancel-preview', 'cancel']) {
      expectError(
        await t.call('POST', t.storePath(KYOTO, `/reservations/rsv_nope/${path}`), {
          body: { cancelReason: 'weather' },
        }),
        404,
        'RESERVATION_NOT_FOUND',
      );
      expectError(
        await t.call('POST', t.storePath(OKINAWA, `/reservations/${r.id}/${path}`), {
          body: { cancelReason: 'weather' },
        }),
        404,
        'RESERVATION_NOT_FOUND',
      );
    }
  });

  it('previews with reservations:read; cancelling needs reservations:write (decision 31)', async () => {
    const r = await create([bamboo('2026-11-27')]);
    expect((await preview(r.id, { cancelReason: 'weather' }, KYOTO, 'read-only')).cancellable).toBe(
      true,
    );
    expectError(
      await cancelCall(r.id, { cancelReason: 'weather' }, KYOTO, 'read-only'),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect((await get(r.id)).status).toBe('confirmed');
  });
});

describe('DELETE S/reservations/{id} (decision 21)', () => {
  it('deletes a reservation of an unpublished product: 204, then 404', async () => {
    const r = await create([apiTest('2026-11-27', '15:00', 2)]);
    const start = await remaining(P.apiTest, '2026-11-27', '15:00');
    const del = await t.call('DELETE', t.storePath(KYOTO, `/reservations/${r.id}`));
    expect(del.status, del.text).toBe(204);
    expect(del.text).toBe('');
    expectError(
      await t.call('GET', t.storePath(KYOTO, `/reservations/${r.id}`)),
      404,
      'RESERVATION_NOT_FOUND',
    );
    expectError(
      await t.call('DELETE', t.storePath(KYOTO, `/reservations/${r.id}`)),
      404,
      'RESERVATION_NOT_FOUND',
    );
    expect(t.sandbox.world.state.reservations.some((x) => x.id === r.id)).toBe(false);
    expect(await remaining(P.apiTest, '2026-11-27', '15:00')).toBe(start + 2);
  });

  it('deletes a cancelled test reservation too', async () => {
    const r = await create([apiTest('2026-11-27')]);
    await cancel(r.id, { cancelReason: 'business_request' });
    const del = await t.call('DELETE', t.storePath(KYOTO, `/reservations/${r.id}`));
    expect(del.status, del.text).toBe(204);
  });

  it('refuses a reservation of a published product with 400 RESERVATION_NOT_DELETABLE', async () => {
    const published = await create([bamboo('2026-11-27')]);
    const mixed = await create([apiTest('2026-11-27'), bamboo('2026-11-28')]);
    for (const r of [published, mixed]) {
      expectError(
        await t.call('DELETE', t.storePath(KYOTO, `/reservations/${r.id}`)),
        400,
        'RESERVATION_NOT_DELETABLE',
      );
      expect(await get(r.id)).toEqual(r);
    }
  });

  it('needs reservations:write and the right store', async () => {
    const r = await create([apiTest('2026-11-27')]);
    expectError(
      await t.call('DELETE', t.storePath(KYOTO, `/reservations/${r.id}`), { key: 'read-only' }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(
      await t.call('DELETE', t.storePath(OKINAWA, `/reservations/${r.id}`)),
      404,
      'RESERVATION_NOT_FOUND',
    );
    expect(await get(r.id)).toEqual(r);
  });
});
