/**
 * Taking what a booking paid on site owes (issue 27): staff start (the booking claimed for this
 * counter, once per shop; its amount asked of the service if it is not known for the booking as it
 * is now), then collect with the walk-in's tender — all of it, or a part with the rest still owed,
 * with a discount given at the counter — and the party checked in with it. Everything is checked
 * before the money is written; the collection is one journal record (decision I5) and is told to
 * the shop's other counters at once.
 */
import type { Reservation } from '../../api/client';
import {
  changeDue,
  itemsTotal,
  tenderProblems,
  Tender,
  type DiscountReasonEntry,
  type DiscountReasonList,
  type MoneyProblem,
  type ReceiptItem,
} from '../../common';
import type { ClaimView, Request, Response } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { Handler } from '../../ipc/router';
import { paidHowOf, type CollectionRecord } from '../../local/index';
import type { Claim } from '../../shop/claims';
import { recordCheckIn, requireCheckInUnchanged } from '../checkin/checkin';
import { goodsOf } from '../items/sell';
import { productsOf, requireReservation, reservationViewOn } from '../day/day';
import { moneyDayOf } from '../sales/money-day';
import { online } from '../link';
import { owedChanged } from '../sales/refunds-owed';
import { reasonsOf } from '../sales/reasons';
import { moneySettingsOf } from '../sales/settings';
import type { SettingsFile } from '../settings';
import { customerName, productName } from '../views';
import { owedNow } from './view';
import type { DeskSession } from '../desk-session';
import { onSiteBook } from './book';

/** A collection as the router hands it over (its defaults filled in). */
/** A collection as asked (counter items: none when left out). */
type Collect = Omit<Parameters<Handler<'onsite.collect'>>[0], 'items'> &
  Partial<Pick<Parameters<Handler<'onsite.collect'>>[0], 'items'>>;

const nowOf = (session: DeskSession) => session.now();

const invalid = (message: string, problems: MoneyProblem[]) =>
  new DeskError('INVALID_INPUT', message, problems);

const heldElsewhere = (claim: Claim) =>
  new DeskError('COLLECTING_ELSEWHERE', `${claim.counterName} is taking this payment`, [
    { counterName: claim.counterName, at: claim.at },
  ]);

/** The booking, if its money may be taken here: confirmed, and paid on site (or not said). */
function collectable(session: DeskSession, reservationId: string, date: string): Reservation {
  const r = requireReservation(session, reservationId, date);
  const status = String(r.status);
  if (status === 'pending')
    throw new DeskError(
      'RESERVATION_PENDING',
      'waiting for the business’s approval: take the payment once it is approved',
    );
  if (status !== 'confirmed')
    throw new DeskError('RESERVATION_NOT_ACTIVE', `this reservation is ${status}`, [{ status }]);
  const how = paidHowOf(r.paymentMethod);
  if (how !== 'on_site' && how !== 'unknown')
    throw new DeskError('NOT_PAID_ON_SITE', 'this booking is not paid at the counter', [
      { paymentMethod: String(r.paymentMethod ?? '') },
    ]);
  return r;
}

/** Another counter's claim, said the way the screens say it. */
function claimView(granted: boolean, heldBy: Claim | null, unanswered: string[] = []): ClaimView {
  return {
    granted,
    heldBy: heldBy && { counterName: heldBy.counterName, at: heldBy.at },
    unanswered,
  };
}

/** The names of counters by id, as the shop last heard them. */
function namesOf(session: DeskSession, ids: readonly string[]): string[] {
  const view = session.shop?.view();
  return ids.map((id) => view?.counters.find((c) => c.counterId === id)?.name ?? id);
}

export async function startCollecting(
  session: DeskSession,
  request: Request<'onsite.start'>,
): Promise<Response<'onsite.start'>> {
  await session.journalReady();
  session.part(onSiteBook).journalReady();
  const r = collectable(session, request.reservationId, request.date);
  if (!session.dues.known(r, request.date) && online(session)) {
    // The one request this version of the booking gets, asked while staff wait (the read lane);
    // offline or refused, what is known stands (the record's total, an older answer, or none).
    await session.dues.fetch(r, request.date, 'read').catch(() => null);
  }
  const owed = owedNow(session, r, request.date, undefined).owed;
  if (owed.stillOwed === 0)
    throw new DeskError('NOTHING_OWED', 'nothing is left to pay for this booking');
  const claims = session.shop?.claims;
  let claim = claimView(true, null);
  if (claims) {
    const outcome = await claims.claim(r.id);
    claim = outcome.granted
      ? claimView(true, null, namesOf(session, outcome.unanswered))
      : claimView(false, outcome.heldBy);
  }
  return { reservation: reservationViewOn(session, r, request.date), claim };
}

export function stopCollecting(session: DeskSession, request: Request<'onsite.release'>): void {
  session.shop?.claims.end(request.reservationId);
}

/**
 * The discount's reason, of the store's active list (I13), or its problem: not on the list (or
 * made inactive), or a note missing where the reason asks one.
 */
function reasonOf(
  request: Collect,
  reasons: DiscountReasonList,
): { reason: DiscountReasonEntry | null; problems: MoneyProblem[] } {
  const asked = request.discount;
  if (!asked) return { reason: null, problems: [] };
  const reason = reasons.reasons.find((r) => r.id === asked.reason && r.active) ?? null;
  if (!reason)
    return {
      reason,
      problems: [{ field: 'discount.reason', code: 'REASON_UNKNOWN', reason: 'not on the list' }],
    };
  if (reason.noteRequired && !asked.note?.trim())
    return {
      reason,
      problems: [{ field: 'discount.note', code: 'NOTE_REQUIRED', reason: 'say why' }],
    };
  return { reason, problems: [] };
}

/** The discount's and the amount's problems against what is still owed. */
function amountProblems(
  request: Collect,
  stillOwed: number | null,
  tender: Tender | null,
  extra = 0,
): MoneyProblem[] {
  const problems: MoneyProblem[] = [];
  const discount = request.discount?.amount ?? 0;
  if (request.amount + discount === 0)
    problems.push({ field: 'amount', code: 'NOTHING_TAKEN', reason: 'an amount or a discount' });
  if (stillOwed !== null && request.amount + discount > stillOwed)
    problems.push({
      field: 'amount',
      code: 'OVER_OWED',
      reason: `at most ${stillOwed} is still owed`,
    });
  const taken = request.amount + extra;
  if (taken > 0 && !tender)
    problems.push({ field: 'tender', code: 'TENDER_REQUIRED', reason: 'how the guest paid' });
  if (taken === 0 && tender)
    problems.push({ field: 'tender', code: 'TENDER_OVER', reason: 'nothing is taken' });
  if (tender && taken > 0) problems.push(...tenderProblems(tender, taken));
  return problems;
}

/** The booking as the collection's receipt names it: the party at what it owes. */
function itemsOf(
  session: DeskSession,
  settings: SettingsFile,
  r: Reservation,
  date: string,
  price: number,
): ReceiptItem[] {
  const item = r.items.find((i) => i.date === date) ?? r.items[0];
  if (!item) return [];
  const product = productsOf(session).get(item.productId);
  const money = moneySettingsOf(settings);
  return [
    {
      productId: item.productId,
      productName: product
        ? productName(product)
        : typeof item.productName === 'string'
          ? item.productName
          : item.productId,
      date: item.date,
      startTime: item.startTime,
      ticket: 'party',
      quantity: 1,
      unitPrice: price,
      taxRate: money.productTaxRates[item.productId] ?? money.defaultTaxRate,
    },
  ];
}

export async function collect(
  session: DeskSession,
  settings: SettingsFile,
  request: Collect,
): Promise<Response<'onsite.collect'>> {
  await session.journalReady();
  session.part(onSiteBook).journalReady();
  const r = collectable(session, request.reservationId, request.date);
  const claims = session.shop?.claims;
  if (claims && !claims.holds(r.id)) {
    const outcome = await claims.claim(r.id);
    if (!outcome.granted) throw heldElsewhere(outcome.heldBy);
  }
  // Another claim known now that wins over ours (heard since ours was granted): theirs to take.
  const first = claims?.first(r.id);
  if (first && first.counterId !== session.counter().id) throw heldElsewhere(first);

  const checkIn = session.local.cache.checkInOf(request.date, r.id);
  const { due, owed } = owedNow(session, r, request.date, checkIn);
  if (due.amount !== request.due)
    throw new DeskError('DUE_CHANGED', 'what the booking owes changed since it was shown', [
      { due: due.amount, stillOwed: owed.stillOwed },
    ]);
  const tender = request.tender ? Tender.parse(request.tender) : null;
  // Counter items sold with it (issue 30): their price on top of what is paid of the booking.
  const goods = goodsOf(session, request.items);
  const given = reasonOf(request, reasonsOf(session).list());
  const problems = [
    ...given.problems,
    ...amountProblems(request, owed.stillOwed, tender, itemsTotal(goods)),
  ];
  if (problems.length) throw invalid('the payment cannot be taken so', problems);
  if (request.checkIn) requireCheckInUnchanged(session, request.date, r.id, request.checkIn.basis);

  const now = nowOf(session);
  const { id: counterId, name: counterName } = session.counter();
  const before = owed.collected + owed.discounts;
  const record = {
    kind: 'collection',
    at: now,
    // After this counter's close of today, the next business day's (Z10): never refused.
    businessDate: moneyDayOf(session, now).businessDate,
    counterId,
    counterName,
    reservationId: r.id,
    reservationNumber: typeof r.reservationNumber === 'string' ? r.reservationNumber : null,
    customerName: customerName(r) || null,
    currency: typeof r.currency === 'string' ? r.currency : session.currency,
    items: itemsOf(
      session,
      settings,
      r,
      request.date,
      due.amount ?? before + request.amount + (request.discount?.amount ?? 0),
    ),
    due: due.amount,
    dueFrom: due.from,
    before,
    // The reason's words as they are now: a later rename does not change what this one says.
    discount: request.discount &&
      given.reason && {
        amount: request.discount.amount,
        reason: given.reason.id,
        ja: given.reason.words.ja,
        en: given.reason.words.en,
      },
    note: request.discount?.note?.trim() || null,
    total: request.amount + itemsTotal(goods),
    tender: tender?.lines ?? [],
    change: tender ? changeDue(tender.lines) : 0,
    basis: owed.order.map((o) => o.fact.id).slice(-50),
    ...(goods.length > 0 && { goods }),
  } satisfies Omit<CollectionRecord, 'id'>;
  const written = session.journal.append(record) as CollectionRecord;
  session.part(onSiteBook).collected(written);
  owedChanged(session);
  let comparison: Response<'onsite.collect'>['comparison'] = null;
  if (request.checkIn) {
    const { state, adults, children, basis } = request.checkIn;
    comparison = recordCheckIn(
      session,
      { reservationId: r.id, date: request.date, state, adults, children, basis },
      now,
    ).comparison;
  }
  claims?.end(r.id);
  return {
    reservation: reservationViewOn(session, r, request.date),
    entryId: written.id,
    comparison,
  };
}
