/**
 * The client against the sandbox over real HTTP (demo scenario, clock frozen): every endpoint of
 * spec §4 and docs/decisions.md 20–30, input checked before sending (nothing reaches the service),
 * and the service's errors as typed classes with their `code` and `details`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  type HttpError,
  IdempotencyKeyReusedError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RequestValidationError,
  type Reservation,
  type ReservationClient,
} from '../../main/api';
import type { CreateReservationRequest } from '../../main/api/schemas';
import * as W from '../../main/api/schemas';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import {
  DAY,
  NOW,
  failure,
  fastClient,
  listAll,
  reservationsTagged,
  startProxy,
  walkIn,
} from './helpers';

const P = DEMO.products;
const KYOTO = DEMO.stores.kyoto;
const OKINAWA = DEMO.stores.okinawa;

let t: TestSandbox;
let client: ReservationClient;
const clientFor = (role: string) => fastClient(t.baseUrl, t.key(role));

beforeAll(async () => {
  t = await startTestSandbox({
    now: NOW,
    freezeClock: true,
    rateLimit: { perPlan: { facility: 100_000, standard: 100_000 } },
  });
  client = clientFor('org-facility');
});

afterAll(async () => {
  await t?.close();
});

/** A fresh, unique tag for a booking's customer, so its reservations can be counted. */
const tag = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

describe('every endpoint against the sandbox', () => {
  it('ping tells the key status, exactly the spec fields', async () => {
    const status = await client.ping();
    expect(W.KeyStatus.parse(status)).toEqual({
      ok: true,
      organizationId: DEMO.organizations.main,
      teamId: null,
      name: 'フロント端末（本部・施設プラン）',
      scopes: [
        'products:read',
        'reservations:read',
        'reservations:write',
        'inbox:write',
        'customers:read',
      ],
    });
    const limited = await clientFor('store-limited').ping();
    expect(limited.teamId).toBe(KYOTO);
  });

  it('stores lists the organization’s stores; a store key sees its own only', async () => {
    const stores = await client.stores();
    expect(W.StoreList.parse({ data: stores }).data.map((s) => s.id)).toEqual([
      KYOTO,
      OKINAWA,
      DEMO.stores.honolulu,
    ]);
    expect(stores[0]).toMatchObject({
      slug: 'kyoto-arashiyama',
      paymentMethods: ['on_site', 'external'],
      timeZone: 'Asia/Tokyo',
      currency: 'JPY',
    });
    const own = await clientFor('store-limited').stores();
    expect(own.map((s) => s.id)).toEqual([KYOTO]);
  });

  it('products lists every product of a store, unpublished included', async () => {
    const products = await client.products(KYOTO);
    W.ProductList.parse({ data: products });
    expect(products.map((p) => p.id).sort()).toEqual(
      [P.kimonoWalk, P.bambooWalk, P.teaCeremony, P.rickshaw, P.yuzenDyeing, P.apiTest].sort(),
    );
    expect(products.find((p) => p.id === P.apiTest)?.isPublished).toBe(false);
  });

  it('product gives one product with its custom fields', async () => {
    const product = await client.product(KYOTO, P.kimonoWalk);
    W.Product.parse(product);
    expect(product).toMatchObject({
      id: P.kimonoWalk,
      approvalType: 'instant',
      durationMinutes: 120,
      prices: { adult: 8800, child: 5500 },
    });
    expect(product.customFields.map((f) => [f.fieldId, f.fieldType, f.inputScope])).toEqual([
      ['cf_kimono_size', 'select', 'all_participants'],
      ['cf_kimono_hair', 'select', 'all_participants'],
      ['cf_kimono_request', 'text', 'booker_only'],
    ]);
  });

  it('availability gives one entry per day of the month', async () => {
    const month = await client.availability(KYOTO, P.apiTest, 2026, 11);
    W.Availability.parse(month);
    expect(month).toMatchObject({ productId: P.apiTest, year: 2026, month: 11 });
    expect(month.days).toHaveLength(30);
    expect(month.days[18]).toEqual({ date: '2026-11-19', status: 'past', slots: [] });
    const day = month.days.find((d) => d.date === DAY)!;
    expect(day.status).toBe('available');
    expect(day.slots.map((s) => [s.startTime, s.endTime, s.capacity])).toEqual([
      ['10:00', '11:00', 99],
      ['15:00', '16:00', 99],
    ]);
  });

  it('calculate prices a booking with its group discount', async () => {
    const item = { productId: P.kimonoWalk, date: DAY, startTime: '10:30', childCount: 0 };
    const small = await client.calculate(KYOTO, { items: [{ ...item, adultCount: 2 }] });
    expect(W.Calculation.parse(small)).toMatchObject({
      currency: 'JPY',
      discounts: [],
      subtotal: 17_600,
      discountTotal: 0,
      totalAmount: 17_600,
    });
    const group = await client.calculate(KYOTO, { items: [{ ...item, adultCount: 4 }] });
    expect(W.Calculation.parse(group)).toMatchObject({
      discounts: [{ type: 'group', label: '団体割引', amount: 1_760 }],
      subtotal: 35_200,
      totalAmount: 33_440,
    });
  });

  it('createReservation books, getReservation reads it back, a replay returns the same', async () => {
    const name = tag('作成');
    const key = randomUUID();
    const body = walkIn(name, P.apiTest);
    const created = await client.createReservation(KYOTO, body, key);
    W.Reservation.parse(created);
    expect(created).toMatchObject({
      storeId: KYOTO,
      status: 'confirmed',
      source: 'api',
      customerId: null,
      customer: { lastName: name, firstName: '', email: null, phone: null },
      items: [
        {
          productId: P.apiTest,
          date: DAY,
          startTime: '10:00',
          endTime: '11:00',
          adultCount: 1,
          childCount: 0,
          participants: [],
        },
      ],
      paymentMethod: 'on_site',
      totalAmount: 100,
      cancellation: null,
      createdAt: NOW,
    });
    expect(await client.getReservation(KYOTO, created.id)).toEqual(created);
    const replay = await client.createReservation(KYOTO, body, key);
    expect(replay.id).toBe(created.id);
    expect(await reservationsTagged(t, KYOTO, name)).toHaveLength(1);
  });

  it('reservationPages lists every reservation of a store exactly once, 100 a page', async () => {
    t.sandbox.clearRequests();
    const pages: W.ReservationPage[] = [];
    for await (const page of client.reservationPages(KYOTO)) {
      // Every record of the sandbox's pages is read: nothing left aside as unreadable.
      const { unreadable, ...wire } = page;
      expect(unreadable).toEqual([]);
      pages.push(W.ReservationPage.parse(wire));
      if (pages.length > 50) throw new Error('too many pages');
    }
    const ids = pages.flatMap((p) => p.data.map((r) => r.id));
    const expected = (await listAll(t, KYOTO, 30)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(200);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...expected].sort());
    expect(pages.slice(0, -1).every((p) => p.data.length === 100)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages).toHaveLength(Math.ceil(ids.length / 100));
    expect(client.currentPageSize).toBe(100);
  });

  it('reservationPages asks for 100 a page and follows nextCursor with updatedSince', async () => {
    const proxy = await startProxy(t.baseUrl);
    try {
      const viaProxy = fastClient(proxy.url, t.key('org-facility'));
      const created = await client.createReservation(
        KYOTO,
        walkIn(tag('同期'), P.apiTest),
        randomUUID(),
      );
      const seen: Reservation[] = [];
      for await (const page of viaProxy.reservationPages(KYOTO, {
        updatedSince: created.updatedAt,
      })) {
        seen.push(...page.data);
      }
      expect(seen.map((r) => r.id)).toContain(created.id);
      expect(seen.every((r) => r.updatedAt >= created.updatedAt)).toBe(true);
      const url = new URL(proxy.exchanges[0]!.url, proxy.url);
      expect(url.searchParams.get('limit')).toBe('100');
      expect(url.searchParams.get('updatedSince')).toBe(created.updatedAt);
    } finally {
      await proxy.close();
    }
  });

  it('cancelPreview shows the fee, cancelReservation cancels', async () => {
    const created = await client.createReservation(
      KYOTO,
      walkIn(tag('取消'), P.apiTest),
      randomUUID(),
    );
    const request = { cancelReason: 'customer_request' as const, sendCancellationEmail: false };
    const preview = await client.cancelPreview(KYOTO, created.id, request);
    expect(W.CancelPreview.parse(preview)).toEqual({
      cancellable: true,
      totalAmount: 100,
      cancellationFee: 0,
      refundAmount: 100,
      refundHandledBy: 'merchant',
    });
    const outcome = await client.cancelReservation(KYOTO, created.id, request);
    expect(outcome.resolvedByReadBack).toBe(false);
    W.Reservation.parse(outcome.reservation);
    expect(outcome.reservation).toMatchObject({
      id: created.id,
      status: 'cancelled',
      cancellation: {
        reason: 'customer_request',
        cancelledAt: NOW,
        cancellationFee: 0,
        refundAmount: 100,
        refundHandledBy: 'merchant',
      },
    });
  });

  it('searchCustomers finds a customer by e-mail, case-insensitively', async () => {
    const email = `${tag('search')}@example.com`;
    await client.createReservation(
      KYOTO,
      walkIn('検索', P.apiTest, DAY, '10:00', {
        customer: { lastName: '検索', firstName: '花子', email },
      }),
      randomUUID(),
    );
    const found = await client.searchCustomers(KYOTO, email.toUpperCase());
    expect(found).toHaveLength(1);
    expect(W.Customer.parse(found[0])).toMatchObject({
      lastName: '検索',
      firstName: '花子',
      email,
      phone: null,
      reservationCount: 1,
    });
    expect(await client.searchCustomers(KYOTO, 'nobody@example.com')).toEqual([]);
  });

  it('createInquiry files an inquiry', async () => {
    const inquiry = await client.createInquiry(KYOTO, {
      name: '問合 太郎',
      email: 'inquiry@example.com',
      subject: '団体予約について',
      body: '20名で伺えますか。',
    });
    expect(W.InquiryEnvelope.parse({ inquiry })).toEqual({
      inquiry: { id: expect.any(String), createdAt: NOW },
    });
  });

  it('deleteReservation removes a test booking; a real booking is not deletable', async () => {
    const test = await client.createReservation(
      KYOTO,
      walkIn(tag('削除'), P.apiTest),
      randomUUID(),
    );
    await expect(client.deleteReservation(KYOTO, test.id)).resolves.toBeUndefined();
    const gone = await failure(client.getReservation(KYOTO, test.id));
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone).toMatchObject({ status: 404, code: 'RESERVATION_NOT_FOUND' });

    const real = await client.createReservation(
      KYOTO,
      walkIn(tag('本番'), P.apiTest, DAY, '10:00', {
        items: [
          {
            productId: P.rickshaw,
            date: DAY,
            startTime: '10:00',
            adultCount: 1,
            childCount: 0,
          },
        ],
      }),
      randomUUID(),
    );
    const refused = await failure(client.deleteReservation(KYOTO, real.id));
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'RESERVATION_NOT_DELETABLE',
      retryable: false,
    });
  });
});

describe('input is checked before anything is sent', () => {
  beforeEach(() => {
    t.sandbox.clearRequests();
  });

  async function refused(call: Promise<unknown>): Promise<RequestValidationError> {
    const error = await failure(call);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).retryable).toBe(false);
    expect(t.sandbox.requests()).toHaveLength(0);
    return error as RequestValidationError;
  }

  const body = () => walkIn('検証', P.apiTest);

  it.each([
    ['missing', undefined, ['invalid_type']],
    ['empty', '', ['too_small', 'invalid_format']],
    ['short', 'abc1234', ['too_small']],
    ['with a space', 'abcd 1234', ['invalid_format']],
    ['too long', 'k'.repeat(256), ['too_big']],
  ])('an Idempotency-Key %s is refused', async (_what, key, codes) => {
    const error = await refused(client.createReservation(KYOTO, body(), key as string));
    expect(error.details).toEqual(
      codes.map((code) => ({ field: 'Idempotency-Key', code, reason: expect.any(String) })),
    );
  });

  it('a refused input rejects the promise, it never throws synchronously', async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => client.availability(KYOTO, P.apiTest, 2026, 0),
      () => client.calculate(KYOTO, { items: [] }),
      () => client.cancelPreview(KYOTO, 'rsv_x', { cancelReason: 'bored' as 'weather' }),
      () => client.cancelReservation(KYOTO, 'rsv_x', { cancelReason: 'bored' as 'weather' }),
      () => client.createReservation(KYOTO, body(), ''),
      () => client.searchCustomers(KYOTO, ''),
      () => client.createInquiry(KYOTO, { name: '', email: '', subject: '', body: '' }),
    ];
    for (const call of calls) {
      let promise: Promise<unknown> | undefined;
      expect(() => (promise = call())).not.toThrow();
      await expect(promise).rejects.toBeInstanceOf(RequestValidationError);
    }
    expect(t.sandbox.requests()).toHaveLength(0);
  });

  it('a booking without a customer is refused', async () => {
    const { customer: _c, ...noCustomer } = body();
    const error = await refused(client.createReservation(KYOTO, noCustomer, randomUUID()));
    expect(error.details).toEqual([
      {
        field: 'customer',
        code: 'custom',
        reason: 'customer is required unless customerId is given',
      },
    ]);
  });

  it('an unknown field and a bad count are refused with their paths', async () => {
    const wrong = {
      ...body(),
      note: 'x',
      items: [{ ...body().items[0]!, adultCount: -1 }],
    } as CreateReservationRequest;
    const error = await refused(client.createReservation(KYOTO, wrong, randomUUID()));
    expect(error.details.map((d) => [d.field, d.code]).sort()).toEqual([
      ['items.0.adultCount', 'too_small'],
      ['note', 'unrecognized_keys'],
    ]);
  });

  it('calculate, availability, search, cancel and inquiry check their input', async () => {
    const calc = await refused(
      client.calculate(KYOTO, {
        items: [
          {
            productId: P.apiTest,
            date: '2026-02-30',
            startTime: '10:00',
            adultCount: 1,
            childCount: 0,
          },
        ],
      }),
    );
    expect(calc.details.map((d) => [d.field, d.code])).toEqual([['items.0.date', 'custom']]);
    const month = await refused(client.availability(KYOTO, P.apiTest, 2026, 13));
    expect(month.details.map((d) => [d.field, d.code])).toEqual([['month', 'invalid_format']]);
    const search = await refused(client.searchCustomers(KYOTO, 'not-an-email'));
    expect(search.details.map((d) => [d.field, d.code])).toEqual([['email', 'invalid_format']]);
    const cancel = await refused(
      client.cancelReservation(KYOTO, 'rsv_x', { cancelReason: 'bored' as 'weather' }),
    );
    expect(cancel.details.map((d) => [d.field, d.code])).toEqual([
      ['cancelReason', 'invalid_value'],
    ]);
    const inquiry = await refused(
      client.createInquiry(KYOTO, { name: 'a', email: 'a@example.com', subject: ' ', body: 'b' }),
    );
    expect(inquiry.details.map((d) => [d.field, d.code])).toEqual([['subject', 'too_small']]);
  });
});

describe('service errors as typed classes', () => {
  beforeEach(() => {
    t.sandbox.clearRequests();
  });

  async function typed<E extends HttpError>(
    call: Promise<unknown>,
    kind: new (...args: never[]) => E,
    expected: { status: number; code: string },
  ): Promise<E> {
    const error = await failure(call);
    expect(error).toBeInstanceOf(kind);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ ...expected, retryable: false, attempts: 1 });
    W.ErrorBody.parse({
      error: (error as E).message,
      code: (error as E).code,
      ...((error as E).details.length > 0 && { details: (error as E).details }),
    });
    return error as E;
  }

  it('a revoked, expired or unknown key is an AuthenticationError, never retried', async () => {
    await typed(clientFor('revoked').ping(), AuthenticationError, {
      status: 401,
      code: 'API_KEY_REVOKED',
    });
    await typed(clientFor('expired').stores(), AuthenticationError, {
      status: 401,
      code: 'API_KEY_EXPIRED',
    });
    await typed(fastClient(t.baseUrl, 'fd_no_such_key').ping(), AuthenticationError, {
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(t.sandbox.requests().map((r) => r.status)).toEqual([401, 401, 401]);
  });

  it('a missing scope or an ended contract is a PermissionError', async () => {
    const name = tag('権限');
    await typed(
      clientFor('read-only').createReservation(KYOTO, walkIn(name, P.apiTest), randomUUID()),
      PermissionError,
      { status: 403, code: 'INSUFFICIENT_SCOPE' },
    );
    await typed(
      clientFor('no-customer-search').searchCustomers(KYOTO, 'a@example.com'),
      PermissionError,
      { status: 403, code: 'INSUFFICIENT_SCOPE' },
    );
    await typed(clientFor('contract-ended').stores(), PermissionError, {
      status: 403,
      code: 'CONTRACT_ENDED',
    });
    expect(await reservationsTagged(t, KYOTO, name)).toHaveLength(0);
  });

  it('unknown products, reservations and other stores are NotFoundErrors', async () => {
    await typed(client.product(KYOTO, 'pr_nope'), NotFoundError, {
      status: 404,
      code: 'PRODUCT_NOT_FOUND',
    });
    await typed(client.getReservation(KYOTO, 'rsv_nope'), NotFoundError, {
      status: 404,
      code: 'RESERVATION_NOT_FOUND',
    });
    await typed(clientFor('store-limited').products(OKINAWA), NotFoundError, {
      status: 404,
      code: 'STORE_NOT_FOUND',
    });
  });

  it('PARTICIPANT_VALIDATION_FAILED keeps its details', async () => {
    const request = walkIn(tag('参加者'), P.kimonoWalk, DAY, '10:30');
    request.items[0] = {
      ...request.items[0]!,
      adultCount: 2,
      participants: [{ participantNumber: 1, fieldValues: { cf_kimono_size: 'M', cf_x: 'y' } }],
    };
    const error = await typed(
      client.createReservation(KYOTO, request, randomUUID()),
      InvalidRequestError,
      { status: 400, code: 'PARTICIPANT_VALIDATION_FAILED' },
    );
    expect(error.details).toEqual([
      {
        participantNumber: 1,
        fieldId: 'cf_x',
        label: '',
        code: 'UNKNOWN_FIELD',
        reason: 'not a field of this product',
      },
      {
        participantNumber: 2,
        fieldId: 'cf_kimono_size',
        label: '着物サイズ',
        code: 'MISSING_REQUIRED_FIELD',
        reason: 'required',
      },
    ]);
  });

  it('VALIDATION_ERROR from the service keeps field, code and reason', async () => {
    const request = walkIn(tag('番号'), P.apiTest);
    request.items[0] = {
      ...request.items[0]!,
      adultCount: 2,
      participants: [
        { participantNumber: 1, fieldValues: {} },
        { participantNumber: 1, fieldValues: {} },
      ],
    };
    const error = await typed(
      client.createReservation(KYOTO, request, randomUUID()),
      InvalidRequestError,
      { status: 400, code: 'VALIDATION_ERROR' },
    );
    expect(error.details).toEqual([
      {
        field: 'items.0.participants.1.participantNumber',
        code: 'duplicate',
        reason: 'participant 1 repeats',
      },
    ]);
  });

  it('slot and payment refusals carry their codes', async () => {
    await typed(
      client.createReservation(KYOTO, walkIn(tag('過去'), P.apiTest, '2026-11-19'), randomUUID()),
      InvalidRequestError,
      { status: 409, code: 'SLOT_NOT_AVAILABLE' },
    );
    await typed(
      client.createReservation(KYOTO, walkIn(tag('時刻'), P.apiTest, DAY, '11:00'), randomUUID()),
      InvalidRequestError,
      { status: 400, code: 'TIME_SLOT_NOT_FOUND' },
    );
    await typed(
      client.createReservation(OKINAWA, walkIn(tag('現地'), P.snorkel, DAY, '10:30'), randomUUID()),
      InvalidRequestError,
      { status: 400, code: 'PAYMENT_METHOD_NOT_AVAILABLE' },
    );
  });

  it('IDEMPOTENCY_KEY_REUSED is its own error, surfaced after exactly one request', async () => {
    const key = randomUUID();
    const first = tag('一件目');
    const second = tag('二件目');
    await client.createReservation(KYOTO, walkIn(first, P.apiTest), key);
    t.sandbox.clearRequests();
    await typed(
      client.createReservation(KYOTO, walkIn(second, P.apiTest), key),
      IdempotencyKeyReusedError,
      { status: 409, code: 'IDEMPOTENCY_KEY_REUSED' },
    );
    expect(t.sandbox.requests().map((r) => [r.method, r.status])).toEqual([['POST', 409]]);
    expect(await reservationsTagged(t, KYOTO, first)).toHaveLength(1);
    expect(await reservationsTagged(t, KYOTO, second)).toHaveLength(0);
  });
});
