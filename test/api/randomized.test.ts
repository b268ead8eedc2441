/**
 * A randomized run: 200 walk-in bookings, eight at a time, under seeded random fault schedules
 * (resets, timeouts, 503, 429 with Retry-After 0–1 s, answers lost after commit, slow processing,
 * latency), each booking with its own Idempotency-Key; some fail by design (a full slot, an unknown
 * field, an invalid phone). Then an outbox pass retries, with the same key, every booking that
 * failed with a retryable error. At the end: no duplicates, every booking created exactly once or
 * failed with a code or a typed reason.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ApiError,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseError,
  type ReservationClient,
} from '../../main/api';
import type { CreateReservationRequest } from '../../main/api/schemas';
import { Random } from '../../sandbox/random';
import { DEMO, demoCatalogue } from '../../sandbox/scenario/demo';
import type { ScenarioInput } from '../../sandbox/scenario/format';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { DAY, NOW, fastClient, listAll } from './helpers';

const SEED = 20_261_120;
const BOOKINGS = 200;
const CONCURRENCY = 8;
/** Bookings per fault schedule. */
const ROUND = 25;
/** Bookings (at the end) whose every attempt loses its answer: the client must report failure. */
const LOST = 3;

const KYOTO = DEMO.stores.kyoto;
const WALK_IN = 'pr_test_walk_in';
const FULL = 'pr_test_full';
const TIMES = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

function scenario(): ScenarioInput {
  const base = demoCatalogue();
  const product = (id: string, capacity: number, times: string[]) => ({
    id,
    storeId: KYOTO,
    name: id,
    isPublished: true,
    approvalType: 'instant' as const,
    durationMinutes: 50,
    prices: { adult: 1000, child: 500 },
    schedule: {
      capacity,
      rules: [
        { weekdays: [1, 2, 3, 4, 5, 6, 7], times: times.map((startTime) => ({ startTime })) },
      ],
      followsStoreHolidays: false,
    },
  });
  return {
    ...base,
    now: NOW,
    products: [...base.products, product(WALK_IN, 999, TIMES), product(FULL, 1, ['10:00'])],
    reservations: [
      {
        productId: FULL,
        date: DAY,
        startTime: '10:00',
        adultCount: 1,
        customer: { lastName: '満席' },
        paymentMethod: 'on_site',
      },
    ],
  };
}

type Kind = 'ok' | 'full' | 'unknown_field' | 'bad_phone' | 'lost';

interface Booking {
  n: number;
  kind: Kind;
  tag: string;
  key: string;
  body: CreateReservationRequest;
  /** The id the client returned, in the run or in the outbox pass. */
  id?: string;
  /** The error of the run, and of the outbox pass when retried. */
  error?: unknown;
  retriedError?: unknown;
  retried?: boolean;
}

function kindOf(n: number): Kind {
  if (n >= BOOKINGS - LOST) return 'lost';
  if (n % 25 === 7) return 'full';
  if (n % 25 === 13) return 'unknown_field';
  if (n % 50 === 21) return 'bad_phone';
  return 'ok';
}

function makeBooking(n: number, rng: Random): Booking {
  const kind = kindOf(n);
  const tag = `乱-${SEED}-${n}`;
  const item = {
    productId: kind === 'full' ? FULL : WALK_IN,
    date: DAY,
    startTime: kind === 'full' ? '10:00' : rng.pick(TIMES),
    adultCount: rng.int(1, 3),
    childCount: rng.int(0, 1),
    ...(kind === 'unknown_field' && {
      participants: [{ participantNumber: 1, fieldValues: { cf_nope: 'x' } }],
    }),
  };
  const body: CreateReservationRequest = {
    customer: {
      lastName: tag,
      ...(rng.chance(0.3) && { email: `walkin.${n}.${SEED}@example.com` }),
      ...(kind === 'bad_phone' && { phone: 'call me' }),
    },
    items: [item],
    paymentMethod: rng.pick(['on_site', 'external'] as const),
    sendConfirmationEmail: false,
  };
  return { n, kind, tag, key: randomUUID(), body };
}

/** Describe an error by its type: a code, a reason or a problem; never its text. */
function typed(error: unknown): string {
  if (error instanceof HttpError) return `${error.name}:${error.code}`;
  if (error instanceof NetworkError) return `NetworkError:${error.reason}`;
  if (error instanceof ResponseError) return `ResponseError:${error.problem}`;
  if (error instanceof RequestValidationError) return 'RequestValidationError';
  return `untyped:${String(error)}`;
}

async function book(client: ReservationClient, b: Booking): Promise<void> {
  try {
    b.id = (await client.createReservation(KYOTO, b.body, b.key)).id;
  } catch (error) {
    b.error = error;
  }
}

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox({
    scenario: scenario(),
    now: NOW,
    freezeClock: true,
    rateLimit: { perPlan: { facility: 100_000 } },
  });
});

afterAll(async () => {
  await t?.close();
});

it('200 bookings under random faults: 0 duplicates, each created once or failed with a code', async () => {
  const started = Date.now();
  const rng = new Random(SEED);
  const bookings = Array.from({ length: BOOKINGS }, (_, n) => makeBooking(n, rng));
  const client = fastClient(t.baseUrl, t.key('org-facility'), {
    retry: { maxAttempts: 3 },
    timeouts: { read: 250, write: 250 },
    deadlines: { write: 6_000, read: 6_000 },
  });
  const before = { ...t.sandbox.faults.injected };

  // --- the run: a fresh random schedule every ROUND bookings -----------------------------------
  const random = bookings.filter((b) => b.kind !== 'lost');
  const schedules: unknown[] = [];
  for (let from = 0; from < random.length; from += ROUND) {
    const schedule = {
      seed: rng.int(1, 2 ** 30),
      latencyMs: { min: 0, max: rng.int(0, 30) },
      processingMs: rng.pick([0, 0, 100, 300]),
      rates: {
        reset: 0.02 + rng.next() * 0.06,
        timeout: 0.02 + rng.next() * 0.04,
        error503: 0.02 + rng.next() * 0.08,
        error429: 0.02 + rng.next() * 0.03,
        dropAfterCommit: 0.03 + rng.next() * 0.08,
      },
      retryAfterSeconds: rng.int(0, 1),
      hangMs: rng.int(100, 600),
    };
    schedules.push(schedule);
    t.sandbox.faults.configure(schedule);
    await pool(random.slice(from, from + ROUND), CONCURRENCY, (b) => book(client, b));
  }
  // The last few: every attempt is committed or replayed, and every answer is lost.
  t.sandbox.faults.configure({});
  for (const b of bookings.filter((x) => x.kind === 'lost')) {
    t.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathIncludes: '/reservations' },
      times: 3,
    });
    await book(client, b);
  }
  const injected = Object.fromEntries(
    Object.entries(t.sandbox.faults.injected).map(([k, v]) => [
      k,
      v - before[k as keyof typeof before],
    ]),
  );

  // Every failure of the run is typed: an HTTP code, a network reason, a response problem, or
  // refused before sending.
  const failed = bookings.filter((b) => b.error !== undefined);
  for (const b of failed) {
    expect(b.error).toBeInstanceOf(ApiError);
    expect(typed(b.error)).not.toMatch(/^untyped/);
    if (b.error instanceof HttpError) expect(typeof b.error.code).toBe('string');
  }
  for (const b of bookings.filter((x) => x.kind === 'lost')) {
    expect(b.error).toBeInstanceOf(NetworkError);
    expect(b.error).toMatchObject({ reason: 'reset', mayHaveReachedService: true });
  }

  // --- the outbox: retry every retryable failure with the same key, faults off ------------------
  t.sandbox.faults.clear();
  const outbox = fastClient(t.baseUrl, t.key('org-facility'));
  for (const b of failed.filter((x) => (x.error as ApiError).retryable)) {
    b.retried = true;
    try {
      b.id = (await outbox.createReservation(KYOTO, b.body, b.key)).id;
    } catch (error) {
      b.retriedError = error;
    }
  }

  // --- the sandbox's view ----------------------------------------------------------------------
  const all = await listAll(t, KYOTO);
  const byTag = new Map<string, string[]>();
  for (const r of all) {
    if (!r.customer?.lastName.startsWith(`乱-${SEED}-`)) continue;
    byTag.set(r.customer?.lastName, [...(byTag.get(r.customer?.lastName) ?? []), r.id]);
  }
  const duplicates = [...byTag].filter(([, ids]) => ids.length > 1);
  expect(duplicates).toEqual([]);

  for (const b of bookings) {
    const found = byTag.get(b.tag) ?? [];
    const last = b.retried ? b.retriedError : b.error;
    const outcome = { n: b.n, kind: b.kind, found, id: b.id, error: last && typed(last) };
    switch (b.kind) {
      case 'ok':
      case 'lost':
        // Created exactly once, and the id the client holds is that reservation.
        expect(outcome).toMatchObject({ found: [b.id], error: undefined });
        break;
      case 'full':
        expect(outcome).toMatchObject({
          found: [],
          error: 'InvalidRequestError:SLOT_NOT_AVAILABLE',
        });
        break;
      case 'unknown_field':
        expect(outcome).toMatchObject({
          found: [],
          error: 'InvalidRequestError:PARTICIPANT_VALIDATION_FAILED',
        });
        expect((last as HttpError).details).toEqual([
          {
            participantNumber: 1,
            fieldId: 'cf_nope',
            label: '',
            code: 'UNKNOWN_FIELD',
            reason: 'not a field of this product',
          },
        ]);
        break;
      case 'bad_phone':
        expect(outcome).toMatchObject({ found: [], error: 'RequestValidationError' });
        expect((last as RequestValidationError).details.map((d) => d.field)).toEqual([
          'customer.phone',
        ]);
        break;
    }
  }
  // Retryable failures of the run were all resolved by the outbox.
  expect(bookings.filter((b) => b.retried && b.kind === 'ok' && b.retriedError)).toEqual([]);

  // The run really met every kind of fault.
  for (const action of ['reset', 'timeout', 'error_503', 'error_429', 'drop_after_commit']) {
    expect(injected[action], action).toBeGreaterThan(0);
  }
  const summary = {
    ms: Date.now() - started,
    injected,
    created: bookings.filter((b) => b.id !== undefined).length,
    failedInRun: Object.entries(
      failed.reduce<Record<string, number>>((acc, b) => {
        const k = typed(b.error);
        acc[k] = (acc[k] ?? 0) + 1;
        return acc;
      }, {}),
    ),
    outboxRetries: bookings.filter((b) => b.retried).length,
    recent429s: client.governor.state().recent429s,
  };
  console.log(`randomized run (seed ${SEED}):`, JSON.stringify(summary));
  expect(summary.created).toBe(bookings.filter((b) => b.kind === 'ok' || b.kind === 'lost').length);
  expect(Date.now() - started).toBeLessThan(60_000);
}, 90_000);
