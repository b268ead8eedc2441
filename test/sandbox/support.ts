/**
 * What the sandbox conformance files share: the demo's moment and ids, one sandbox per file or
 * describe block, and the assertions on replies and reservations they all make. One copy keeps
 * the files agreeing on what "an error answer" or "a created reservation" means.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { z } from 'zod';
import { Availability, ErrorBody, type ErrorCode } from '../../main/api/schemas';
import type { StartOptions } from '../../sandbox/index';
import {
  WireReservationEnvelope,
  WireReservationPage,
  type WireReservation,
} from '../../sandbox/model';
import { DEMO, demoCatalogue } from '../../sandbox/scenario/demo';
import type { ScenarioInput } from '../../sandbox/scenario/format';
import { startTestSandbox, type Reply, type TestSandbox } from '../support/sandbox';

// --- the demo ----------------------------------------------------------------------------------

/** Friday 2026-11-20, 10:00 in Tokyo (19 Nov 15:00 in Honolulu). */
export const NOW = '2026-11-20T01:00:00.000Z';
/** A Friday a week ahead: every product runs, no deadline is near. */
export const DAY = '2026-11-27';
export const KYOTO = DEMO.stores.kyoto;
export const OKINAWA = DEMO.stores.okinawa;
export const HONOLULU = DEMO.stores.honolulu;
export const P = DEMO.products;
/** Unpublished, no required custom fields, 99 seats: test bookings that may be deleted. */
export const API_TEST = DEMO.products.apiTest;

/** Every scope a key can have, for the keys of a file's own scenario that may do anything. */
export const ALL_SCOPES = [
  'products:read',
  'reservations:read',
  'reservations:write',
  'inbox:write',
  'customers:read',
] as const;

/** For a file's own scenario: a key with every scope, under the role `call` uses by default. */
export const defaultKey = (token: string, organizationId: string) => ({
  token,
  name: '本部',
  role: 'org-facility',
  organizationId,
  teamId: null,
  scopes: [...ALL_SCOPES],
  plan: 'facility' as const,
});

/** The default key's (facility plan) limit out of reach: rate limits are auth.test.ts's subject. */
export const NO_RATE_LIMIT = { perPlan: { facility: 1_000_000 } };

// --- one sandbox per file or describe block ----------------------------------------------------

/**
 * A sandbox started before the tests of the enclosing file or describe block and closed after
 * them, at NOW with its clock frozen unless `options` say otherwise. The object is filled in by
 * beforeAll, so read it in hooks and tests only; beforeAll hooks registered after this call run
 * once the sandbox is up (vitest runs them in order).
 */
export function useSandbox(options: StartOptions = {}): TestSandbox {
  const handle = {} as TestSandbox;
  beforeAll(async () => {
    Object.assign(handle, await startTestSandbox({ now: NOW, freezeClock: true, ...options }));
  });
  afterAll(async () => {
    // Missing when the start failed: that failure is the one worth reading.
    await handle.close?.();
  });
  return handle;
}

/** Each test starts from the loaded state at NOW, whatever the tests before it did. */
function resetBeforeEach(t: TestSandbox): void {
  beforeEach(() => {
    t.sandbox.reset();
    t.sandbox.clock.set(NOW);
  });
}

/** The demo data at NOW with the clock frozen, reset before each test. */
export function useDemoSandbox(): TestSandbox {
  const t = useSandbox({ rateLimit: NO_RATE_LIMIT });
  resetBeforeEach(t);
  return t;
}

/** What a file adds to the demo catalogue, which has no customers or bookings of its own. */
export interface CatalogueAdditions {
  products: ScenarioInput['products'];
  customers?: ScenarioInput['customers'];
  reservations?: ScenarioInput['reservations'];
}

/**
 * The demo catalogue with a file's own products, customers and bookings, at NOW with the clock
 * frozen, reset before each test. Both plans' limits are out of reach: these files send many
 * requests with standard-plan keys too.
 */
export function useCatalogueSandbox(own: CatalogueAdditions): TestSandbox {
  const base = demoCatalogue();
  const scenario: ScenarioInput = {
    ...base,
    now: NOW,
    products: [...base.products, ...own.products],
    customers: own.customers ?? base.customers,
    reservations: own.reservations ?? base.reservations,
  };
  const t = useSandbox({
    scenario,
    rateLimit: { perPlan: { facility: 100_000, standard: 100_000 } },
  });
  resetBeforeEach(t);
  return t;
}

// --- error answers -----------------------------------------------------------------------------

/** Status and code compared together (the raw body shown on failure), then the strict ErrorBody. */
export function expectError(reply: Reply, status: number, code: ErrorCode): ErrorBody {
  expect(
    { status: reply.status, code: (reply.body as { code?: string } | undefined)?.code },
    reply.text,
  ).toEqual({ status, code });
  return ErrorBody.parse(reply.body);
}

/** As expectError, with exactly these details in any order, or none at all when none are given. */
export function expectExactError(
  reply: Reply,
  status: number,
  code: ErrorCode,
  details?: unknown[],
): ErrorBody {
  const body = expectError(reply, status, code);
  if (details === undefined) expect(body.details).toBeUndefined();
  else {
    expect(body.details).toHaveLength(details.length);
    expect(body.details).toEqual(expect.arrayContaining(details));
  }
  return body;
}

/** A VALIDATION_ERROR detail: the field's dotted path and code, whatever the reason says. */
export const invalid = (field: string, code: string) => ({
  field,
  code,
  reason: expect.any(String),
});

// --- answers checked to the header (auth, robustness) -------------------------------------------

export const JSON_UTF8 = 'application/json; charset=utf-8';

/** Asserts an error answer: status, strict ErrorBody, code, JSON content type. */
export function expectJsonError(reply: Reply, status: number, code: ErrorCode): ErrorBody {
  expect({ status: reply.status, body: reply.body }).toMatchObject({ status, body: { code } });
  expect(reply.headers.get('content-type')).toBe(JSON_UTF8);
  return ErrorBody.parse(reply.body);
}

/** Asserts a success answer and parses its body with the strict wire schema. */
export function expectOk<S extends z.ZodType>(
  reply: Reply,
  status: number,
  schema: S,
): z.output<S> {
  expect({ status: reply.status, body: reply.body }).toMatchObject({ status });
  expect(reply.headers.get('content-type')).toBe(JSON_UTF8);
  return schema.parse(reply.body);
}

/** Idempotency-Keys that say which file sent them: `${prefix}-000001`, `${prefix}-000002`, … */
export function idempotencyKeys(prefix: string): () => string {
  let seq = 0;
  return () => `${prefix}-${String(++seq).padStart(6, '0')}`;
}

export interface Slot {
  date: string;
  startTime: string;
}

/** A bookable slot (day available or limited, enough seats) read from availability. */
export async function findSlot(
  t: TestSandbox,
  storeId: string,
  productId: string,
  headcount: number,
): Promise<Slot> {
  for (const [year, month] of [
    [2026, 11],
    [2026, 12],
  ] as const) {
    const reply = await t.call(
      'GET',
      t.storePath(storeId, `/products/${productId}/availability?year=${year}&month=${month}`),
      { key: 'org-facility' },
    );
    const availability = expectOk(reply, 200, Availability);
    for (const day of availability.days) {
      if (day.status !== 'available' && day.status !== 'limited') continue;
      const slot = day.slots.find((s) => s.remainingCapacity >= headcount);
      if (slot) return { date: day.date, startTime: slot.startTime };
    }
  }
  throw new Error(`no bookable slot for ${productId}`);
}

// --- reservations ------------------------------------------------------------------------------

/** A 201 whose body is exactly the strict envelope; the reservation. */
export function created(reply: Reply): WireReservation {
  expect(reply.status, reply.text).toBe(201);
  return WireReservationEnvelope.parse(reply.body).reservation;
}

/** Books under a fresh Idempotency-Key with the default key; the booking must succeed. */
export async function createReservation(
  t: TestSandbox,
  storeId: string,
  body: unknown,
): Promise<WireReservation> {
  return created(
    await t.call('POST', t.storePath(storeId, '/reservations'), {
      body,
      idempotencyKey: randomUUID(),
    }),
  );
}

/** Every reservation of a store, from a single listing page: the test's data fits in one. */
export async function listOnePage(t: TestSandbox, storeId: string): Promise<WireReservation[]> {
  const reply = await t.call('GET', t.storePath(storeId, '/reservations?limit=100'));
  expect(reply.status).toBe(200);
  const page = WireReservationPage.parse(reply.body);
  expect(page.nextCursor).toBeNull();
  return page.data;
}

/** Seats left at one slot, as availability shows them to a client. */
export async function remainingSeats(
  t: TestSandbox,
  storeId: string,
  productId: string,
  date: string,
  startTime: string,
): Promise<number> {
  const [year, month] = date.split('-');
  const r = await t.call(
    'GET',
    t.storePath(storeId, `/products/${productId}/availability?year=${year}&month=${Number(month)}`),
  );
  expect(r.status, r.text).toBe(200);
  const day = Availability.parse(r.body).days.find((d) => d.date === date)!;
  const slot = day.slots.find((s) => s.startTime === startTime);
  expect(slot, `${date} ${startTime}`).toBeDefined();
  return slot!.remainingCapacity;
}
