/**
 * Creation (spec §2.6, rules 1–8) in the decided order: payment method, participant numbering,
 * customer id, participant fields, each item's slot (§3, rule 6, deadlines per rule 7); then the
 * customer, the price, the record and its e-mail. It runs synchronously against the world, so a
 * check and its commit can never interleave with another request.
 */
import type {
  CreateReservationRequest,
  ParticipantDetail,
  ParticipantInput,
  ValidationDetail,
} from '../../main/api/schemas';
import type { ProductRecord, ReservationRecord } from '../model';
import { activeUsages, planDay, remainingCapacity, type Usage } from './availability';
import { bookableUntil, toSlot, type ScheduledSlot } from './calendar';
import { ServiceError } from './errors';
import { recordEmail } from './mail';
import { fieldProblems, isBlank, numberingProblems, storedValue } from './participant-rules';
import { calculate, isRepeatCustomer } from './pricing';
import { productOf, type StoreContext } from './store-context';

type StoredParticipant = ReservationRecord['items'][number]['participants'][number];

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

  // Numbering problems are VALIDATION_ERROR and come first; field problems wait for the customer.
  const numbering: ValidationDetail[] = [];
  const problems: ParticipantDetail[] = [];
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
    const participants = item.participants ?? [];
    const misnumbered = numberingProblems(participants, headcount, `items.${i}`);
    numbering.push(...misnumbered);
    if (misnumbered.length === 0) {
      problems.push(...fieldProblems(products[i]!.customFields, headcount, participants));
    }
  });
  if (numbering.length) throw new ServiceError('VALIDATION_ERROR', 'invalid request', numbering);

  const customer = body.customerId ? world.customer(body.customerId) : undefined;
  if (body.customerId && (!customer || customer.organizationId !== ctx.organizationId)) {
    throw new ServiceError('CUSTOMER_NOT_FOUND', `customer ${body.customerId} not found`);
  }
  if (problems.length) {
    throw new ServiceError(
      'PARTICIPANT_VALIDATION_FAILED',
      'participant input is invalid',
      problems,
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
      participants: storedParticipants(item.participants ?? []),
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

/** Participants as stored: values as strings, blank ones left out (never validated either). */
function storedParticipants(participants: readonly ParticipantInput[]): StoredParticipant[] {
  return participants
    .map((p) => ({
      participantNumber: p.participantNumber,
      fieldValues: Object.fromEntries(
        Object.entries(p.fieldValues)
          .filter(([, value]) => !isBlank(value))
          .map(([fieldId, value]) => [fieldId, storedValue(value)]),
      ),
    }))
    .sort((a, b) => a.participantNumber - b.participantNumber);
}
