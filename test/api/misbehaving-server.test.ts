/**
 * The client against a server that does not behave like the sandbox: a plain `node:http` server on
 * loopback answering with extra fields, unknown enum values, missing optional fields (tolerance),
 * and with HTML, cut bodies, wrong shapes, silence, refusals and Retry-After (typed errors, retries,
 * aborts). Every failure must come back as a typed error, never as a crash.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HttpError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  PLAN_LIMITS,
  RateGovernor,
  RateLimitError,
  ReservationClient,
  ResponseError,
} from '../../main/api';
import { failure, fastClient, sendJson, startServer, type TestServer } from './helpers';
import { waitFor } from '../support/wait';

const KEY = 'sk_test_misbehaving_0123456789';
const STORE = 'st_1';

let server: TestServer;
let client: ReservationClient;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  server.hits.length = 0;
  client = fastClient(server.url, KEY);
});

/** A reservation as the real service might send it: more than the sandbox, other values. */
function oddReservation(overrides: Record<string, unknown> = {}) {
  return {
    id: 'rsv_odd',
    reservationNumber: '100000016',
    storeId: STORE,
    status: 'no_show',
    source: 'kiosk',
    customerId: null,
    customer: { lastName: '山田', firstName: '', email: null, phone: null, kana: 'ヤマダ' },
    items: [
      {
        productId: 'pr_1',
        productName: '体験',
        date: '2026-11-27',
        startTime: '10:00',
        endTime: '11:00',
        adultCount: 1,
        childCount: 0,
        participants: [],
        seat: 'A-3',
      },
    ],
    paymentMethod: 'paypay',
    currency: 'JPY',
    subtotal: 5000,
    discountTotal: 0,
    totalAmount: 5000,
    locale: 'fr',
    cancellation: null,
    createdAt: '2026-11-20T10:00:00+09:00',
    updatedAt: '2026-11-20T01:00:00Z',
    checkedInAt: null,
    ...overrides,
  };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_req: unknown, res: ServerResponse) =>
    sendJson(res, status, body, headers);

describe('tolerance: what the real service may add or leave out', () => {
  it('keeps unknown fields and unknown values of a store; timeZone and currency may be missing', async () => {
    server.handle(
      json(200, {
        data: [
          {
            id: STORE,
            name: '本店',
            slug: 'main',
            paymentMethods: ['on_site', 'qr_code'],
            customerEmailEnabled: true,
            loyalty: { program: 'gold' },
          },
        ],
        meta: { total: 1 },
      }),
    );
    const stores = await client.stores();
    expect(stores).toEqual([
      {
        id: STORE,
        name: '本店',
        slug: 'main',
        paymentMethods: ['on_site', 'qr_code'],
        customerEmailEnabled: true,
        loyalty: { program: 'gold' },
      },
    ]);
    expect(stores[0]!.timeZone).toBeUndefined();
    expect(stores[0]!.currency).toBeUndefined();
  });

  it('reads a product without prices, duration or description, with a new field type', async () => {
    const product = {
      id: 'pr_1',
      name: '体験',
      isPublished: true,
      approvalType: 'auto_after_payment',
      customFields: [
        {
          fieldId: 'cf_date',
          label: '生年月日',
          fieldType: 'date',
          isRequired: false,
          inputScope: 'everyone',
          options: null,
          validation: null,
          placeholder: 'YYYY-MM-DD',
        },
      ],
      unlistedTimeAllowedForApi: false,
      bookingDeadline: { ignoredForApi: false, rule: null, slotOverrides: [] },
      tags: ['family'],
    };
    server.handle(json(200, { product }));
    const read = await client.product(STORE, 'pr_1');
    expect(read).toEqual(product);
    expect(read.prices).toBeUndefined();
    expect(read.durationMinutes).toBeUndefined();
    server.handle(json(200, { data: [product] }));
    expect(await client.products(STORE)).toEqual([product]);
  });

  it('keeps an unknown reservation status such as "no_show" as a string, and extra fields', async () => {
    const reservation = oddReservation();
    server.handle(json(200, { reservation, trace: 'x' }));
    const read = await client.getReservation(STORE, 'rsv_odd');
    expect(read).toEqual(reservation);
    const status: string = read.status;
    expect(status).toBe('no_show');
    expect((read.items[0] as Record<string, unknown>).seat).toBe('A-3');
    expect((read as Record<string, unknown>).checkedInAt).toBeNull();
  });

  it('keeps an unknown day status and unknown slot fields of availability', async () => {
    const month = {
      productId: 'pr_1',
      year: 2026,
      month: 11,
      days: [
        {
          date: '2026-11-27',
          status: 'sold_out',
          slots: [
            {
              startTime: '10:00',
              endTime: '11:00',
              capacity: 8,
              remainingCapacity: 0,
              price: 5000,
            },
          ],
          note: '臨時便',
        },
        { date: '2026-11-28', status: 'weather_hold', slots: [] },
      ],
    };
    server.handle(json(200, month));
    const read = await client.availability(STORE, 'pr_1', 2026, 11);
    expect(read).toEqual(month);
    expect(read.days.map((d) => d.status)).toEqual(['sold_out', 'weather_hold']);
  });

  it('lists pages with unknown statuses and extra page fields', async () => {
    server.handle(
      json(200, {
        data: [oddReservation(), oddReservation({ id: 'rsv_2', status: 'checked_in' })],
        nextCursor: null,
        total: 2,
      }),
    );
    const statuses: string[] = [];
    for await (const page of client.reservationPages(STORE)) {
      statuses.push(...page.data.map((r) => r.status));
    }
    expect(statuses).toEqual(['no_show', 'checked_in']);
  });

  it('accepts participant values returned as numbers and lists (decision 18)', async () => {
    const reservation = oddReservation();
    reservation.items[0]!.participants = [
      { participantNumber: 1, fieldValues: { cf_height: 165, cf_allergies: ['egg', 'milk'] } },
    ] as never;
    server.handle(json(200, { reservation }));
    const read = await client.getReservation(STORE, 'rsv_odd');
    expect(read.items[0]!.participants[0]!.fieldValues).toEqual({
      cf_height: 165,
      cf_allergies: ['egg', 'milk'],
    });
  });

  it('keeps an unknown error code and detail shape', async () => {
    server.handle(
      json(422, {
        error: 'new rule',
        code: 'SOMETHING_NEW',
        details: [{ rule: 'r1', severity: 'high' }],
        requestId: 'req_1',
      }),
    );
    const error = await failure(client.stores());
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({
      status: 422,
      code: 'SOMETHING_NEW',
      details: [{ rule: 'r1', severity: 'high' }],
      retryable: false,
      attempts: 1,
    });
    expect(server.hits).toHaveLength(1);
  });
});

describe('a misbehaving server gives typed errors', () => {
  const html = (status: number) => (_req: unknown, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end('<html><body><h1>Bad Gateway</h1></body></html>');
  };

  it('HTML with 200 is a ResponseError not_json, not retried', async () => {
    server.handle(html(200));
    const error = await failure(client.stores());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ problem: 'not_json', status: 200, retryable: false });
    expect((error as ResponseError).excerpt).toContain('<html>');
    expect(server.hits).toHaveLength(1);
  });

  it('HTML with 502 is HttpError 502 HTTP_502, retried, then given up within the deadline', async () => {
    server.handle(html(502));
    const started = Date.now();
    const error = await failure(client.stores({ deadlineMs: 800 }));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', details: [], retryable: true });
    expect(server.hits.length).toBeGreaterThan(1);
    expect((error as HttpError).attempts).toBe(server.hits.length);
    expect(elapsed).toBeLessThan(800 + 300);
  });

  it('HTML with 404 is a NotFoundError with code HTTP_404', async () => {
    server.handle(html(404));
    const error = await failure(client.product(STORE, 'pr_1'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'HTTP_404', retryable: false });
  });

  it('truncated JSON with a correct Content-Length is a ResponseError truncated', async () => {
    const cut = '{"data":[{"id":"st_1","name":"本';
    server.handle((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(cut)),
      });
      res.end(cut);
    });
    const error = await failure(client.stores({ deadlineMs: 500 }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ problem: 'truncated', status: 200, retryable: true });
  });

  it('a body shorter than its Content-Length, then a cut connection, is NetworkError reset', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"data":[{"id":"st_1"');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await failure(client.stores({ deadlineMs: 500 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ reason: 'reset', mayHaveReachedService: true, retryable: true });
  });

  it('a redirect is not followed: HttpError 301, not retried, the key sent nowhere else', async () => {
    const elsewhere = await startServer(json(200, { data: [] }));
    try {
      server.handle((_req, res) => {
        res.writeHead(301, { location: `${elsewhere.url}/v1/public/stores` }).end();
      });
      const error = await failure(client.stores());
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 301, code: 'HTTP_301', retryable: false });
      expect(server.hits).toHaveLength(1);
      expect(elsewhere.hits).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('a wrong shape is ResponseError unexpected_shape, not retried', async () => {
    server.handle(json(200, { data: 'x' }));
    const error = await failure(client.stores());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ problem: 'unexpected_shape', status: 200, retryable: false });
    expect((error as Error).message).toContain('data');
    expect(server.hits).toHaveLength(1);
  });

  it('204 where JSON is expected is unexpected_shape', async () => {
    server.handle((_req, res) => {
      res.writeHead(204).end();
    });
    const error = await failure(client.ping());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ problem: 'unexpected_shape', status: 204 });
    expect(server.hits).toHaveLength(1);
  });

  it('an empty 500 is a retryable HttpError; a later success is returned', async () => {
    server.handle((_req, res) => {
      res.writeHead(500).end();
    });
    const error = await failure(client.stores({ deadlineMs: 400 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 500, code: 'HTTP_500', retryable: true });
    expect(server.hits.length).toBeGreaterThan(1);

    server.hits.length = 0;
    server.handle((_req, res) => {
      if (server.hits.length === 1) res.writeHead(500).end();
      else sendJson(res, 200, { data: [] });
    });
    expect(await client.stores()).toEqual([]);
    expect(server.hits).toHaveLength(2);
  });

  it('a closed port is NetworkError refused', async () => {
    const closed = await startServer();
    const url = closed.url;
    await closed.close();
    const error = await failure(fastClient(url, KEY).ping({ deadlineMs: 300 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      reason: 'refused',
      mayHaveReachedService: false,
      retryable: true,
    });
  });

  it('a server that never answers is NetworkError timeout, retried within the deadline', async () => {
    server.handle(() => {});
    const started = Date.now();
    const error = await failure(client.stores({ timeoutMs: 150, deadlineMs: 600 }));
    expect(Date.now() - started).toBeLessThan(600 + 300);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      reason: 'timeout',
      mayHaveReachedService: true,
      retryable: true,
    });
    expect(server.hits.length).toBeGreaterThan(1);
  });
});

describe('at the deadline, the real failure is reported', () => {
  it('no attempt is started with too little time left to succeed', async () => {
    server.handle((req, res) => {
      // The first attempt is cut at once; any later one only after 50 ms.
      setTimeout(() => res.socket?.destroy(), server.hits.length === 1 ? 0 : 50);
    });
    const steady = fastClient(server.url, KEY, {
      retry: { baseDelayMs: 440, maxDelayMs: 440 },
      random: () => 1,
    });
    const error = await failure(steady.stores({ deadlineMs: 500 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ reason: 'reset', attempts: 1 });
    expect(server.hits).toHaveLength(1);
  });

  it('a retry that gets no turn before the deadline reports the last attempt’s failure', async () => {
    server.handle(json(503, { error: 'busy', code: 'SERVICE_UNAVAILABLE' }));
    // The standard plan: a burst of two, then about one request a second.
    const slow = new ReservationClient({
      baseUrl: server.url,
      apiKey: KEY,
      governor: new RateGovernor({ limit: PLAN_LIMITS.standard }),
      retry: { baseDelayMs: 20, maxDelayMs: 200 },
    });
    const error = await failure(slow.stores({ deadlineMs: 600 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', attempts: 2 });
    expect(server.hits).toHaveLength(2);
  });
});

describe('aborts and close', () => {
  it('a caller abort mid-request ends the call promptly as aborted, with no retry', async () => {
    server.handle(() => {});
    const controller = new AbortController();
    const call = failure(
      client.createInquiry(
        STORE,
        { name: 'a', email: 'a@example.com', subject: 's', body: 'b' },
        { signal: controller.signal },
      ),
    );
    await waitFor(() => server.hits.length === 1, 'the request at the server');
    const aborted = Date.now();
    controller.abort();
    const error = await call;
    // At once, not when the request would time out (a bound a loaded machine keeps, too).
    expect(Date.now() - aborted).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(NetworkError);
    // The request was sent: a write may have happened before the caller gave up. One attempt,
    // and the call is over: no retry is left to come.
    expect(error).toMatchObject({
      reason: 'aborted',
      retryable: false,
      mayHaveReachedService: true,
      attempts: 1,
    });
    expect(server.hits).toHaveLength(1);
  });

  it('an abort while waiting to retry ends the wait', async () => {
    server.handle(
      json(503, { error: 'busy', code: 'SERVICE_UNAVAILABLE' }, { 'retry-after': '5' }),
    );
    const controller = new AbortController();
    const attempts: unknown[] = [];
    const waiting = fastClient(server.url, KEY, { onAttempt: (o) => attempts.push(o) });
    const call = failure(waiting.stores({ signal: controller.signal }));
    // The first attempt answered 503: the client now waits its Retry-After (5 s).
    await waitFor(() => attempts.length === 1, 'the first attempt answered');
    const aborted = Date.now();
    controller.abort();
    const error = await call;
    expect(Date.now() - aborted).toBeLessThan(1_000);
    expect(error).toMatchObject({ name: 'NetworkError', reason: 'aborted' });
    expect(server.hits).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    server.handle(json(200, { data: [] }));
    const error = await failure(client.stores({ signal: AbortSignal.abort() }));
    expect(error).toMatchObject({
      name: 'NetworkError',
      reason: 'aborted',
      mayHaveReachedService: false,
    });
    expect(server.hits).toHaveLength(0);
  });

  it('close() aborts every call in flight; later calls fail as aborted without sending', async () => {
    server.handle(() => {});
    const calls = [
      failure(client.stores()),
      failure(client.ping()),
      failure(client.products(STORE)),
    ];
    await waitFor(() => server.hits.length === 3, 'the three requests at the server');
    const closed = Date.now();
    client.close();
    const errors = await Promise.all(calls);
    expect(Date.now() - closed).toBeLessThan(1_000);
    for (const error of errors) {
      expect(error).toBeInstanceOf(NetworkError);
      expect(error).toMatchObject({ reason: 'aborted', retryable: false });
    }
    const later = await failure(client.stores());
    expect(later).toMatchObject({ name: 'NetworkError', reason: 'aborted' });
    expect(server.hits).toHaveLength(3);
  });
});

describe('Retry-After is honoured', () => {
  it('as seconds on a 429: the retry waits at least that long and the governor notes it', async () => {
    server.handle((_req, res) => {
      if (server.hits.length === 1)
        sendJson(res, 429, { error: 'slow down', code: 'RATE_LIMITED' }, { 'retry-after': '1' });
      else sendJson(res, 200, { data: [] });
    });
    expect(await client.stores()).toEqual([]);
    expect(server.hits).toHaveLength(2);
    const gap = server.hits[1]!.at - server.hits[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(1000);
    expect(gap).toBeLessThan(2500);
    expect(client.governor.state().recent429s).toBe(1);
  });

  it('as seconds on a 429 that persists: a RateLimitError carrying retryAfterMs', async () => {
    server.handle(json(429, { error: 'slow down', code: 'RATE_LIMITED' }, { 'retry-after': '30' }));
    const error = await failure(client.stores({ deadlineMs: 2_000 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 30_000 });
    // Waiting 30 s does not fit a 2 s deadline: given up at once rather than sleeping past it.
    expect(server.hits).toHaveLength(1);
  });

  it('as an HTTP date on a 503', async () => {
    server.handle((_req, res) => {
      if (server.hits.length === 1) {
        const at = new Date(Date.now() + 2_500).toUTCString();
        sendJson(res, 503, { error: 'busy', code: 'SERVICE_UNAVAILABLE' }, { 'retry-after': at });
      } else sendJson(res, 200, { data: [] });
    });
    expect(await client.stores()).toEqual([]);
    expect(server.hits).toHaveLength(2);
    const gap = server.hits[1]!.at - server.hits[0]!.at;
    // The date has whole seconds: the wait is 1.5–2.5 s after the first answer.
    expect(gap).toBeGreaterThanOrEqual(1_450);
    expect(gap).toBeLessThan(4_000);
  });
});

describe('a service that differs where the spec shows nothing (docs/decisions.md, S-table)', () => {
  const cancel = { cancelReason: 'weather' as const };

  it('a lost cancel answer met by another code: settled through the listing, never a GET of one', async () => {
    server.handle((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'POST' && path.endsWith('/cancel')) {
        // The first attempt's answer is lost; the retry hears a code of the service's own.
        if (server.hits.length === 1) return void req.socket.destroy();
        return sendJson(res, 409, { error: 'state', code: 'RESERVATION_STATE_CONFLICT' });
      }
      if (req.method === 'GET' && path.endsWith('/reservations'))
        return sendJson(res, 200, {
          data: [oddReservation({ status: 'canceled' })],
          nextCursor: null,
        });
      sendJson(res, 404, { error: 'no', code: 'NOT_FOUND' });
    });
    const outcome = await client.cancelReservation(
      STORE,
      'rsv_odd',
      cancel,
      {},
      {
        since: '2026-11-20T00:00:00.000Z',
      },
    );
    expect(outcome).toMatchObject({
      resolvedByReadBack: true,
      reservation: { status: 'canceled' },
    });
    expect(server.hits.map((h) => `${h.method} ${h.url.split('?')[0]!.split('/').at(-1)}`)).toEqual(
      ['POST cancel', 'POST cancel', 'GET reservations'],
    );
    expect(server.hits[2]!.url).toContain('updatedSince=2026-11-20T00%3A00%3A00.000Z');
  });

  it('the same code with the record still active in the listing is the refusal it says', async () => {
    server.handle((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'POST') {
        if (server.hits.length === 1) return void req.socket.destroy();
        return sendJson(res, 409, { error: 'state', code: 'RESERVATION_STATE_CONFLICT' });
      }
      if (path.endsWith('/reservations'))
        return sendJson(res, 200, {
          data: [oddReservation({ status: 'confirmed' })],
          nextCursor: null,
        });
    });
    const error = await failure(
      client.cancelReservation(STORE, 'rsv_odd', cancel, {}, { since: '2026-11-20T00:00:00.000Z' }),
    );
    expect(error).toMatchObject({ status: 409, code: 'RESERVATION_STATE_CONFLICT' });
  });

  it('a cancel answered with an empty body (204) or another shape: the record comes from the listing', async () => {
    for (const answer of [
      (_req: unknown, res: ServerResponse) => void res.writeHead(204).end(),
      json(200, { ok: true }),
    ]) {
      server.hits.length = 0;
      server.handle((req, res) => {
        if (req.method === 'POST') return answer(req, res);
        sendJson(res, 200, { data: [oddReservation({ status: 'cancelled' })], nextCursor: null });
      });
      const outcome = await client.cancelReservation(STORE, 'rsv_odd', cancel);
      expect(outcome).toMatchObject({
        resolvedByReadBack: false,
        reservation: { id: 'rsv_odd', status: 'cancelled' },
      });
      expect(server.hits.map((h) => h.method)).toEqual(['POST', 'GET']);
    }
  });

  it('a creation answered with the bare reservation, a product list without its wrapper', async () => {
    const reservation = oddReservation({ status: 'confirmed' });
    server.handle(json(201, reservation));
    const created = await client.createReservation(
      STORE,
      {
        customer: { lastName: '山田' },
        items: [
          {
            productId: 'pr_1',
            date: '2026-11-27',
            startTime: '10:00',
            adultCount: 1,
            childCount: 0,
          },
        ],
        paymentMethod: 'external',
      },
      'idem-0123456789',
    );
    expect(created).toEqual(reservation);
    const product = {
      id: 'pr_1',
      isPublished: true,
      approvalType: 'instant',
      customFields: [],
      unlistedTimeAllowedForApi: false,
      bookingDeadline: { ignoredForApi: true },
    };
    server.handle(json(200, [product]));
    expect(await client.products(STORE)).toEqual([product]);
  });
});
