/**
 * Conformance of idempotent creation (spec §4 rule 3, §7; docs/decisions.md 39–40): replay, key
 * reuse with other content, a request still in progress, failed attempts, per-store scope,
 * retention, and a response lost after the commit.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WireReservation } from '../../sandbox/model';
import { waitFor } from '../support/wait';
import {
  DAY,
  KYOTO,
  NOW,
  OKINAWA,
  created,
  expectError,
  listOnePage,
  remainingSeats,
  useCatalogueSandbox,
} from './support';

const HOUR = 3_600_000;
/** One product per store, no custom fields, five seats: counting bookings is counting seats. */
const KYOTO_PRODUCT = 'pr_idem_kyoto';
const OKINAWA_PRODUCT = 'pr_idem_okinawa';
const CAPACITY = 5;

const product = (id: string, storeId: string) => ({
  id,
  storeId,
  name: `冪等性テスト ${id}`,
  isPublished: false,
  approvalType: 'instant' as const,
  durationMinutes: 60,
  prices: { adult: 3000, child: 1500 },
  schedule: {
    capacity: CAPACITY,
    rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: [{ startTime: '10:00' }] }],
    followsStoreHolidays: false,
  },
});

const t = useCatalogueSandbox({
  products: [
    product(KYOTO_PRODUCT, KYOTO),
    {
      ...product('pr_idem_fields', KYOTO),
      customFields: [
        {
          fieldId: 'cf_name',
          label: 'お名前',
          fieldType: 'text' as const,
          isRequired: true,
          inputScope: 'all_participants' as const,
          options: null,
          validation: { maxLength: 10 },
        },
      ],
    },
    product(OKINAWA_PRODUCT, OKINAWA),
  ],
});

// --- helpers -----------------------------------------------------------------------------------

type Body = Record<string, unknown>;

function body(adultCount = 1, rest: Body = {}, productId = KYOTO_PRODUCT): Body {
  return {
    customer: { lastName: '田中', email: 'tanaka@example.com' },
    items: [{ productId, date: DAY, startTime: '10:00', adultCount, childCount: 0 }],
    paymentMethod: 'external',
    ...rest,
  };
}

function post(storeId: string, idempotencyKey: string, payload: unknown, key = 'org-facility') {
  return t.call('POST', t.storePath(storeId, '/reservations'), {
    body: payload,
    idempotencyKey,
    key,
  });
}

/** Reservations of the test product at a store, read over HTTP. */
async function bookings(
  storeId: string = KYOTO,
  productId: string = KYOTO_PRODUCT,
): Promise<WireReservation[]> {
  const all = await listOnePage(t, storeId);
  return all.filter((r) => r.items.some((i) => i.productId === productId));
}

/** Seats left at the test slot, from availability. */
const seatsLeft = (storeId: string = KYOTO, productId: string = KYOTO_PRODUCT) =>
  remainingSeats(t, storeId, productId, DAY, '10:00');

// --- replay ------------------------------------------------------------------------------------

describe('same key, same content (rule 3)', () => {
  it('answers 201 with the first reservation and creates nothing new', async () => {
    const key = randomUUID();
    const first = created(await post(KYOTO, key, body(2)));
    const again = created(await post(KYOTO, key, body(2)));
    const third = created(await post(KYOTO, key, body(2)));
    expect(again).toEqual(first);
    expect(third.id).toBe(first.id);

    expect((await bookings()).map((r) => r.id)).toEqual([first.id]);
    expect(await seatsLeft()).toBe(CAPACITY - 2);
    // One booking, one confirmation.
    expect(t.sandbox.emails().filter((e) => e.reservationId === first.id)).toHaveLength(1);
  });

  it('treats the same content with another key order as the same content', async () => {
    const key = randomUUID();
    const first = created(await post(KYOTO, key, body(1)));
    const reordered =
      '{"paymentMethod":"external","items":[{"childCount":0,"adultCount":1,"startTime":"10:00",' +
      `"date":"${DAY}","productId":"${KYOTO_PRODUCT}"}],` +
      '"customer":{"email":"tanaka@example.com","lastName":"田中"}}';
    const reply = await t.call('POST', t.storePath(KYOTO, '/reservations'), {
      rawBody: reordered,
      idempotencyKey: key,
    });
    expect(created(reply).id).toBe(first.id);
    expect(await bookings()).toHaveLength(1);
  });

  it('replays for another key of the same organization at the same store', async () => {
    const key = randomUUID();
    const first = created(await post(KYOTO, key, body(1), 'org-facility'));
    const again = created(await post(KYOTO, key, body(1), 'org-standard'));
    expect(again.id).toBe(first.id);
    expect(await bookings()).toHaveLength(1);
  });

  it('replays the reservation as it is now, e.g. cancelled since (decision 40)', async () => {
    const key = randomUUID();
    const first = created(await post(KYOTO, key, body(1)));
    t.sandbox.cancel(first.id, 'business_request', false);
    const again = created(await post(KYOTO, key, body(1)));
    expect(again.id).toBe(first.id);
    expect(again.status).toBe('cancelled');
    expect(again.cancellation).toMatchObject({ reason: 'business_request' });
    expect(await bookings()).toHaveLength(1);
  });
});

describe('same key, different content (rule 3)', () => {
  it('answers 409 IDEMPOTENCY_KEY_REUSED and creates nothing', async () => {
    const key = randomUUID();
    const first = created(await post(KYOTO, key, body(1)));
    for (const other of [
      body(2),
      body(1, { locale: 'en' }),
      body(1, { customer: { lastName: '田中', email: 'TANAKA@example.com' } }),
      body(1, { sendConfirmationEmail: true }), // the default, but not the same content
    ]) {
      const error = expectError(await post(KYOTO, key, other), 409, 'IDEMPOTENCY_KEY_REUSED');
      expect(error.details).toBeUndefined();
    }
    expect((await bookings()).map((r) => r.id)).toEqual([first.id]);
    expect(await seatsLeft()).toBe(CAPACITY - 1);
    // The key still replays its own content.
    expect(created(await post(KYOTO, key, body(1))).id).toBe(first.id);
  });

  it('checks the body shape before the key: invalid content is a validation error', async () => {
    const key = randomUUID();
    created(await post(KYOTO, key, body(1)));
    expectError(await post(KYOTO, key, body(1, { extra: true })), 400, 'VALIDATION_ERROR');
  });
});

// --- in progress -------------------------------------------------------------------------------

describe('same key while still processing (rule 3)', () => {
  it('answers one 201 and one 409 REQUEST_IN_PROGRESS with Retry-After; one reservation', async () => {
    t.sandbox.faults.configure({ processingMs: 300 });
    const key = randomUUID();
    const replies = await Promise.all([post(KYOTO, key, body(1)), post(KYOTO, key, body(1))]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const won = replies.find((r) => r.status === 201)!;
    const waiting = replies.find((r) => r.status === 409)!;
    const error = expectError(waiting, 409, 'REQUEST_IN_PROGRESS');
    expect(error.details).toBeUndefined();
    expect(waiting.headers.get('retry-after')).toBe('1');

    const reservation = created(won);
    expect((await bookings()).map((r) => r.id)).toEqual([reservation.id]);
    expect(await seatsLeft()).toBe(CAPACITY - 1);

    // Retrying after Retry-After gets the finished reservation.
    expect(created(await post(KYOTO, key, body(1))).id).toBe(reservation.id);
    expect(await bookings()).toHaveLength(1);
  });

  it('answers REQUEST_IN_PROGRESS to other content too: the running request may still fail', async () => {
    created(await post(KYOTO, randomUUID(), body(4)));
    t.sandbox.faults.configure({ processingMs: 300 });
    const key = randomUUID();
    const tooMany = post(KYOTO, key, body(2)); // will fail: one seat left
    await waitFor(() => t.sandbox.inProgress.size === 1, 'the first request holding its key');
    const other = await post(KYOTO, key, body(1));
    expectError(other, 409, 'REQUEST_IN_PROGRESS');
    expect(other.headers.get('retry-after')).toBe('1');
    expectError(await tooMany, 409, 'SLOT_NOT_AVAILABLE');
    // The failure did not consume the key: the retry of the other content is processed.
    const reservation = created(await post(KYOTO, key, body(1)));
    expect(reservation.items[0]!.adultCount).toBe(1);
    expect(await seatsLeft()).toBe(0);
  });

  it('answers IDEMPOTENCY_KEY_REUSED on the retry once the running request has succeeded', async () => {
    t.sandbox.faults.configure({ processingMs: 300 });
    const key = randomUUID();
    const first = post(KYOTO, key, body(1));
    await waitFor(() => t.sandbox.inProgress.size === 1, 'the first request holding its key');
    expectError(await post(KYOTO, key, body(2)), 409, 'REQUEST_IN_PROGRESS');
    created(await first);
    expectError(await post(KYOTO, key, body(2)), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await bookings()).toHaveLength(1);
  });

  it('does not hold other keys back', async () => {
    t.sandbox.faults.configure({ processingMs: 300 });
    const replies = await Promise.all([
      post(KYOTO, randomUUID(), body(1)),
      post(KYOTO, randomUUID(), body(1)),
    ]);
    expect(replies.map((r) => r.status)).toEqual([201, 201]);
    expect(await bookings()).toHaveLength(2);
  });
});

// --- failures do not consume the key -----------------------------------------------------------

describe('failed attempts do not consume the key (decision 40)', () => {
  it('a full slot: the same request succeeds once seats are free again', async () => {
    const blocker = created(await post(KYOTO, randomUUID(), body(4)));
    const key = randomUUID();
    expectError(await post(KYOTO, key, body(2)), 409, 'SLOT_NOT_AVAILABLE');
    t.sandbox.cancel(blocker.id, 'business_request', false);
    const reservation = created(await post(KYOTO, key, body(2)));
    expect(reservation.items[0]!.adultCount).toBe(2);
    expect(await seatsLeft()).toBe(CAPACITY - 2);
  });

  it('a full slot: the key may then carry different content', async () => {
    created(await post(KYOTO, randomUUID(), body(4)));
    const key = randomUUID();
    expectError(await post(KYOTO, key, body(2)), 409, 'SLOT_NOT_AVAILABLE');
    const reservation = created(await post(KYOTO, key, body(1)));
    expect(reservation.items[0]!.adultCount).toBe(1);
    expect(await bookings()).toHaveLength(2);
  });

  it('validation failures: participant fields, shape, and an unknown product', async () => {
    const key = randomUUID();
    const withName = (name: unknown) =>
      body(
        1,
        {
          items: [
            {
              productId: 'pr_idem_fields',
              date: DAY,
              startTime: '10:00',
              adultCount: 1,
              childCount: 0,
              participants: [{ participantNumber: 1, fieldValues: { cf_name: name } }],
            },
          ],
        },
        'pr_idem_fields',
      );
    expectError(
      await post(KYOTO, key, withName('あ'.repeat(11))),
      400,
      'PARTICIPANT_VALIDATION_FAILED',
    );
    expectError(await post(KYOTO, key, body(1, { locale: 'xx' })), 400, 'VALIDATION_ERROR');
    expectError(await post(KYOTO, key, body(1, {}, 'pr_unknown')), 404, 'PRODUCT_NOT_FOUND');
    const reservation = created(await post(KYOTO, key, withName('たなか')));
    expect(reservation.items[0]!.participants).toEqual([
      { participantNumber: 1, fieldValues: { cf_name: 'たなか' } },
    ]);
    expect(created(await post(KYOTO, key, withName('たなか'))).id).toBe(reservation.id);
  });

  it('a request refused for its payment method', async () => {
    const key = randomUUID();
    const okinawa = (paymentMethod: string) => body(1, { paymentMethod }, OKINAWA_PRODUCT);
    expectError(await post(OKINAWA, key, okinawa('on_site')), 400, 'PAYMENT_METHOD_NOT_AVAILABLE');
    created(await post(OKINAWA, key, okinawa('external')));
  });
});

// --- scope -------------------------------------------------------------------------------------

describe('keys are scoped to organization and store (decision 39)', () => {
  it('the same key at another store is a new booking, whatever its content', async () => {
    const key = randomUUID();
    const kyoto = created(await post(KYOTO, key, body(1)));
    const okinawa = created(await post(OKINAWA, key, body(3, {}, OKINAWA_PRODUCT)));
    expect(okinawa.id).not.toBe(kyoto.id);
    expect(okinawa.storeId).toBe(OKINAWA);
    expect(await bookings(KYOTO)).toHaveLength(1);
    expect(await bookings(OKINAWA, OKINAWA_PRODUCT)).toHaveLength(1);
    // Each store still replays its own.
    expect(created(await post(KYOTO, key, body(1))).id).toBe(kyoto.id);
    expect(created(await post(OKINAWA, key, body(3, {}, OKINAWA_PRODUCT))).id).toBe(okinawa.id);
  });
});

// --- the header --------------------------------------------------------------------------------

describe('the Idempotency-Key header (decision 39)', () => {
  it.each([
    ['too short', 'abc1234', 'too_small'],
    ['too long', 'k'.repeat(256), 'too_big'],
    ['with a space', 'order 12345', 'invalid_format'],
    ['non-ASCII', 'cl\u00e9-12345678', 'invalid_format'],
  ])('refuses a key %s', async (_name, value, code) => {
    const error = expectError(await post(KYOTO, value, body(1)), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual([{ field: 'Idempotency-Key', code, reason: expect.any(String) }]);
    expect(await bookings()).toHaveLength(0);
  });

  it('accepts 8 and 255 printable characters', async () => {
    created(await post(KYOTO, 'abcd1234', body(1)));
    created(await post(KYOTO, '~'.repeat(255), body(1)));
    expect(await bookings()).toHaveLength(2);
  });

  it('is checked before the body', async () => {
    const reply = await t.call('POST', t.storePath(KYOTO, '/reservations'), {
      body: { items: 'x' },
    });
    const error = expectError(reply, 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual([
      { field: 'Idempotency-Key', code: 'required', reason: expect.any(String) },
    ]);
  });
});

// --- retention ---------------------------------------------------------------------------------

describe('retention: 24 hours of service time (decision 40)', () => {
  it('replays within 24 hours and creates anew after 24 h + 1 min', async () => {
    const key = randomUUID();
    const first = created(await post(KYOTO, key, body(1)));

    t.sandbox.clock.advance(24 * HOUR - 60_000);
    expect(created(await post(KYOTO, key, body(1))).id).toBe(first.id);
    expect(await bookings()).toHaveLength(1);

    t.sandbox.clock.set(Date.parse(NOW) + 24 * HOUR + 60_000);
    const later = created(await post(KYOTO, key, body(1)));
    expect(later.id).not.toBe(first.id);
    expect((await bookings()).map((r) => r.id).sort()).toEqual([first.id, later.id].sort());
    expect(await seatsLeft()).toBe(CAPACITY - 2);

    // The new creation is remembered in turn.
    expect(created(await post(KYOTO, key, body(1))).id).toBe(later.id);
    expectError(await post(KYOTO, key, body(2)), 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('after expiry the key may carry different content', async () => {
    const key = randomUUID();
    created(await post(KYOTO, key, body(1)));
    t.sandbox.clock.advance(24 * HOUR + 60_000);
    const other = created(await post(KYOTO, key, body(2)));
    expect(other.items[0]!.adultCount).toBe(2);
  });
});

// --- lost response -----------------------------------------------------------------------------

describe('a response lost after the commit', () => {
  it('is recovered by retrying with the same key: 201, the same reservation, exactly one', async () => {
    t.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    const key = randomUUID();
    await expect(post(KYOTO, key, body(2))).rejects.toThrow();
    expect(t.sandbox.faults.injected.drop_after_commit).toBe(1);

    const committed = await bookings();
    expect(committed).toHaveLength(1);

    const retried = created(await post(KYOTO, key, body(2)));
    expect(retried.id).toBe(committed[0]!.id);
    expect(retried).toEqual(committed[0]);
    expect(await bookings()).toHaveLength(1);
    expect(await seatsLeft()).toBe(CAPACITY - 2);
    expect(t.sandbox.emails().filter((e) => e.reservationId === retried.id)).toHaveLength(1);
  });
});
