/**
 * The sandbox's control surface: clock, fault injection (each action observed over HTTP),
 * determinism under a seed, reset, snapshots and scenario files, the request log, and the HTTP
 * control server with its token guard.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Availability, CustomerList, ErrorBody, InquiryEnvelope } from '../../main/api/schemas';
import {
  WireReservationEnvelope,
  WireReservationPage,
  type WireReservation,
} from '../../sandbox/model';
import { FaultConfig } from '../../sandbox/faults';
import { DEMO } from '../../sandbox/scenario/demo';
import { SCENARIO_FORMAT } from '../../sandbox/scenario/format';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { waitFor } from '../support/wait';
import { KYOTO, NOW, NO_RATE_LIMIT, expectError, useDemoSandbox } from './support';

function createBody(date = '2026-11-27', email = 'control.test@example.jp') {
  return {
    customer: { lastName: '制御', firstName: '試験', email },
    items: [
      { productId: DEMO.products.apiTest, date, startTime: '10:00', adultCount: 1, childCount: 0 },
    ],
    paymentMethod: 'on_site',
  };
}

async function listAll(s: TestSandbox, store: string = KYOTO): Promise<WireReservation[]> {
  const out: WireReservation[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const r = await s.call('GET', s.storePath(store, `/reservations?limit=100${q}`));
    expect(r.status, r.text).toBe(200);
    const page = WireReservationPage.parse(r.body);
    out.push(...page.data);
    cursor = page.nextCursor;
    if (cursor === null) return out;
  }
  throw new Error('listing did not end');
}

async function control(
  s: TestSandbox,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(s.controlUrl! + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** The service's time as a client sees it: the creation time of a new inquiry. */
async function serviceNow(s: TestSandbox): Promise<string> {
  const r = await s.call('POST', s.storePath(KYOTO, '/inquiries'), {
    body: { name: '時計', email: 'clock@example.jp', subject: '時刻', body: '今何時？' },
  });
  expect(r.status, r.text).toBe(201);
  return InquiryEnvelope.parse(r.body).inquiry.createdAt;
}

const opened: TestSandbox[] = [];
async function open(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<TestSandbox> {
  const s = await startTestSandbox({ rateLimit: NO_RATE_LIMIT, ...options });
  opened.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

describe('clock', () => {
  it('set, advance, freeze and unfreeze move the service time seen over HTTP', async () => {
    // Real time passing is what a frozen clock ignores and a running one follows: the machine's
    // clock (Date) is moved by hand here, the rest (the HTTP server's timers) stays real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const s = await open({ now: NOW, freezeClock: true });
      const { clock } = s.sandbox;
      expect(clock.frozen).toBe(true);
      expect(await serviceNow(s)).toBe(NOW);
      vi.advanceTimersByTime(60_000);
      expect(await serviceNow(s)).toBe(NOW);

      clock.advance(90_000);
      expect(await serviceNow(s)).toBe('2026-11-20T01:01:30.000Z');
      clock.set('2027-01-01T00:00:00.000Z');
      expect(await serviceNow(s)).toBe('2027-01-01T00:00:00.000Z');

      clock.unfreeze();
      expect(clock.frozen).toBe(false);
      vi.advanceTimersByTime(60);
      expect(await serviceNow(s)).toBe('2027-01-01T00:00:00.060Z');
      // Setting a running clock keeps it running from there.
      clock.set('2026-11-20T01:00:00.000Z');
      vi.advanceTimersByTime(30);
      expect(await serviceNow(s)).toBe('2026-11-20T01:00:00.030Z');

      clock.freeze();
      const frozenAt = await serviceNow(s);
      vi.advanceTimersByTime(30);
      expect(await serviceNow(s)).toBe(frozenAt);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drives what the API says about days (past, today)', async () => {
    const s = await open({ now: NOW, freezeClock: true });
    const status = async (date: string) => {
      const r = await s.call(
        'GET',
        s.storePath(KYOTO, `/products/${DEMO.products.apiTest}/availability?year=2026&month=11`),
      );
      expect(r.status, r.text).toBe(200);
      return Availability.parse(r.body).days.find((d) => d.date === date)!.status;
    };
    expect(await status('2026-11-25')).toBe('available');
    s.sandbox.clock.set('2026-11-26T01:00:00.000Z');
    expect(await status('2026-11-25')).toBe('past');
  });

  it('is driven over the HTTP control server: POST /clock, GET /state', async () => {
    const s = await open({ now: NOW, controlPort: 0 });
    expect(s.controlUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s.controlUrl).not.toBe(s.baseUrl);

    const set = await control(s, 'POST', '/clock', {
      set: '2026-12-24T00:00:00.000Z',
      freeze: true,
    });
    expect(set).toEqual({ status: 200, body: { now: '2026-12-24T00:00:00.000Z', frozen: true } });
    const state = await control(s, 'GET', '/state');
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ now: '2026-12-24T00:00:00.000Z', frozen: true });
    expect(await serviceNow(s)).toBe('2026-12-24T00:00:00.000Z');

    expect(await control(s, 'POST', '/clock', { advanceMs: 3_600_000 })).toEqual({
      status: 200,
      body: { now: '2026-12-24T01:00:00.000Z', frozen: true },
    });
    expect(await serviceNow(s)).toBe('2026-12-24T01:00:00.000Z');
    expect(
      await control(s, 'POST', '/clock', { set: Date.parse('2027-02-01T00:00:00.000Z') }),
    ).toEqual({ status: 200, body: { now: '2027-02-01T00:00:00.000Z', frozen: true } });

    const unfrozen = await control(s, 'POST', '/clock', { freeze: false });
    expect(unfrozen.body).toMatchObject({ frozen: false });
    expect(s.sandbox.clock.frozen).toBe(false);

    for (const bad of [{ set: 'tomorrow' }, { speed: 2 }, { advanceMs: '1h' }]) {
      const r = await control(s, 'POST', '/clock', bad);
      expect(r.status).toBe(400);
      expect(ErrorBody.parse(r.body).code).toBe('VALIDATION_ERROR');
    }
  });

  it('has no control server unless asked, and never on the API port', async () => {
    const s = await open();
    expect(s.controlUrl).toBeNull();
    expectError(await s.call('GET', '/state'), 404, 'NOT_FOUND');
    expectError(await s.call('POST', '/reset', { body: {} }), 404, 'NOT_FOUND');
  });
});

describe('control token', () => {
  it('guards every control route with Authorization: Bearer <token>', async () => {
    const token = 'ctl_secret_for_tests_123';
    const s = await open({ now: NOW, freezeClock: true, controlPort: 0, controlToken: token });
    for (const [method, path, body] of [
      ['GET', '/state', undefined],
      ['POST', '/clock', { set: '2030-01-01T00:00:00.000Z' }],
      ['POST', '/reset', undefined],
      ['PUT', '/faults', { rates: { error503: 1 } }],
      ['GET', '/snapshot', undefined],
    ] as const) {
      for (const bad of [undefined, 'wrong-token', s.key('org-facility')]) {
        const r = await control(s, method, path, body, bad);
        expect(r.status, `${method} ${path} ${bad}`).toBe(401);
        expect(r.body).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED' });
      }
    }
    // Nothing happened.
    expect(s.sandbox.clock.iso()).toBe(NOW);
    expect((await s.call('GET', '/v1/public/ping')).status).toBe(200);

    const ok = await control(s, 'GET', '/state', undefined, token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ now: NOW, frozen: true });
  });
});

describe('fault injection', () => {
  const s = useDemoSandbox();

  const reservationCount = () => s.sandbox.world.state.reservations.length;
  const create = (idempotencyKey: string, body: unknown = createBody(), init?: RequestInit) =>
    fetch(s.baseUrl + s.storePath(KYOTO, '/reservations'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.key('org-facility')}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(body),
      ...init,
    });

  it('latency: a matching request takes at least the configured time', async () => {
    s.sandbox.faults.configure({
      latencyMs: { min: 300, max: 300 },
      match: { pathIncludes: '/ping' },
    });
    const started = performance.now();
    const r = await s.call('GET', '/v1/public/ping');
    expect(r.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    const other = await s.call('GET', '/v1/public/stores');
    expect(other.status).toBe(200);
    const log = s.sandbox.requests();
    expect(log.find((e) => e.path === '/v1/public/ping')!.durationMs).toBeGreaterThanOrEqual(295);
    expect(log.find((e) => e.path === '/v1/public/stores')!.durationMs).toBeLessThan(295);
  });

  it('error_503: SERVICE_UNAVAILABLE with Retry-After, nothing committed', async () => {
    s.sandbox.faults.configure({ rates: { error503: 1 }, retryAfterSeconds: 7 });
    const ping = await s.call('GET', '/v1/public/ping');
    expectError(ping, 503, 'SERVICE_UNAVAILABLE');
    expect(ping.headers.get('retry-after')).toBe('7');
    const before = reservationCount();
    const r = await create(randomUUID());
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('7');
    expect(ErrorBody.parse(await r.json()).code).toBe('SERVICE_UNAVAILABLE');
    expect(reservationCount()).toBe(before);
  });

  it('error_429: RATE_LIMITED with Retry-After', async () => {
    s.sandbox.faults.configure({ rates: { error429: 1 }, retryAfterSeconds: 4 });
    const r = await s.call('GET', s.storePath(KYOTO, '/products'));
    expectError(r, 429, 'RATE_LIMITED');
    expect(r.headers.get('retry-after')).toBe('4');
    expect(s.sandbox.faults.injected.error_429).toBe(1);
  });

  it('reset: the connection is cut before processing; nothing is committed', async () => {
    s.sandbox.faults.enqueue({
      action: 'reset',
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    const before = reservationCount();
    const emails = s.sandbox.emails().length;
    const key = randomUUID();
    await expect(create(key)).rejects.toThrow(TypeError);
    expect(reservationCount()).toBe(before);
    expect(s.sandbox.emails()).toHaveLength(emails);
    expect(s.sandbox.faults.injected.reset).toBe(1);
    // The key was not consumed: the retry is processed anew.
    const retry = await create(key);
    expect(retry.status).toBe(201);
    expect(reservationCount()).toBe(before + 1);
  });

  it('timeout: the request hangs until the client gives up; nothing is committed', async () => {
    s.sandbox.faults.enqueue({ action: 'timeout', match: { methods: ['POST'] } });
    const before = reservationCount();
    const started = performance.now();
    const error = await create(randomUUID(), createBody(), {
      signal: AbortSignal.timeout(400),
    }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('TimeoutError');
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    // The sandbox lets go of the request it held (and says so in its log), never processing it.
    await waitFor(
      () => s.sandbox.requests().some((r) => r.fault === 'timeout'),
      'the held request let go',
    );
    expect(reservationCount()).toBe(before);
    expect(s.sandbox.faults.injected.timeout).toBe(1);
  });

  it('timeout: hangMs bounds the hang, then the connection is cut', async () => {
    s.sandbox.faults.configure({ hangMs: 300 });
    s.sandbox.faults.enqueue({ action: 'timeout' });
    const started = performance.now();
    await expect(s.call('GET', '/v1/public/ping')).rejects.toThrow(TypeError);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('drop_after_commit: the answer is lost but the reservation exists', async () => {
    s.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    const before = reservationCount();
    const key = randomUUID();
    await expect(create(key)).rejects.toThrow(TypeError);
    expect(reservationCount()).toBe(before + 1);
    const committed = s.sandbox.world.state.reservations.at(-1)!;
    const listed = await listAll(s);
    expect(listed.at(-1)!.id).toBe(committed.id);
    // The client's retry with the same key finds it instead of booking twice.
    const replay = await create(key);
    expect(replay.status).toBe(201);
    expect(WireReservationEnvelope.parse(await replay.json()).reservation.id).toBe(committed.id);
    expect(reservationCount()).toBe(before + 1);
  });

  it('scripted faults hit matching requests only, `times` times, in order', async () => {
    s.sandbox.faults.enqueue({
      action: 'error_503',
      match: { methods: ['GET'], pathIncludes: '/products' },
      times: 2,
    });
    const calc = await s.call('POST', s.storePath(KYOTO, '/reservations/calculate'), {
      body: { items: [createBody().items[0]] },
    });
    expect(calc.status, calc.text).toBe(200);
    expect((await s.call('GET', '/v1/public/stores')).status).toBe(200);
    expectError(await s.call('GET', s.storePath(KYOTO, '/products')), 503, 'SERVICE_UNAVAILABLE');
    expectError(
      await s.call('GET', s.storePath(KYOTO, `/products/${DEMO.products.apiTest}`)),
      503,
      'SERVICE_UNAVAILABLE',
    );
    expect((await s.call('GET', s.storePath(KYOTO, '/products'))).status).toBe(200);
    expect(s.sandbox.faults.injected.error_503).toBe(2);

    s.sandbox.faults.enqueue({ action: 'error_429' }, { action: 'error_503' });
    expect((await s.call('GET', '/v1/public/ping')).status).toBe(429);
    expect((await s.call('GET', '/v1/public/ping')).status).toBe(503);
    expect((await s.call('GET', '/v1/public/ping')).status).toBe(200);
  });

  it('`match` restricts random faults to methods and paths', async () => {
    s.sandbox.faults.configure({
      rates: { error503: 1 },
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    expect((await s.call('GET', '/v1/public/ping')).status).toBe(200);
    expect((await s.call('GET', s.storePath(KYOTO, '/reservations'))).status).toBe(200);
    const inquiry = await s.call('POST', s.storePath(KYOTO, '/inquiries'), {
      body: { name: 'A', email: 'a@example.jp', subject: 's', body: 'b' },
    });
    expect(inquiry.status).toBe(201);
    expectError(
      await s.call('POST', s.storePath(KYOTO, '/reservations/calculate'), {
        body: { items: [createBody().items[0]] },
      }),
      503,
      'SERVICE_UNAVAILABLE',
    );
    expect((await create(randomUUID())).status).toBe(503);
  });

  it('is configured over the HTTP control server too', async () => {
    const c = await open({ now: NOW, freezeClock: true, controlPort: 0 });
    const put = await control(c, 'PUT', '/faults', {
      rates: { error503: 1 },
      retryAfterSeconds: 9,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ faults: { rates: { error503: 1 }, retryAfterSeconds: 9 } });
    const r = await c.call('GET', '/v1/public/ping');
    expectError(r, 503, 'SERVICE_UNAVAILABLE');
    expect(r.headers.get('retry-after')).toBe('9');
    expect((await control(c, 'GET', '/state')).body).toMatchObject({ injected: { error_503: 1 } });
    // DELETE /faults: no faults any more, counters from zero.
    expect((await control(c, 'DELETE', '/faults')).status).toBe(200);
    expect((await c.call('GET', '/v1/public/ping')).status).toBe(200);

    const script = await control(c, 'POST', '/faults/script', [
      { action: 'error_429', match: { pathIncludes: '/ping' } },
    ]);
    expect(script.status).toBe(200);
    expect((await c.call('GET', '/v1/public/stores')).status).toBe(200);
    expect((await c.call('GET', '/v1/public/ping')).status).toBe(429);
    const state = await control(c, 'GET', '/state');
    expect(state.body).toMatchObject({ injected: { error_503: 0, error_429: 1 } });

    const bad = await control(c, 'PUT', '/faults', { rates: { error503: 2 } });
    expect(bad.status).toBe(400);
    const badScript = await control(c, 'POST', '/faults/script', [{ action: 'explode' }]);
    expect(badScript.status).toBe(400);
  });
});

describe('determinism under a seed', () => {
  async function outcomes(seed: number, sandbox?: TestSandbox): Promise<string[]> {
    const s = sandbox ?? (await open({ faults: { seed, rates: { reset: 0.2, error503: 0.2 } } }));
    const out: string[] = [];
    for (let i = 0; i < 50; i++) {
      try {
        out.push(String((await s.call('GET', '/v1/public/ping')).status));
      } catch {
        out.push('reset');
      }
    }
    return out;
  }

  it('gives the same sequence of outcomes for the same seed, another for another seed', async () => {
    const first = await outcomes(42);
    const second = await outcomes(42);
    expect(second).toEqual(first);
    expect(new Set(first)).toEqual(new Set(['200', '503', 'reset']));
    const resets = first.filter((o) => o === 'reset').length;
    const errors = first.filter((o) => o === '503').length;
    expect(resets).toBeGreaterThan(2);
    expect(resets).toBeLessThan(25);
    expect(errors).toBeGreaterThan(2);
    expect(errors).toBeLessThan(25);
    expect(await outcomes(43)).not.toEqual(first);
  });

  it('restarts the sequence when the configuration is set again', async () => {
    const s = await open({ faults: { seed: 42, rates: { reset: 0.2, error503: 0.2 } } });
    const fresh = await outcomes(42, s);
    s.sandbox.faults.configure({ seed: 42, rates: { reset: 0.2, error503: 0.2 } });
    expect(await outcomes(42, s)).toEqual(fresh);
    expect(s.sandbox.faults.injected.reset + s.sandbox.faults.injected.error_503).toBe(
      2 * fresh.filter((o) => o !== '200').length,
    );
  });
});

describe('reset', () => {
  it('restores the loaded state (reservations, e-mails, inquiries, keys) and clears faults', async () => {
    const s = await open({ now: NOW, freezeClock: true, controlPort: 0 });
    const listed = await listAll(s);
    const key = randomUUID();
    const created = await s.call('POST', s.storePath(KYOTO, '/reservations'), {
      body: createBody(),
      idempotencyKey: key,
    });
    expect(created.status).toBe(201);
    const id = WireReservationEnvelope.parse(created.body).reservation.id;
    const future = listed.find((r) => r.status === 'confirmed' && r.items[0]!.date > '2026-11-21')!;
    const cancelled = await s.call(
      'POST',
      s.storePath(KYOTO, `/reservations/${future.id}/cancel`),
      {
        body: { cancelReason: 'weather' },
      },
    );
    expect(cancelled.status).toBe(200);
    await serviceNow(s);
    expect(s.sandbox.emails().length).toBeGreaterThan(0);
    s.sandbox.faults.configure({ latencyMs: { min: 1, max: 2 }, rates: { error429: 0.5 } });
    s.sandbox.faults.enqueue({ action: 'error_503', match: { pathIncludes: '/stores' } });

    s.sandbox.reset();

    expect(s.sandbox.faults.current()).toEqual(FaultConfig.parse({}));
    expect(Object.values(s.sandbox.faults.injected).every((n) => n === 0)).toBe(true);
    expect(s.sandbox.requests()).toEqual([]);
    expect((await s.call('GET', '/v1/public/stores')).status).toBe(200);
    expectError(
      await s.call('GET', s.storePath(KYOTO, `/reservations/${id}`)),
      404,
      'RESERVATION_NOT_FOUND',
    );
    expect(await listAll(s)).toEqual(listed);
    expect(s.sandbox.emails()).toEqual([]);
    expect(s.sandbox.world.state.inquiries).toEqual([]);
    // The Idempotency-Key is forgotten too: another body under it is a new reservation.
    const again = await s.call('POST', s.storePath(KYOTO, '/reservations'), {
      body: createBody('2026-11-28'),
      idempotencyKey: key,
    });
    expect(again.status, again.text).toBe(201);

    // The same over HTTP.
    expect(await control(s, 'POST', '/reset')).toEqual({ status: 200, body: { ok: true } });
    expect(await listAll(s)).toEqual(listed);
  });
});

describe('snapshots and scenario files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fd-sandbox-control-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function answers(s: TestSandbox, ids: string[], email: string) {
    const get = async (path: string) => {
      const r = await s.call('GET', path);
      return { status: r.status, body: r.body as unknown };
    };
    return {
      ping: await get('/v1/public/ping'),
      stores: await get('/v1/public/stores'),
      listing: await listAll(s),
      okinawa: await listAll(s, DEMO.stores.okinawa),
      reservations: await Promise.all(
        ids.map((id) => get(s.storePath(KYOTO, `/reservations/${id}`))),
      ),
      availability: await get(
        s.storePath(KYOTO, `/products/${DEMO.products.apiTest}/availability?year=2026&month=11`),
      ),
      customer: CustomerList.parse(
        (await s.call('GET', s.storePath(KYOTO, `/customers?email=${encodeURIComponent(email)}`)))
          .body,
      ),
    };
  }

  it('snapshot → file → new sandbox gives the identical state and the same answers', async () => {
    const a = await open({ now: NOW, freezeClock: true });
    const made: string[] = [];
    for (const date of ['2026-11-27', '2026-11-28']) {
      const r = await a.call('POST', a.storePath(KYOTO, '/reservations'), {
        body: createBody(date, 'snapshot@example.jp'),
        idempotencyKey: randomUUID(),
      });
      expect(r.status).toBe(201);
      made.push(WireReservationEnvelope.parse(r.body).reservation.id);
    }
    await a.call('POST', a.storePath(KYOTO, `/reservations/${made[0]}/cancel`), {
      body: { cancelReason: 'customer_request' },
    });
    const card = a.sandbox.bookOnSite(
      KYOTO,
      { ...createBody('2026-11-29', 'card@example.com'), paymentMethod: 'external' },
      'card',
    );
    made.push(card.id);
    await serviceNow(a);

    const file = join(dir, 'snapshot.json');
    await a.sandbox.saveSnapshot(file);
    const b = await open({ scenario: file, freezeClock: true });

    expect(b.sandbox.clock.iso()).toBe(NOW);
    expect(b.sandbox.world.state).toEqual(a.sandbox.world.state);
    expect(b.keys).toEqual(a.keys);
    expect(b.sandbox.emails()).toEqual(a.sandbox.emails());
    expect(await answers(b, made, 'snapshot@example.jp')).toEqual(
      await answers(a, made, 'snapshot@example.jp'),
    );

    // The same future too: the same booking gets the same id and number in both.
    const again = async (s: TestSandbox) => {
      const r = await s.call('POST', s.storePath(KYOTO, '/reservations'), {
        body: createBody('2026-11-30', 'later@example.jp'),
        idempotencyKey: 'same-key-in-both',
      });
      expect(r.status, r.text).toBe(201);
      return WireReservationEnvelope.parse(r.body).reservation;
    };
    expect(await again(b)).toEqual(await again(a));
    // An idempotency record taken along: the replay in b answers with a's reservation.
    const replayed = await b.call('POST', b.storePath(KYOTO, '/reservations'), {
      body: createBody('2026-11-30', 'later@example.jp'),
      idempotencyKey: 'same-key-in-both',
    });
    expect(replayed.status).toBe(201);
  });

  it('loads a snapshot into a running sandbox, which then resets to it', async () => {
    const a = await open({ now: NOW, freezeClock: true, controlPort: 0 });
    await a.call('POST', a.storePath(KYOTO, '/reservations'), {
      body: createBody(),
      idempotencyKey: randomUUID(),
    });
    const snap = await control(a, 'GET', '/snapshot');
    expect(snap.status).toBe(200);

    const b = await open({ now: '2026-01-01T00:00:00.000Z', freezeClock: true, controlPort: 0 });
    expect(await control(b, 'POST', '/load', snap.body)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(b.sandbox.clock.iso()).toBe(NOW);
    expect(b.sandbox.world.state).toEqual(a.sandbox.world.state);
    const loaded = await listAll(b);
    await b.call('POST', b.storePath(KYOTO, '/reservations'), {
      body: createBody('2026-11-28'),
      idempotencyKey: randomUUID(),
    });
    expect(await listAll(b)).toHaveLength(loaded.length + 1);
    b.sandbox.reset();
    expect(await listAll(b)).toEqual(loaded);
  });

  const tinyScenario = () => ({
    format: SCENARIO_FORMAT,
    name: 'tiny',
    seed: 7,
    now: '2026-06-01T00:00:00.000Z',
    organizations: [{ id: 'org_tiny', name: '小さな工房' }],
    stores: [
      {
        id: 'st_tiny',
        organizationId: 'org_tiny',
        name: '小さな工房 本店',
        slug: 'tiny',
        timeZone: 'Asia/Tokyo',
        paymentMethods: ['on_site'],
        customerEmailEnabled: true,
        businessEmail: 'shop@tiny.example.jp',
      },
    ],
    products: [
      {
        id: 'pr_tiny',
        storeId: 'st_tiny',
        name: '陶芸体験',
        isPublished: true,
        approvalType: 'instant',
        durationMinutes: 60,
        prices: { adult: 1000, child: 500 },
        schedule: {
          capacity: 5,
          rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: [{ startTime: '10:00' }] }],
        },
      },
    ],
    keys: [
      {
        token: 'tiny_scenario_key_0001',
        name: 'tiny',
        role: 'tiny',
        organizationId: 'org_tiny',
        teamId: null,
        scopes: ['products:read', 'reservations:read', 'reservations:write'],
        plan: 'standard',
      },
    ],
    reservations: [
      {
        productId: 'pr_tiny',
        date: '2026-06-03',
        startTime: '10:00',
        adultCount: 2,
        customer: { lastName: '山田', email: 'yamada@example.jp' },
        paymentMethod: 'on_site',
      },
    ],
  });

  it('starts from a scenario file', async () => {
    const file = join(dir, 'tiny.json');
    await writeFile(file, JSON.stringify(tinyScenario()));
    const s = await open({ scenario: file, freezeClock: true });
    expect(s.sandbox.clock.iso()).toBe('2026-06-01T00:00:00.000Z');
    const ping = await s.call('GET', '/v1/public/ping', { key: 'tiny_scenario_key_0001' });
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ ok: true, organizationId: 'org_tiny', teamId: null });
    const r = await s.call('GET', s.storePath('st_tiny', '/reservations'), {
      key: 'tiny_scenario_key_0001',
    });
    const page = WireReservationPage.parse(r.body);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      storeId: 'st_tiny',
      status: 'confirmed',
      totalAmount: 2000,
      items: [{ date: '2026-06-03', startTime: '10:00', endTime: '11:00', adultCount: 2 }],
    });
    // The demo's keys do not exist here.
    expectError(await s.call('GET', '/v1/public/ping'), 401, 'UNAUTHORIZED');
  });

  it('loads a scenario file into a running sandbox, which then resets to it', async () => {
    const file = join(dir, 'tiny-load.json');
    await writeFile(file, JSON.stringify(tinyScenario()));
    const s = await open({ now: NOW, freezeClock: true });
    await s.sandbox.load(file);
    expect(s.sandbox.clock.iso()).toBe('2026-06-01T00:00:00.000Z');
    const key = 'tiny_scenario_key_0001';
    expectError(await s.call('GET', '/v1/public/ping'), 401, 'UNAUTHORIZED');
    const made = await s.call('POST', s.storePath('st_tiny', '/reservations'), {
      key,
      idempotencyKey: randomUUID(),
      body: {
        customer: { lastName: '佐藤' },
        items: [
          {
            productId: 'pr_tiny',
            date: '2026-06-04',
            startTime: '10:00',
            adultCount: 1,
            childCount: 0,
          },
        ],
        paymentMethod: 'on_site',
      },
    });
    expect(made.status, made.text).toBe(201);
    s.sandbox.reset();
    const r = await s.call('GET', s.storePath('st_tiny', '/reservations'), { key });
    expect(WireReservationPage.parse(r.body).data).toHaveLength(1);
  });

  it('refuses a bad file with a clear error and keeps the running state', async () => {
    const missing = join(dir, 'missing.json');
    await expect(open({ scenario: missing })).rejects.toThrow(missing);
    const notJson = join(dir, 'not-json.json');
    await writeFile(notJson, '{ "format": ');
    await expect(open({ scenario: notJson })).rejects.toThrow(/not-json\.json is not JSON/);
    const wrongFormat = join(dir, 'wrong-format.json');
    await writeFile(wrongFormat, JSON.stringify({ format: 'something-else@1', name: 'x' }));
    await expect(open({ scenario: wrongFormat })).rejects.toThrow(/not a sandbox file/);
    const invalid = join(dir, 'invalid.json');
    const { stores: _stores, ...noStores } = tinyScenario();
    await writeFile(invalid, JSON.stringify(noStores));
    await expect(open({ scenario: invalid })).rejects.toThrow(/invalid scenario[\s\S]*stores/);
    const overbooked = join(dir, 'overbooked.json');
    const tiny = tinyScenario();
    await writeFile(
      overbooked,
      JSON.stringify({ ...tiny, reservations: [{ ...tiny.reservations[0], adultCount: 6 }] }),
    );
    await expect(open({ scenario: overbooked })).rejects.toThrow(/overbooks/);

    const s = await open({ now: NOW, freezeClock: true, controlPort: 0 });
    const before = JSON.stringify(s.sandbox.world.state);
    for (const file of [missing, notJson, wrongFormat, invalid, overbooked]) {
      await expect(s.sandbox.load(file)).rejects.toThrow(file === missing ? missing : /./);
      expect(JSON.stringify(s.sandbox.world.state)).toBe(before);
      expect(s.sandbox.clock.iso()).toBe(NOW);
    }
    expect((await s.call('GET', '/v1/public/ping')).status).toBe(200);

    const r = await control(s, 'POST', '/load', { format: 'nope' });
    expect(r.status).toBe(400);
    expect(ErrorBody.parse(r.body)).toEqual({
      error: expect.stringMatching(/not a sandbox file/),
      code: 'VALIDATION_ERROR',
    });
    const invalidLoad = await control(s, 'POST', '/load', noStores);
    expect(invalidLoad.status).toBe(400);
    expect(JSON.stringify(s.sandbox.world.state)).toBe(before);
  });
});

describe('request log', () => {
  const s = useDemoSandbox();

  it('records method, path, status, key role and fault of every answered request', async () => {
    await s.call('GET', '/v1/public/ping');
    await s.call('GET', '/v1/public/ping', { key: null });
    await s.call('GET', s.storePath(KYOTO, '/reservations?limit=1'), { key: 'read-only' });
    s.sandbox.faults.enqueue({ action: 'error_503' });
    await s.call('GET', '/v1/public/stores');
    expect(s.sandbox.requests().map(({ at: _at, durationMs: _d, ...e }) => e)).toEqual([
      { method: 'GET', path: '/v1/public/ping', status: 200, keyRole: 'org-facility', fault: null },
      { method: 'GET', path: '/v1/public/ping', status: 401, keyRole: null, fault: null },
      {
        method: 'GET',
        path: s.storePath(KYOTO, '/reservations'),
        status: 200,
        keyRole: 'read-only',
        fault: null,
      },
      { method: 'GET', path: '/v1/public/stores', status: 503, keyRole: null, fault: 'error_503' },
    ]);
    for (const e of s.sandbox.requests()) expect(e.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('records the requests whose connection a fault cut (reset, timeout, drop_after_commit)', async () => {
    s.sandbox.faults.configure({ hangMs: 100 });
    s.sandbox.faults.enqueue(
      { action: 'reset', match: { pathIncludes: '/ping' } },
      { action: 'timeout', match: { pathIncludes: '/stores' } },
      { action: 'drop_after_commit', match: { methods: ['POST'] } },
    );
    await expect(s.call('GET', '/v1/public/ping')).rejects.toThrow(TypeError);
    await expect(s.call('GET', '/v1/public/stores')).rejects.toThrow(TypeError);
    await expect(
      s.call('POST', s.storePath(KYOTO, '/reservations'), {
        body: createBody(),
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toThrow(TypeError);
    // A request is logged when the sandbox is done with it, which may be after the client saw
    // its connection cut.
    await waitFor(() => s.sandbox.requests().length === 3, 'the three requests logged');
    const log = s.sandbox
      .requests()
      .map((e) => ({ path: e.path, fault: e.fault, status: e.status }));
    expect(log).toEqual([
      { path: '/v1/public/ping', fault: 'reset', status: expect.any(Number) },
      { path: '/v1/public/stores', fault: 'timeout', status: expect.any(Number) },
      { path: s.storePath(KYOTO, '/reservations'), fault: 'drop_after_commit', status: 201 },
    ]);
  });
});
