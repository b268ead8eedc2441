/**
 * (Over 300 lines: the walk-in's check, price and booking are one flow; the money taken with it
 * is sales/sale.ts, a draft booked once is draft-once.ts.)
 *
 * Selling a walk-in: the product's form, the check of what staff entered, the price, and the
 * booking through the outbox.
 */
import {
  CustomerInput,
  type CreateReservationRequest,
  type ParticipantDetail,
} from '../../api/schemas';
import type {
  FieldProblem,
  Price,
  ProductForm,
  Request,
  Response,
  WalkInDraft,
  WalkInOutcome,
} from '../../ipc/contract';
import { checkParticipants, isEmptyValue } from './rules';
import type { OutboxEntry, SaleRecord } from '../../local/index';
import { ResponseError } from '../../api/errors';
import { DeskError } from '../../ipc/errors';
import { ensureCatalogue, online, whileOnline } from '../link';
import { findReservation, productsOf, reservationViewOn } from '../day/day';
import type { SettingsFile } from '../settings';
import { productName } from '../views';
import { lineIdOf } from '../sales/discounts';
import { recordSale, rememberQuote, ticketsOf } from '../sales/sale';
import { bookingOf, bookOnce, saleOf } from './draft-once';
import { lastKnownPrice, rememberLastPrice } from './last-price';
import type { DeskSession } from '../desk-session';

/** A walk-in to book, as the router hands it over (defaults filled in). */
type Booking = WalkInDraft &
  Pick<Request<'walkin.book'>, 'draftId' | 'sendConfirmationEmail' | 'locale'> &
  Partial<Pick<Request<'walkin.book'>, 'quoted' | 'tender' | 'items'>>;

export async function walkInForm(session: DeskSession, productId: string): Promise<ProductForm> {
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
    name: productName(product),
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

const problem = (field: string, code: string, message: string): FieldProblem => ({
  field,
  participantNumber: null,
  code,
  message,
});

/** The customer as the service gets it: trimmed, empty parts left out. */
function customerOf(c: WalkInDraft['customer']): NonNullable<CreateReservationRequest['customer']> {
  const email = c.email?.trim();
  return {
    lastName: c.lastName.trim(),
    ...(c.firstName.trim() && { firstName: c.firstName.trim() }),
    ...(email && { email }),
    ...(c.phone?.trim() && { phone: c.phone.trim() }),
  };
}

function customerProblems(customer: WalkInDraft['customer']): FieldProblem[] {
  const parsed = CustomerInput.safeParse(customerOf(customer));
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = `customer.${issue.path.join('.')}`;
    return field === 'customer.lastName' && issue.code === 'too_small'
      ? problem(field, 'MISSING_REQUIRED_FIELD', 'required')
      : problem(field, issue.code, issue.message);
  });
}

/**
 * The counter's one check of a walk-in, with the service's rules: every problem, at its field
 * (headcount, customer, each participant's custom fields, participant numbering). The renderer
 * only places these messages; nothing is sent to the service while there is one.
 */
export function checkWalkIn(session: DeskSession, draft: WalkInDraft): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const headcount = draft.adults + draft.children;
  if (headcount < 1) problems.push(problem('adults', 'too_small', 'at least one person'));
  problems.push(...customerProblems(draft.customer));
  const product = productsOf(session).get(draft.productId);
  if (product && headcount >= 1) {
    const check = checkParticipants(
      (product.customFields ?? []) as Parameters<typeof checkParticipants>[0],
      headcount,
      draft.participants,
    );
    problems.push(...check.numbering.map((d) => problem('participants', d.code, d.reason)));
    problems.push(...participantProblems(check.fields));
  }
  return problems;
}

/** The check, once the catalogue it checks against is known (right after set-up it may not be). */
async function checkWithCatalogue(
  session: DeskSession,
  draft: WalkInDraft,
): Promise<FieldProblem[]> {
  if (!productsOf(session).has(draft.productId) && online(session)) {
    await whileOnline(session, (signal) => ensureCatalogue(session, signal), 'offline').catch(
      () => undefined,
    );
  }
  return checkWalkIn(session, draft);
}

/**
 * What is sent for a walk-in. Empty answers are left out, and so are participants after the last
 * one with an answer (numbers must stay consecutive from 1). The confirmation e-mail goes only
 * when there is an address to send it to: a walk-in without one would only mail the business.
 * Paid at the counter (`external`), unless a change of a booking paid on site takes no money now:
 * then the new booking is paid on site too (decision I8).
 */
export function creationRequest(
  request: Omit<Booking, 'draftId'>,
  paymentMethod: 'external' | 'on_site' = 'external',
): CreateReservationRequest {
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
  const customer = customerOf(request.customer);
  const customerId = request.customer.customerId?.trim() || null;
  return {
    customer,
    ...(customerId && { customerId }),
    items: [
      {
        productId: request.productId,
        date: request.date,
        startTime: request.startTime,
        adultCount: request.adults,
        childCount: request.children,
        ...(participants.length > 0 && { participants }),
      },
    ],
    paymentMethod,
    sendConfirmationEmail:
      request.sendConfirmationEmail && (customer.email !== undefined || customerId !== null),
    locale: request.locale,
  };
}

/**
 * Check a walk-in as entered so far and, when nothing is wrong, price it with calculate. Offline
 * the problems still come back, with PRICE_OFFLINE: the walk-in can be queued, with the last known
 * price marked unconfirmed when there is one and nothing else is wrong (J22), else without one.
 */
export async function quoteWalkIn(
  session: DeskSession,
  draft: WalkInDraft,
  /** The e-mail of a customer found by search, for the repeat discount. */
  emailOfCustomer: (customerId: string) => string | null = () => null,
): Promise<Response<'walkin.quote'>> {
  const problems = await checkWithCatalogue(session, draft);
  // Offline, or the link found down while asking: the last known price, unconfirmed (J22).
  const offline = () => ({
    price: problems.length ? null : lastKnownPrice(session, draft),
    problems: [...problems, problem('price', 'PRICE_OFFLINE', 'no price while offline')],
  });
  if (!online(session)) return offline();
  if (problems.length) return { price: null, problems };
  const { customer } = draft;
  const email =
    customer.email?.trim() || (customer.customerId ? emailOfCustomer(customer.customerId) : null);
  let price;
  try {
    price = await priceDraft(session, draft, email, 'no price while offline');
  } catch (error) {
    if (error instanceof DeskError && error.code === 'OFFLINE') return offline();
    throw error;
  }
  // An answer of another shape leaves this walk-in without a price, as offline, rather than
  // stuck; staff are told to confirm the price.
  if (!price)
    return {
      price: null,
      problems: [problem('price', 'PRICE_UNREADABLE', "the service's price could not be read")],
    };
  return { price, problems: [] };
}

/**
 * The service's price of a draft (calculate), for the customer's e-mail (the repeat discount),
 * remembered for its sale's unit prices and discounts; null when the answer cannot be read
 * (§2.7 shows no field of it). Offline: `whileOnline`'s error, with `offline` as its message.
 */
export async function priceDraft(
  session: DeskSession,
  draft: WalkInDraft,
  email: string | null | undefined,
  offline: string,
): Promise<Price | null> {
  let calculation;
  try {
    calculation = await whileOnline(
      session,
      (signal) =>
        session.client.calculate(
          session.storeId,
          {
            items: [
              {
                productId: draft.productId,
                date: draft.date,
                startTime: draft.startTime,
                adultCount: draft.adults,
                childCount: draft.children,
              },
            ],
            ...(email && { customerEmail: email }),
          },
          { lane: 'write', signal },
        ),
      offline,
    );
  } catch (error) {
    if (error instanceof ResponseError && error.status >= 200 && error.status < 300) return null;
    throw error;
  }
  rememberQuote(session, draft, calculation);
  rememberLastPrice(session, draft, calculation);
  return {
    currency: calculation.currency,
    subtotal: calculation.subtotal,
    discounts: calculation.discounts.map((d) => ({
      type: String(d.type),
      label: d.label,
      amount: d.amount,
    })),
    total: calculation.totalAmount,
    // Its tickets as the sale will keep them, by the id a line's discount names (I15).
    lines: (
      ticketsOf(draft, calculation) ?? [
        { ticket: 'party' as const, quantity: 1, unitPrice: calculation.totalAmount },
      ]
    ).map((t) => ({ id: lineIdOf({ productId: draft.productId, ticket: t.ticket }), ...t })),
  };
}

/** The outcome of a walk-in's entry as it stands; its reservation shown on `date`. */
function outcomeOf(session: DeskSession, entry: OutboxEntry, date: string | null): WalkInOutcome {
  if (entry.state === 'booked' && entry.booked) {
    const r = date === null ? null : findReservation(session, entry.booked.reservationId, date);
    return {
      outcome: entry.booked.status === 'pending' ? 'pending' : 'booked',
      entryId: entry.id,
      reservation: r && date !== null ? reservationViewOn(session, r, date) : null,
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

/** The outcome of a draft's entry as it stands, with the sale written for it. */
function entryOutcome(
  session: DeskSession,
  entry: OutboxEntry,
  date: string | null,
): WalkInOutcome {
  const at = entry.facts?.createdAt ?? session.now();
  return { ...outcomeOf(session, entry, date), saleId: saleOf(session, entry.id, at)?.id ?? null };
}

/**
 * Book a walk-in, once per draft (decision X1): Book pressed again for a draft answers its first
 * booking's outcome. `taken` is told once the draft has its entry (its flow is over); `paid` once
 * its money is written (the drawer opens: M11), and what it returns is awaited before the booking
 * is sent, so the drawer's pulse is on its way first (M21).
 */
export function bookWalkIn(
  session: DeskSession,
  request: Booking,
  settings: SettingsFile,
  taken: () => void = () => undefined,
  paid: (sale: SaleRecord) => Promise<unknown> | void = () => undefined,
): Promise<WalkInOutcome> {
  const answer = (entry: OutboxEntry): WalkInOutcome => {
    taken();
    return entryOutcome(session, entry, request.date);
  };
  return bookOnce(session, request.draftId, answer, () =>
    bookDraft(session, request, settings, taken, paid),
  );
}

/**
 * A draft's booking as it stands, for a window reloaded after Book (V13): the booking
 * running (joined) or its entry's outcome (null: no entry), with its sale's change and its quote.
 */
export async function walkInOutcome(
  session: DeskSession,
  draftId: string,
): Promise<Response<'walkin.outcome'>> {
  const booking = bookingOf(session, draftId, (entry) =>
    entryOutcome(session, entry, entry.facts?.date ?? null),
  );
  const outcome = booking && (await booking);
  const sale = outcome?.saleId ? session.journal.get(outcome.saleId) : null;
  return {
    outcome,
    change: sale?.kind === 'sale' ? (sale as SaleRecord).change : 0,
    quoted: session.outbox.get(draftId)?.facts?.amount ?? null,
  };
}

/**
 * A draft's booking. It is checked again first, as the quote did (nothing is sent when a field is
 * wrong), written to the outbox (durably, with its Idempotency-Key, the draft's id as the entry's),
 * then sent at once if the link is up. Offline, or when the link is lost while sending, it stays
 * queued and staff are told "queued, not yet booked"; the outbox sends it, with the same key, when
 * the link returns.
 */
async function bookDraft(
  session: DeskSession,
  request: Booking,
  settings: SettingsFile,
  taken: () => void,
  paid: (sale: SaleRecord) => Promise<unknown> | void,
): Promise<WalkInOutcome> {
  const problems = await checkWithCatalogue(session, request);
  if (problems.length) {
    return {
      outcome: 'refused',
      entryId: '',
      reservation: null,
      refusal: { code: 'CHECK_FAILED', message: 'fix the marked fields' },
      problems,
    };
  }
  const product = session.local.cache.catalogue()?.products.find((p) => p.id === request.productId);
  const entryId = request.draftId;
  const name = product ? productName(product) : request.productId;
  // The product's name and the total quoted are kept in clear with the entry: staff recognise
  // it without the key.
  const enqueue = (amount: { total: number; currency: string } | null, awaitingSale: boolean) =>
    session.outbox.enqueue(creationRequest(request), {
      id: entryId,
      productName: product?.name ?? null,
      amount: request.quoted ?? amount,
      awaitingSale,
    });
  // A sale an older version wrote for this draft before its entry (J6) is its sale.
  const earlier = saleOf(session, entryId, session.now());
  let sale = earlier;
  let entry: OutboxEntry;
  if (earlier) entry = enqueue({ total: earlier.total, currency: earlier.currency }, false);
  else {
    // Taken in one durable step (decision AA10): once the tender is checked (a bad one writes
    // nothing) the entry is written held, then the sale; the sale's write takes the walk-in.
    let held = false;
    try {
      sale = recordSale(session, settings, request, entryId, name, (taken) => {
        enqueue(taken, true);
        held = true;
      });
    } catch (error) {
      if (held) session.outbox.drop(entryId);
      throw error;
    }
    entry = held ? session.outbox.release(entryId) : enqueue(null, false);
  }
  const opening = sale ? paid(sale) : undefined;
  const saleId = sale?.id ?? null;
  taken();
  if (!online(session)) return { ...outcomeOf(session, entry, request.date), saleId };
  await opening;
  const controller = new AbortController();
  const stop = session.connectivity.on('change', ({ link }) => {
    if (link === 'offline') controller.abort();
  });
  try {
    const sent = await session.outbox.send(entry.id, controller.signal);
    return { ...outcomeOf(session, sent, request.date), saleId };
  } finally {
    stop();
  }
}
