/**
 * Reservation operations with the service's rules: creation (spec §2.6, rules 1–8), listing for
 * sync (rule 10), cancellation (§2.10–2.11, rule 11). Each runs synchronously against the world,
 * so a check and its commit can never interleave with another request.
 */
import { DateTime } from 'luxon';
import { checkParticipants, isEmptyValue, storedFieldValue } from '../../main/api/field-rules';
import type {
  CalculateRequest,
  Calculation,
  CancelPreview,
  CancelRequest,
  CreateReservationRequest,
  ParticipantDetail,
  ReservationPage,
  ValidationDetail,
} from '../../main/api/schemas';
import type { ProductRecord, ReservationRecord, StoreRecord, WireReservation } from '../model';
import { bookableUntil, daysBetween, localToday, toSlot, type ScheduledSlot } from './calendar';
import { activeUsages, planDay, remainingCapacity, type Usage } from './availability';
import type { CursorCodec } from './cursor';
import { ServiceError } from './errors';
import { recordEmail } from './mail';
import { calculate, isRepeatCustomer, policyFeePercent } from './pricing';
import type { World } from './world';

/** The value of `refundHandledBy` when the service itself refunds (spec §2.10: its own name). */
export const SERVICE_NAME = 'reservation_service';

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 100;

export interface StoreContext {
  world: World;
  store: StoreRecord;
  organizationId: string;
}

function productOf(ctx: StoreContext, productId: string): ProductRecord {
  const product = ctx.world.product(ctx.store.id, productId);
  if (!product) throw new ServiceError('PRODUCT_NOT_FOUND', `product ${productId} not found`);
  return product;
}

export function toWire(record: ReservationRecord): WireReservation {
  const { organizationId: _org, ...wire } = record;
  return wire;
}

export function calculatePrice(ctx: StoreContext, body: CalculateRequest): Calculation {
  // As for creation: a booking of nobody has no price.
  const empty = body.items.findIndex((i) => i.adultCount + i.childCount < 1);
  if (empty >= 0) {
    throw new ServiceError('VALIDATION_ERROR', 'invalid request', [
      { field: `items.${empty}.adultCount`, code: 'too_small', reason: 'at least one participant' },
    ]);
  }
  const lines = body.items.map((item) => ({ ...item, product: productOf(ctx, item.productId) }));
  const repeat = body.customerEmail
    ? isRepeatCustomer(ctx.world, ctx.organizationId, body.customerEmail, ctx.store)
    : false;
  return calculate(lines, repeat, ctx.store.currency);
}

interface PlacedItem {
  product: ProductRecord;
  slot: ScheduledSlot;
}

/** Find the slot for an item, applying §3 and rule 6: closed/past/deadline/full vs unknown time. */
function placeItem(
  ctx: StoreContext,
  product: ProductRecord,
  item: CreateReservationRequest['items'][number],
  index: number,
  taken: Usage[],
  applyApiRules: boolean,
): PlacedItem {
  const { world, store } = ctx;
  const where = `items.${index}`;
  // The booking site always applies deadlines; the API may be exempt (rule 7).
  const rules = applyApiRules
    ? product
    : { ...product, bookingDeadline: { ...product.bookingDeadline, ignoredForApi: false } };
  const plan = planDay(world, rules, store, item.date);
  if (plan.status === 'past' || plan.status === 'closed' || plan.status === 'deadline_passed') {
    throw new ServiceError(
      'SLOT_NOT_AVAILABLE',
      `${where}: ${item.date} is ${plan.status.replace('_', ' ')}`,
    );
  }
  let slot: ScheduledSlot | undefined = plan.slots.find((s) => s.startTime === item.startTime);
  if (!slot) {
    if (plan.scheduled.has(item.startTime)) {
      throw new ServiceError(
        'SLOT_NOT_AVAILABLE',
        `${where}: the ${item.startTime} slot is past its booking deadline`,
      );
    }
    if (!(applyApiRules && product.unlistedTimeAllowedForApi)) {
      throw new ServiceError(
        'TIME_SLOT_NOT_FOUND',
        `${where}: no ${item.startTime} slot on ${item.date}`,
      );
    }
    slot = toSlot(product, store, item.date, { startTime: item.startTime });
    if (world.clock.now() >= bookableUntil(rules, store, item.date, slot)) {
      throw new ServiceError(
        'SLOT_NOT_AVAILABLE',
        `${where}: ${item.startTime} is past its booking deadline`,
      );
    }
  }
  const usages = [
    ...activeUsages(world, store.id, item.date),
    ...taken.filter((u) => u.date === item.date),
  ];
  const remaining = remainingCapacity(world, product, store, item.date, slot, usages);
  const headcount = item.adultCount + item.childCount;
  if (remaining < headcount) {
    throw new ServiceError(
      'SLOT_NOT_AVAILABLE',
      `${where}: ${remaining} seat(s) left at ${item.date} ${item.startTime}, ${headcount} asked`,
    );
  }
  return { product, slot };
}

export interface CreateOptions {
  source: ReservationRecord['source'];
  /** The booking site also takes card payment; the API only on_site and external. */
  paymentMethod?: ReservationRecord['paymentMethod'];
  /** API rules: deadline exemption and unlisted times. Off for booking-site reservations. */
  applyApiRules: boolean;
}

export function createReservation(
  ctx: StoreContext,
  body: CreateReservationRequest,
  options: CreateOptions = { source: 'api', applyApiRules: true },
): ReservationRecord {
  const { world, store } = ctx;
  const products = body.items.map((item) => productOf(ctx, item.productId));

  if (body.paymentMethod === 'on_site' && !store.paymentMethods.includes('on_site')) {
    throw new ServiceError(
      'PAYMENT_METHOD_NOT_AVAILABLE',
      'this store does not accept on_site payment through the API; use external for payments taken elsewhere',
    );
  }

  const numbering: ValidationDetail[] = [];
  const fieldProblems: ParticipantDetail[] = [];
  body.items.forEach((item, i) => {
    const headcount = item.adultCount + item.childCount;
    if (headcount < 1) {
      numbering.push({
        field: `items.${i}.adultCount`,
        code: 'too_small',
        reason: 'at least one participant',
      });
      return;
    }
    const check = checkParticipants(products[i]!.customFields, headcount, item.participants);
    numbering.push(...check.numbering.map((d) => ({ ...d, field: `items.${i}.${d.field}` })));
    fieldProblems.push(...check.fields);
  });
  if (numbering.length) throw new ServiceError('VALIDATION_ERROR', 'invalid request', numbering);

  const customer = body.customerId ? world.customer(body.customerId) : undefined;
  if (body.customerId && (!customer || customer.organizationId !== ctx.organizationId)) {
    throw new ServiceError('CUSTOMER_NOT_FOUND', `customer ${body.customerId} not found`);
  }
  if (fieldProblems.length) {
    throw new ServiceError(
      'PARTICIPANT_VALIDATION_FAILED',
      'participant input is invalid',
      fieldProblems,
    );
  }

  const taken: Usage[] = [];
  const placed = body.items.map((item, i) => {
    const p = placeItem(ctx, products[i]!, item, i, taken, options.applyApiRules);
    taken.push({
      productId: item.productId,
      date: item.date,
      startTime: item.startTime,
      headcount: item.adultCount + item.childCount,
    });
    return p;
  });

  // customerId wins: its e-mail is the one used (spec §2.6); names given with it are kept.
  const now = world.clock.now();
  const email = customer?.email ?? body.customer?.email ?? null;
  let customerId = customer?.id ?? null;
  if (!customerId && email) {
    const known = world.customerByEmail(ctx.organizationId, email);
    if (known) customerId = known.id;
    else {
      customerId = world.newId('cus', 'customer');
      world.addCustomer({
        id: customerId,
        organizationId: ctx.organizationId,
        lastName: body.customer?.lastName ?? '',
        firstName: body.customer?.firstName ?? '',
        email,
        phone: body.customer?.phone ?? null,
        createdAt: new Date(now).toISOString(),
      });
    }
  }
  const repeat = email ? isRepeatCustomer(world, ctx.organizationId, email, store) : false;
  const price = calculate(
    body.items.map((item, i) => ({ ...item, product: products[i]! })),
    repeat,
    store.currency,
  );

  const manual = products.some((p) => p.approvalType === 'manual');
  const identity = world.newReservationIdentity();
  const stamp = world.nextUpdateStamp();
  const record: ReservationRecord = {
    ...identity,
    organizationId: ctx.organizationId,
    storeId: store.id,
    status: manual ? 'pending' : 'confirmed',
    source: options.source,
    customerId,
    customer: {
      lastName: body.customer?.lastName ?? customer?.lastName ?? '',
      firstName: body.customer?.firstName ?? customer?.firstName ?? '',
      email,
      phone: body.customer?.phone ?? customer?.phone ?? null,
    },
    items: body.items.map((item, i) => ({
      productId: item.productId,
      productName: products[i]!.name,
      date: item.date,
      startTime: item.startTime,
      endTime: placed[i]!.slot.endTime,
      adultCount: item.adultCount,
      childCount: item.childCount,
      participants: (item.participants ?? [])
        .map((p) => ({
          participantNumber: p.participantNumber,
          fieldValues: Object.fromEntries(
            Object.entries(p.fieldValues)
              // Empty as the field rules see it (blank text too): never validated, never stored.
              .filter(([, v]) => !isEmptyValue(v))
              .map(([k, v]) => [k, storedFieldValue(v)]),
          ),
        }))
        .sort((a, b) => a.participantNumber - b.participantNumber),
    })),
    paymentMethod: options.paymentMethod ?? body.paymentMethod,
    currency: price.currency,
    subtotal: price.subtotal,
    discountTotal: price.discountTotal,
    totalAmount: price.totalAmount,
    locale: body.locale ?? 'ja',
    cancellation: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
  world.addReservation(record);
  if (body.sendConfirmationEmail !== false) {
    recordEmail(world, store, record, manual ? 'reservation_pending' : 'reservation_confirmed');
  }
  return record;
}

function isActive(r: ReservationRecord): boolean {
  return r.status === 'confirmed' || r.status === 'pending';
}

function experienceEndMs(ctx: StoreContext, r: ReservationRecord): number {
  return Math.max(
    ...r.items.map((i) =>
      DateTime.fromISO(`${i.date}T${i.endTime}`, { zone: ctx.store.timeZone }).toMillis(),
    ),
  );
}

/** Fee percent for a customer's cancellation now; the strictest item decides. */
function feePercent(ctx: StoreContext, r: ReservationRecord): number {
  const today = localToday(ctx.world.clock.now(), ctx.store.timeZone);
  let highest = 0;
  for (const item of r.items) {
    const product = ctx.world.product(ctx.store.id, item.productId);
    highest = Math.max(
      highest,
      policyFeePercent(product?.cancellationPolicy ?? [], daysBetween(today, item.date)),
    );
  }
  return highest;
}

export function previewCancel(
  ctx: StoreContext,
  r: ReservationRecord,
  body: CancelRequest,
): CancelPreview {
  const cancellable = isActive(r) && ctx.world.clock.now() < experienceEndMs(ctx, r);
  const fee =
    cancellable && body.cancelReason === 'customer_request'
      ? Math.floor((r.totalAmount * feePercent(ctx, r)) / 100)
      : 0;
  return {
    cancellable,
    totalAmount: r.totalAmount,
    cancellationFee: fee,
    refundAmount: r.totalAmount - fee,
    refundHandledBy: r.paymentMethod === 'card' ? SERVICE_NAME : 'merchant',
  };
}

export function cancelReservation(
  ctx: StoreContext,
  r: ReservationRecord,
  body: CancelRequest,
): ReservationRecord {
  if (r.status === 'cancelled') {
    throw new ServiceError(
      'RESERVATION_ALREADY_CANCELLED',
      `reservation ${r.id} is already cancelled`,
    );
  }
  const preview = previewCancel(ctx, r, body);
  if (!preview.cancellable) {
    throw new ServiceError(
      'RESERVATION_NOT_CANCELLABLE',
      `reservation ${r.id} can no longer be cancelled`,
    );
  }
  const world = ctx.world;
  world.updateReservation(r, (rec) => {
    rec.status = 'cancelled';
    rec.cancellation = {
      reason: body.cancelReason,
      cancelledAt: new Date(world.clock.now()).toISOString(),
      cancellationFee: preview.cancellationFee,
      refundAmount: preview.refundAmount,
      refundHandledBy: preview.refundHandledBy,
    };
  });
  if (body.sendCancellationEmail !== false)
    recordEmail(world, ctx.store, r, 'reservation_cancelled');
  return r;
}

/** Only test reservations, on unpublished products, may be deleted (spec §1). */
export function deleteReservation(ctx: StoreContext, r: ReservationRecord): void {
  const onlyUnpublished = r.items.every(
    (i) => ctx.world.product(ctx.store.id, i.productId)?.isPublished === false,
  );
  if (!onlyUnpublished) {
    throw new ServiceError(
      'RESERVATION_NOT_DELETABLE',
      'only reservations of unpublished products can be deleted',
    );
  }
  ctx.world.deleteReservation(r);
}

export interface ListQuery {
  updatedSince?: string;
  limit?: string;
  cursor?: string;
}

/** First index in a sorted list whose element is not before the given position. */
function lowerBound(
  list: readonly ReservationRecord[],
  before: (r: ReservationRecord) => boolean,
): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function listReservations(
  ctx: StoreContext,
  query: ListQuery,
  codec: CursorCodec,
): ReservationPage {
  const invalid = (field: string, code: string, reason: string) =>
    new ServiceError('VALIDATION_ERROR', 'invalid request', [{ field, code, reason }]);
  const limit = query.limit === undefined ? undefined : Number(query.limit);
  if (limit !== undefined && limit < 1) throw invalid('limit', 'too_small', 'must be at least 1');
  if (limit !== undefined && limit > LIST_LIMIT_MAX) {
    throw invalid('limit', 'too_big', `must be at most ${LIST_LIMIT_MAX}`);
  }
  const since = query.updatedSince ?? null;
  const list = ctx.world.inSyncOrder(ctx.store.id);
  let start: number;
  let size = limit ?? LIST_LIMIT_DEFAULT;
  if (query.cursor !== undefined) {
    const pos = codec.decode(query.cursor);
    if (!pos || pos.s !== ctx.store.id || pos.u !== since) {
      throw invalid(
        'cursor',
        'invalid_cursor',
        'not a cursor of this listing; pass nextCursor unchanged',
      );
    }
    size = limit ?? pos.l;
    start = lowerBound(
      list,
      (r) => r.updatedAt < pos.t || (r.updatedAt === pos.t && r.id <= pos.i),
    );
  } else {
    start = since === null ? 0 : lowerBound(list, (r) => r.updatedAt < since);
  }
  const page = list.slice(start, start + size);
  const last = page[page.length - 1];
  const more = last !== undefined && start + size < list.length;
  return {
    data: page.map(toWire),
    nextCursor: more
      ? codec.encode({ s: ctx.store.id, u: since, t: last.updatedAt, i: last.id, l: size })
      : null,
  };
}
