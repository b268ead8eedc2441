/**
 * The spec-only service (`startSandbox({ specOnly: true })`, `--spec-only`): what a client may
 * rely on if it trusts the spec alone. Every endpoint the spec does not show answers 404 like an
 * unknown path, and successful answers are cut down to the fields the spec shows, plus the few
 * kept on purpose (docs/decisions.md, "A service that differs"):
 * - a product's `id` (the spec names it), the availability wrapper `productId, year, month,
 *   days[].date` and the creation wrapper `{ reservation }` (the spec shows no names for them,
 *   and some name is needed to answer at all);
 * - a reservation's `id`, `status`, `updatedAt`, its items' `productId, date, startTime,
 *   adultCount, childCount` (the creation request's shape, §2.6) and `customer` (the request's
 *   four fields): without an id, a time and a headcount no record can be shown or synced;
 * - the calculation, whole: the spec requires it before a price is shown but shows no field.
 * The cancel answers `{}` and the customer search a bare array in a shape unlike the decided one,
 * so that the client's fallbacks for both are what runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from '../domain/errors';
import { API_PREFIX, STORE_PATH } from './paths';

type Json = Record<string, unknown>;

/** Routes the spec does not show (§4): a spec-only service has none of them. */
export const NOT_SHOWN_ROUTES: readonly { method: string; url: string }[] = [
  { method: 'GET', url: `${STORE_PATH}/reservations/:reservationId` },
  { method: 'DELETE', url: `${STORE_PATH}/reservations/:reservationId` },
  { method: 'POST', url: `${STORE_PATH}/inquiries` },
];

function pick(o: Json, keys: readonly string[]): Json {
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
}

const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

const STORE_FIELDS = ['id', 'name', 'slug', 'paymentMethods', 'customerEmailEnabled'];
const PRODUCT_FIELDS = [
  'id',
  'isPublished',
  'approvalType',
  'customFields',
  'unlistedTimeAllowedForApi',
];
const ITEM_FIELDS = ['productId', 'date', 'startTime', 'adultCount', 'childCount', 'participants'];
const CUSTOMER_FIELDS = ['lastName', 'firstName', 'email', 'phone'];

function product(p: Json): Json {
  const deadline = (p.bookingDeadline ?? {}) as Json;
  return { ...pick(p, PRODUCT_FIELDS), bookingDeadline: pick(deadline, ['ignoredForApi']) };
}

function reservation(r: Json): Json {
  return {
    ...pick(r, ['id', 'status']),
    ...(r.customer !== undefined && { customer: pick(r.customer as Json, CUSTOMER_FIELDS) }),
    items: list(r.items).map((i) => pick(i, ITEM_FIELDS)),
    updatedAt: r.updatedAt,
  };
}

function availability(a: Json): Json {
  return {
    ...pick(a, ['productId', 'year', 'month']),
    days: list(a.days).map((d) => ({
      ...pick(d, ['date', 'status']),
      slots: list(d.slots).map((s) => pick(s, ['startTime', 'remainingCapacity'])),
    })),
  };
}

/** What each route's successful answer becomes; routes not listed are answered as they are. */
const CUT: Record<string, (body: Json) => unknown> = {
  [`GET ${API_PREFIX}/stores`]: (b) => ({ data: list(b.data).map((s) => pick(s, STORE_FIELDS)) }),
  [`GET ${STORE_PATH}/products`]: (b) => ({ data: list(b.data).map(product) }),
  [`GET ${STORE_PATH}/products/:productId`]: (b) => ({ product: product(b.product as Json) }),
  [`GET ${STORE_PATH}/products/:productId/availability`]: availability,
  [`POST ${STORE_PATH}/reservations`]: (b) => ({ reservation: reservation(b.reservation as Json) }),
  [`GET ${STORE_PATH}/reservations`]: (b) => ({
    data: list(b.data).map(reservation),
    nextCursor: b.nextCursor,
  }),
  // The response body of cancel is not shown: nothing is promised.
  [`POST ${STORE_PATH}/reservations/:reservationId/cancel`]: () => ({}),
  // Nor is the customer search's shape: a bare list, without the decided count and dates.
  [`GET ${STORE_PATH}/customers`]: (b) =>
    list(b.data).map((c) => pick(c, ['id', 'lastName', 'firstName', 'email'])),
};

function routeKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

/**
 * Refuse the routes the spec does not show as an unknown path is refused, and cut successful
 * answers down to what the spec shows (error bodies are the spec's already).
 */
export function serveSpecOnly(app: FastifyInstance): void {
  const hidden = new Set(NOT_SHOWN_ROUTES.map((r) => `${r.method} ${r.url}`));
  app.addHook('preHandler', async (request) => {
    if (hidden.has(routeKey(request)))
      throw new ServiceError(
        'NOT_FOUND',
        `no such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      );
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode >= 300 || payload === null || typeof payload !== 'object') return payload;
    const cut = CUT[routeKey(request)];
    return cut ? cut(payload as Json) : payload;
  });
}
