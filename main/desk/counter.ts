/**
 * What the counter does with a session: search, check-in, headcount check, walk-in, cancel.
 * Each function reads the cache first and goes to the service only when it must.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { Reservation } from '../api/client';
import {
  CustomerInput,
  type CreateReservationRequest,
  type ParticipantDetail,
} from '../api/schemas';
import type {
  CancelPreviewView,
  FieldProblem,
  HeadcountFit,
  Price,
  ProductForm,
  Request,
  ReservationView,
  Response,
  WalkInOutcome,
} from '../ipc/contract';
import { NetworkError } from '../api/errors';
import { checkParticipants, isEmptyValue } from '../api/field-rules';
import { DeskError } from '../ipc/router';
import type { OutboxEntry } from '../local/outbox';
import {
  ACTIVE_STATUSES,
  buildDayView,
  findReservation,
  requireReservation,
  productsOf,
  todayIn,
  viewsOn,
} from './day';
import { matches, queryKind, digitsOnly } from './search';
import type { Session } from './session';
import { toReservationView } from './views';

const FRESH_AVAILABILITY_MS = 30_000;

function online(session: Session): boolean {
  return session.connectivity.state.link !== 'offline';
}

function viewOf(session: Session, r: Reservation, date: string): ReservationView {
  const checkIns = session.local.cache.checkInsOn(session.storeId, date);
  const index = Math.max(
    0,
    r.items.findIndex((i) => i.date === date),
  );
  return toReservationView(r, productsOf(session), checkIns.get(r.id), session.currency, index);
}

/** Put reservations the service just returned into the cache, so every view shows them. */
export function remember(session: Session, reservations: Reservation[]): string[] {
  return session.remember(session.storeId, reservations);
}

/**
 * Run a call staff wait for, giving up as soon as the link is found offline: the counter is told
 * at once instead of after every retry. Returns what `run` returns; an abort becomes OFFLINE.
 */
export async function whileOnline<T>(
  session: Session,
  run: (signal: AbortSignal) => Promise<T>,
  offlineMessage: string,
): Promise<T> {
  if (!online(session)) throw new DeskError('OFFLINE', offlineMessage);
  const controller = new AbortController();
  let stop = () => {};
  // Work shared with the background (a sync pass) may not stop with our signal: do not wait for it.
  const lost = new Promise<never>((_, reject) => {
    stop = session.connectivity.on('change', ({ link }) => {
      if (link !== 'offline') return;
      controller.abort();
      reject(new DeskError('OFFLINE', offlineMessage));
    });
  });
  const running = run(controller.signal);
  running.catch(() => undefined);
  lost.catch(() => undefined);
  try {
    return await Promise.race([running, lost]);
  } catch (error) {
    if (controller.signal.aborted || (error instanceof NetworkError && !online(session)))
      throw new DeskError('OFFLINE', offlineMessage);
    throw error;
  } finally {
    stop();
  }
}

/** The catalogue, fetched when the cache has none yet (right after set-up). */
export async function ensureCatalogue(session: Session, signal?: AbortSignal): Promise<void> {
  const { cache } = session.local;
  if (cache.catalogue(session.storeId) || !online(session)) return;
  const products = await session.client.products(session.storeId, { lane: 'read', signal });
  cache.saveCatalogue(session.storeId, products, session.store);
}

// --- search -------------------------------------------------------------------------------------

/** Dates searched besides the one asked: recent and upcoming days, where parties come from. */
const SEARCH_BACK_DAYS = 3;
const SEARCH_AHEAD_DAYS = 30;

export function search(
  session: Session,
  text: string,
  date: string | null,
  now = Date.now(),
): Response<'search.find'> {
  const query = text.trim();
  if (!query) return { exact: null, results: [] };
  const today = todayIn(session.timeZone, now);
  if (queryKind(query) === 'number') {
    const found = session.local.cache.findByNumber(session.storeId, digitsOnly(query));
    if (found) {
      const on = found.items.find((i) => i.date === (date ?? today))?.date ?? found.items[0]!.date;
      return { exact: viewOf(session, found, on), results: [] };
    }
  }
  const start = DateTime.fromISO(today).minus({ days: SEARCH_BACK_DAYS });
  const dates = new Set<string>(date ? [date] : []);
  for (let d = 0; d <= SEARCH_BACK_DAYS + SEARCH_AHEAD_DAYS; d++)
    dates.add(start.plus({ days: d }).toISODate()!);
  const results: ReservationView[] = [];
  for (const d of dates) {
    for (const v of viewsOn(session, d)) if (matches(v, query)) results.push(v);
    if (results.length >= 50) break;
  }
  return { exact: null, results: results.slice(0, 50) };
}

// --- check-in -----------------------------------------------------------------------------------

export function recordCheckIn(
  session: Session,
  request: Request<'checkin.record'>,
  now = Date.now(),
): Response<'checkin.record'> {
  const r = requireReservation(session, request.reservationId, request.date);
  if (!ACTIVE_STATUSES.has(String(r.status)))
    throw new DeskError('RESERVATION_NOT_ACTIVE', `this reservation is ${String(r.status)}`, [
      { status: String(r.status) },
    ]);
  const adults = request.state === 'no_show' ? 0 : (request.adults ?? 0);
  const children = request.state === 'no_show' ? 0 : (request.children ?? 0);
  session.local.cache.recordCheckIn(session.storeId, request.date, r.id, {
    state: request.state,
    adults,
    children,
    at: now,
    offline: !online(session),
  });
  const view = viewOf(session, r, request.date);
  const arrived = adults + children;
  const booked = view.adults + view.children;
  return {
    reservation: view,
    comparison: arrived === booked ? 'match' : arrived < booked ? 'fewer' : 'more',
  };
}

export function undoCheckIn(
  session: Session,
  request: Request<'checkin.undo'>,
  now = Date.now(),
): Response<'checkin.undo'> {
  const r = requireReservation(session, request.reservationId, request.date);
  session.local.cache.recordCheckIn(session.storeId, request.date, r.id, {
    state: null,
    adults: 0,
    children: 0,
    at: now,
    offline: !online(session),
  });
  return { reservation: viewOf(session, r, request.date) };
}

// --- headcount and availability -----------------------------------------------------------------

/** Fresh availability for a product's month when the link is up and the cache is not fresh. */
async function freshAvailability(
  session: Session,
  productId: string,
  date: string,
  now: number,
): Promise<void> {
  if (!online(session)) return;
  const cached = session.local.cache.availabilityOn(session.storeId, date).get(productId);
  if (cached && now - cached.fetchedAt < FRESH_AVAILABILITY_MS) return;
  try {
    await whileOnline(
      session,
      () => session.scheduler.refreshAvailability(date, [productId]),
      'offline',
    );
  } catch {
    // The cache answers; the link's state says how far to trust it.
  }
}

export async function checkHeadcount(
  session: Session,
  request: Request<'headcount.check'>,
  now = Date.now(),
): Promise<HeadcountFit> {
  const party = (request.adults ?? 0) + (request.children ?? 0);
  await freshAvailability(session, request.productId, request.date, now);
  const { cache } = session.local;
  const cached = cache.availabilityOn(session.storeId, request.date).get(request.productId);
  const nowLocal = DateTime.fromMillis(now, { zone: session.timeZone });
  const today = nowLocal.toISODate()!;
  const nowTime = nowLocal.toFormat('HH:mm');
  const upcoming = (date: string, start: string) =>
    date > today || (date === today && start > nowTime);

  // Next slots that fit: this day and the following days of the cached month.
  const nextSlots: HeadcountFit['nextSlots'] = [];
  const first = DateTime.fromISO(request.date);
  for (let d = 0; d < 14 && nextSlots.length < 5; d++) {
    const date = first.plus({ days: d }).toISODate()!;
    const day = cache.availabilityOn(session.storeId, date).get(request.productId)?.day;
    for (const s of day?.slots ?? []) {
      const remaining = typeof s.remainingCapacity === 'number' ? s.remainingCapacity : 0;
      if (remaining >= party && upcoming(date, s.startTime) && nextSlots.length < 5) {
        nextSlots.push({ date, startTime: s.startTime, remaining });
      }
    }
  }

  if (!cached) return { fits: 'unknown', remaining: null, nextSlots };
  const slot = request.startTime
    ? cached.day.slots.find((s) => s.startTime === request.startTime)
    : undefined;
  const remaining =
    slot && typeof slot.remainingCapacity === 'number' ? slot.remainingCapacity : null;
  if (!online(session)) return { fits: 'unknown', remaining, nextSlots };
  if (!request.startTime)
    return { fits: nextSlots.length ? 'yes' : 'no', remaining: null, nextSlots };
  return { fits: remaining !== null && remaining >= party ? 'yes' : 'no', remaining, nextSlots };
}

// --- walk-in ------------------------------------------------------------------------------------

export async function walkInForm(session: Session, productId: string): Promise<ProductForm> {
  let product = productsOf(session).get(productId);
  if (!product?.customFields && online(session)) {
    product = await whileOnline(
      session,
      (signal) => session.client.product(session.storeId, productId, { lane: 'read', signal }),
      'the product is not known here yet and the link is down',
    );
  }
  if (!product) throw new DeskError('PRODUCT_NOT_FOUND', 'no such product at this store');
  return {
    id: product.id,
    name: product.name,
    approvalType: String(product.approvalType),
    isPublished: product.isPublished,
    currency: typeof product.currency === 'string' ? product.currency : session.currency,
    customFields: (product.customFields ?? []).map((f) => ({
      ...f,
      fieldType: f.fieldType as 'number' | 'select' | 'multi_select' | 'text',
      inputScope: f.inputScope as 'booker_only' | 'all_participants',
    })),
  };
}

function participantProblems(details: ParticipantDetail[]): FieldProblem[] {
  return details.map((d) => ({
    field: d.fieldId,
    participantNumber: d.participantNumber,
    code: d.code,
    message: d.reason,
  }));
}

/** The same checks as the service, before anything is sent: problems shown at their fields. */
export function checkWalkIn(session: Session, request: Request<'walkin.book'>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const product = productsOf(session).get(request.productId);
  const headcount = (request.adults ?? 0) + (request.children ?? 0);
  if (headcount < 1)
    problems.push({
      field: 'adults',
      participantNumber: null,
      code: 'too_small',
      message: 'at least one person',
    });
  const customer = CustomerInput.safeParse(creationRequest(request).customer);
  if (!customer.success) {
    for (const issue of customer.error.issues) {
      problems.push({
        field: `customer.${issue.path.join('.')}`,
        participantNumber: null,
        code: issue.code,
        message: issue.message,
      });
    }
  }
  if (product && headcount >= 1) {
    const check = checkParticipants(
      (product.customFields ?? []) as Parameters<typeof checkParticipants>[0],
      headcount,
      request.participants,
    );
    problems.push(
      ...check.numbering.map((d) => ({
        field: 'participants',
        participantNumber: null,
        code: d.code,
        message: d.reason,
      })),
    );
    problems.push(...participantProblems(check.fields));
  }
  return problems;
}

/**
 * What is sent for a walk-in. Empty answers are left out, and so are participants after the last
 * one with an answer (numbers must stay consecutive from 1). The confirmation e-mail goes only
 * when there is an address to send it to: a walk-in without one would only mail the business.
 */
export function creationRequest(request: Request<'walkin.book'>): CreateReservationRequest {
  const c = request.customer;
  const answered = [...request.participants]
    .sort((a, b) => a.participantNumber - b.participantNumber)
    .map((p) => ({
      participantNumber: p.participantNumber,
      fieldValues: Object.fromEntries(
        Object.entries(p.fieldValues).filter(([, v]) => !isEmptyValue(v)),
      ),
    }));
  let last = answered.length;
  while (last > 0 && Object.keys(answered[last - 1]!.fieldValues).length === 0) last--;
  const participants = answered.slice(0, last);
  const email = c.email?.trim() || null;
  const customerId = c.customerId?.trim() || null;
  return {
    customer: {
      lastName: c.lastName.trim(),
      ...(c.firstName?.trim() && { firstName: c.firstName.trim() }),
      ...(email && { email }),
      ...(c.phone?.trim() && { phone: c.phone.trim() }),
    },
    ...(customerId && { customerId }),
    items: [
      {
        productId: request.productId,
        date: request.date,
        startTime: request.startTime,
        adultCount: request.adults ?? 0,
        childCount: request.children ?? 0,
        ...(participants.length > 0 && { participants }),
      },
    ],
    paymentMethod: 'external',
    sendConfirmationEmail: request.sendConfirmationEmail && (email !== null || customerId !== null),
    locale: request.locale,
  };
}

export async function quoteWalkIn(
  session: Session,
  request: Request<'walkin.quote'>,
  /** The e-mail of a customer found by search, for the repeat discount. */
  emailOfCustomer: (customerId: string) => string | null = () => null,
): Promise<Response<'walkin.quote'>> {
  const headcount = (request.adults ?? 0) + (request.children ?? 0);
  const problem = (field: string, code: string, message: string) => ({
    price: null,
    problems: [{ field, participantNumber: null, code, message }],
  });
  if (headcount < 1) return problem('adults', 'too_small', 'at least one person');
  const email =
    request.customerEmail?.trim() ||
    (request.customerId ? emailOfCustomer(request.customerId) : null) ||
    null;
  if (email !== null && !z.email().safeParse(email).success)
    return problem('customer.email', 'invalid_format', 'not an e-mail address');
  if (!online(session)) return problem('price', 'PRICE_OFFLINE', 'no price while offline');
  const calculation = await whileOnline(
    session,
    (signal) =>
      session.client.calculate(
        session.storeId,
        {
          items: [
            {
              productId: request.productId,
              date: request.date,
              startTime: request.startTime,
              adultCount: request.adults ?? 0,
              childCount: request.children ?? 0,
            },
          ],
          ...(email && { customerEmail: email }),
        },
        { lane: 'write', signal },
      ),
    'no price while offline',
  );
  const price: Price = {
    currency: calculation.currency,
    subtotal: calculation.subtotal,
    discounts: calculation.discounts.map((d) => ({
      type: String(d.type),
      label: d.label,
      amount: d.amount,
    })),
    total: calculation.totalAmount,
  };
  return { price, problems: [] };
}

function outcomeOf(
  session: Session,
  entry: OutboxEntry,
  request: Request<'walkin.book'>,
): WalkInOutcome {
  if (entry.state === 'booked' && entry.booked) {
    const r = findReservation(session, entry.booked.reservationId, request.date);
    return {
      outcome: entry.booked.status === 'pending' ? 'pending' : 'booked',
      entryId: entry.id,
      reservation: r ? viewOf(session, r, request.date) : null,
      refusal: null,
      problems: [],
    };
  }
  if (entry.state === 'refused' && entry.refused) {
    return {
      outcome: 'refused',
      entryId: entry.id,
      reservation: null,
      refusal: { code: entry.refused.code, message: entry.refused.reason },
      problems: entry.refused.details
        ? participantProblems(entry.refused.details as ParticipantDetail[])
        : [],
    };
  }
  return { outcome: 'queued', entryId: entry.id, reservation: null, refusal: null, problems: [] };
}

/**
 * Book a walk-in. It is checked locally first (nothing is sent when a field is wrong), written to
 * the outbox (durably, with its Idempotency-Key), then sent at once if the link is up. Offline, or
 * when the link is lost while sending, it stays queued and staff are told "queued, not yet booked";
 * the outbox sends it, with the same key, when the link returns.
 */
export async function bookWalkIn(
  session: Session,
  request: Request<'walkin.book'>,
): Promise<WalkInOutcome> {
  if (!productsOf(session).has(request.productId) && online(session)) {
    // Right after set-up the catalogue may not be cached yet: the fields are checked against it.
    await whileOnline(session, (signal) => ensureCatalogue(session, signal), 'offline').catch(
      () => undefined,
    );
  }
  const problems = checkWalkIn(session, request);
  if (problems.length) {
    return {
      outcome: 'refused',
      entryId: '',
      reservation: null,
      refusal: { code: 'CHECK_FAILED', message: 'fix the marked fields' },
      problems,
    };
  }
  const entry = session.outbox.enqueue(session.storeId, creationRequest(request));
  if (!online(session)) return outcomeOf(session, entry, request);
  const controller = new AbortController();
  const stop = session.connectivity.on('change', ({ link }) => {
    if (link === 'offline') controller.abort();
  });
  try {
    return outcomeOf(session, await session.outbox.send(entry.id, controller.signal), request);
  } finally {
    stop();
  }
}

// --- cancellation -------------------------------------------------------------------------------

function previewView(
  session: Session,
  p: {
    cancellable: boolean;
    totalAmount: number;
    cancellationFee: number;
    refundAmount: number;
    refundHandledBy: string;
  },
): CancelPreviewView {
  return {
    cancellable: p.cancellable,
    total: p.totalAmount,
    fee: p.cancellationFee,
    refund: p.refundAmount,
    refundBy: p.refundHandledBy === 'merchant' ? 'merchant' : 'service',
    refundByRaw: p.refundHandledBy,
    currency: session.currency,
  };
}

const CANCEL_OFFLINE = 'cancellation needs the service, and the link is down';
/** The link may have dropped after the cancel reached the service. */
const CANCEL_UNCONFIRMED = `${CANCEL_OFFLINE}: not confirmed, look at the reservation once it is back`;

export async function previewCancel(
  session: Session,
  request: Request<'cancel.preview'>,
): Promise<CancelPreviewView> {
  const p = await whileOnline(
    session,
    (signal) =>
      session.client.cancelPreview(
        session.storeId,
        request.reservationId,
        { cancelReason: request.reason },
        { lane: 'write', signal },
      ),
    CANCEL_OFFLINE,
  );
  return previewView(session, p);
}

export async function confirmCancel(
  session: Session,
  request: Request<'cancel.confirm'>,
): Promise<{ result: Response<'cancel.confirm'>; dates: string[] }> {
  // The preview is asked again with the same body as the cancel (rule 11): the fee shown with the
  // result is the fee of this cancellation, even if the day turned since the first preview.
  const body = {
    cancelReason: request.reason,
    sendCancellationEmail: request.sendCancellationEmail,
  };
  const { preview, outcome } = await whileOnline(
    session,
    async (signal) => {
      const preview = await session.client.cancelPreview(
        session.storeId,
        request.reservationId,
        body,
        { lane: 'write', signal },
      );
      if (!preview.cancellable)
        throw new DeskError('NOT_CANCELLABLE', 'this reservation can no longer be cancelled');
      const outcome = await session.client.cancelReservation(
        session.storeId,
        request.reservationId,
        body,
        { lane: 'write', signal },
      );
      return { preview, outcome };
    },
    CANCEL_UNCONFIRMED,
  );
  const dates = remember(session, [outcome.reservation]);
  return {
    result: {
      reservation: viewOf(session, outcome.reservation, request.date),
      preview: previewView(session, preview),
    },
    dates,
  };
}

export { buildDayView };
