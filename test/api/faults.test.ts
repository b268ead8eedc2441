/**
 * The client under the sandbox's fault injection (spec §4 rule 3, §7, §8; docs/decisions.md 27,
 * 39–40, 44): lost answers after commit, resets and timeouts mid-request, 429 storms with
 * Retry-After, 503 bursts, concurrent duplicates (REQUEST_IN_PROGRESS) and cancels whose answer is
 * lost. Each booking must end up in the sandbox exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError, type ReservationClient } from '../../main/api';
import { SETTLE_WINDOWS_MS } from '../../main/api/cancelling';
import * as W from '../../main/api/schemas';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import {
  NOW,
  failure,
  fastClient,
  reservationsTagged,
  startProxy,
  walkIn,
  type RecordingProxy,
} from './helpers';

const P = DEMO.products;
const KYOTO = DEMO.stores.kyoto;
const CREATE = { methods: ['POST'], pathIncludes: `/stores/${KYOTO}/reservations` };

let t: TestSandbox;
let client: ReservationClient;

beforeAll(async () => {
  t = await startTestSandbox({
    now: NOW,
    freezeClock: true,
    rateLimit: { perPlan: { facility: 100_000 } },
  });
});

afterAll(async () => {
  await t?.close();
});

/** Faults injected since the test began (the sandbox's counters run for its whole life). */
let injectedBefore: Record<string, number>;
const injected = () =>
  Object.fromEntries(
    Object.entries(t.sandbox.faults.injected).map(([k, v]) => [k, v - injectedBefore[k]!]),
  );

beforeEach(() => {
  t.sandbox.reset();
  injectedBefore = { ...t.sandbox.faults.injected };
  client = fastClient(t.baseUrl, t.key('org-facility'));
});

const tag = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

/**
 * The sandbox's log of requests that were answered. Requests whose connection a fault cut (reset,
 * timeout, an answer lost after commit) are left out: the client never heard those answers, and
 * they are counted by the fault injector instead.
 */
const answered = () =>
  t.sandbox
    .requests()
    .filter((r) => !['reset', 'timeout', 'drop_after_commit'].includes(r.fault ?? ''));

/** Statuses of the answered creations in this store, in order. */
const creations = () =>
  answered()
    .filter((r) => r.method === 'POST' && r.path === `/v1/public/stores/${KYOTO}/reservations`)
    .map((r) => r.status);

async function exactlyOnce(name: string, id: string): Promise<void> {
  t.sandbox.faults.clear();
  const found = await reservationsTagged(t, KYOTO, name);
  expect(found.map((r) => r.id)).toEqual([id]);
}

describe('creation under faults: exactly one reservation', () => {
  let proxy: RecordingProxy | null = null;
  afterAll(async () => {
    await proxy?.close();
  });

  it('an answer lost after commit is retried with the same Idempotency-Key', async () => {
    proxy = await startProxy(t.baseUrl);
    const viaProxy = fastClient(proxy.url, t.key('org-facility'));
    t.sandbox.faults.enqueue({ action: 'drop_after_commit', match: CREATE });
    const name = tag('応答消失');
    const key = randomUUID();
    const created = await viaProxy.createReservation(KYOTO, walkIn(name, P.apiTest), key);
    W.Reservation.parse(created);
    expect(injected().drop_after_commit).toBe(1);
    const posts = proxy.exchanges.filter((e) => e.method === 'POST');
    expect(posts.map((e) => [e.headers['idempotency-key'], e.status])).toEqual([
      [key, 0],
      [key, 201],
    ]);
    expect(posts[0]!.body).toBe(posts[1]!.body);
    expect(W.ReservationEnvelope.parse(JSON.parse(posts[1]!.answer)).reservation.id).toBe(
      created.id,
    );
    await exactlyOnce(name, created.id);
  });

  it('connection resets before processing are retried', async () => {
    t.sandbox.faults.enqueue({ action: 'reset', match: CREATE, times: 2 });
    const name = tag('切断');
    const created = await client.createReservation(KYOTO, walkIn(name, P.apiTest), randomUUID());
    expect(injected().reset).toBe(2);
    expect(creations()).toEqual([201]);
    await exactlyOnce(name, created.id);
  });

  it('a request the service holds without answering times out and is retried', async () => {
    t.sandbox.faults.configure({ hangMs: 5_000 });
    t.sandbox.faults.enqueue({ action: 'timeout', match: CREATE });
    const name = tag('無応答');
    const started = Date.now();
    const created = await client.createReservation(KYOTO, walkIn(name, P.apiTest), randomUUID(), {
      timeoutMs: 300,
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(3_000);
    expect(injected().timeout).toBe(1);
    await exactlyOnce(name, created.id);
  });

  it('a timeout while the service is still processing ends in one reservation', async () => {
    // The first attempt reaches the service, which takes 600 ms; the client gives up at 300 ms
    // and asks again: REQUEST_IN_PROGRESS (Retry-After: 1), then the replay of the first.
    t.sandbox.faults.configure({ processingMs: 600 });
    const name = tag('処理中');
    const created = await client.createReservation(KYOTO, walkIn(name, P.apiTest), randomUUID(), {
      timeoutMs: 300,
    });
    const statuses = creations();
    expect(statuses).toContain(409);
    expect(statuses.at(-1)).toBe(201);
    await exactlyOnce(name, created.id);
  });

  it('reads are retried after resets and timeouts too', async () => {
    t.sandbox.faults.configure({ hangMs: 5_000 });
    t.sandbox.faults.enqueue(
      { action: 'reset', match: { pathIncludes: '/stores' } },
      { action: 'timeout', match: { pathIncludes: '/stores' } },
    );
    const stores = await client.stores({ timeoutMs: 200 });
    expect(stores.map((s) => s.id)).toContain(KYOTO);
    expect(injected()).toMatchObject({ reset: 1, timeout: 1 });
  });

  it('a 429 storm: the call waits at least Retry-After each time, then succeeds', async () => {
    t.sandbox.faults.configure({ retryAfterSeconds: 1 });
    t.sandbox.faults.enqueue({ action: 'error_429', match: CREATE, times: 2 });
    const name = tag('制限');
    const started = Date.now();
    const created = await client.createReservation(KYOTO, walkIn(name, P.apiTest), randomUUID());
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(creations()).toEqual([429, 429, 201]);
    const at = answered()
      .filter((r) => r.method === 'POST')
      .map((r) => r.at);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(1_000);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(1_000);
    expect(client.governor.state().recent429s).toBe(2);
    await exactlyOnce(name, created.id);
  });

  it('a 503 burst is retried until it passes', async () => {
    t.sandbox.faults.configure({ retryAfterSeconds: 0 });
    t.sandbox.faults.enqueue({ action: 'error_503', match: CREATE, times: 5 });
    const name = tag('混雑');
    const created = await client.createReservation(KYOTO, walkIn(name, P.apiTest), randomUUID());
    expect(creations()).toEqual([503, 503, 503, 503, 503, 201]);
    await exactlyOnce(name, created.id);
  });

  it('the same booking sent twice at once: REQUEST_IN_PROGRESS, then both get the one reservation', async () => {
    t.sandbox.faults.configure({ processingMs: 300 });
    const name = tag('二重');
    const key = randomUUID();
    const body = walkIn(name, P.apiTest);
    const [a, b] = await Promise.all([
      client.createReservation(KYOTO, body, key),
      client.createReservation(KYOTO, body, key),
    ]);
    expect(a.id).toBe(b.id);
    // Logged as answered: the duplicate's 409 comes before the first one's 201.
    expect(creations().sort()).toEqual([201, 201, 409]);
    await exactlyOnce(name, a.id);
  });
});

describe('cancellation under faults', () => {
  async function booked(): Promise<string> {
    return (await client.createReservation(KYOTO, walkIn(tag('取消'), P.apiTest), randomUUID())).id;
  }
  const request = { cancelReason: 'customer_request' as const, sendCancellationEmail: false };

  it('a cancel whose answer was lost is resolved by reading the sync listing (no single-reservation GET)', async () => {
    const id = await booked();
    t.sandbox.clearRequests();
    t.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathIncludes: `/reservations/${id}/cancel` },
    });
    // The service time the desk would pass: the record's last update (the clocks differ here).
    const outcome = await client.cancelReservation(KYOTO, id, request, {}, { since: NOW });
    expect(outcome.resolvedByReadBack).toBe(true);
    W.Reservation.parse(outcome.reservation);
    expect(outcome.reservation).toMatchObject({
      id,
      status: 'cancelled',
      cancellation: { reason: 'customer_request', cancelledAt: NOW },
    });
    expect(injected().drop_after_commit).toBe(1);
    expect(answered().map((r) => [r.method, r.path.split('/').at(-1), r.status])).toEqual([
      ['POST', 'cancel', 409],
      ['GET', 'reservations', 200],
    ]);
  });

  it('a lost answer with no service time known and the clocks days apart: done, record unknown', async () => {
    const id = await booked();
    t.sandbox.clearRequests();
    t.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathIncludes: `/reservations/${id}/cancel` },
    });
    // The sandbox's clock is days behind ours: the listing windows by our clock miss the record.
    expect(Date.now() - Date.parse(NOW)).toBeGreaterThan(SETTLE_WINDOWS_MS.at(-1)!);
    const outcome = await client.cancelReservation(KYOTO, id, request);
    expect(outcome).toEqual({ reservation: null, resolvedByReadBack: true });
    expect(t.sandbox.world.state.reservations.find((r) => r.id === id)!.status).toBe('cancelled');
    // Two listings, never the single-reservation path the spec does not show.
    expect(answered().map((r) => [r.method, r.path.split('/').at(-1), r.status])).toEqual([
      ['POST', 'cancel', 409],
      ['GET', 'reservations', 200],
      ['GET', 'reservations', 200],
    ]);
  });

  it('cancelling an already cancelled reservation without a lost answer surfaces the error', async () => {
    const id = await booked();
    await client.cancelReservation(KYOTO, id, request);
    t.sandbox.clearRequests();
    const error = await failure(client.cancelReservation(KYOTO, id, request));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({
      status: 409,
      code: 'RESERVATION_ALREADY_CANCELLED',
      retryable: false,
      attempts: 1,
    });
    expect(t.sandbox.requests().map((r) => r.status)).toEqual([409]);
  });

  it('a reservation cancelled in the service meanwhile is not mistaken for ours', async () => {
    const id = await booked();
    t.sandbox.cancel(id, 'business_request', false);
    const error = await failure(client.cancelReservation(KYOTO, id, request));
    expect(error).toMatchObject({ code: 'RESERVATION_ALREADY_CANCELLED' });
  });
});
