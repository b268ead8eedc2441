/**
 * Refunds owed: a sale this counter took money for whose booking did not hold — its walk-in was
 * refused (or discarded, or never queued), its reservation was rejected, or cancelled (elsewhere,
 * or here without a refund paid) — and no refund is recorded for it yet; likewise money taken for
 * a booking paid on site that was cancelled, or taken twice (issue 27, `onsite/fate.ts`). Each is owed loudly
 * until `refund.record`. Once seen, it is marked in its own small file (no personal data), so it
 * stays owed after the outbox and the cache have let the evidence go (decision J7).
 */
import { z } from 'zod';
import { Amount, itemsTotal, RefundReason } from '../../common';
import type { RefundOwed } from '../../ipc/contract';
import { isMoneyTaken, type MoneyTaken, type SaleRecord } from '../../local/index';
import { findReservation } from '../day/day';
import { collectionFate } from '../onsite/fate';
import { bookingPart } from './discounts';
import type { DeskSession, SessionPart } from '../desk-session';
import { definePart } from '../parts';
import { onSiteBook } from '../onsite/book';

const MARKS = 'sales/owed';
const DAY_MS = 86_400_000;

const OwedMark = z.object({
  saleId: z.string(),
  reason: RefundReason,
  /** When it was first seen owed (this counter's clock). */
  since: z.number(),
  amount: Amount,
  reservationId: z.string().nullable(),
  reservationNumber: z.string().nullable(),
});
type OwedMark = z.infer<typeof OwedMark>;

/** A sale's booking as far as this counter knows it. */
interface Booking {
  reservationId: string;
  reservationNumber: string | null;
}

/** Per session: bookings learnt (they never change) and the last list (valid a moment). */
interface Memo {
  bookings: Map<string, Booking>;
  /** With the on-site payments' moves it saw (`OnSiteBook.moves`): another counter's collection. */
  last: { at: number; onsite: number; items: RefundOwed[] } | null;
}
const memos: SessionPart<Memo> = definePart('sales.refunds-owed', () => ({
  bookings: new Map(),
  last: null,
}));
const FRESH_MS = 1_000;

function memoOf(session: Pick<DeskSession, 'part'>): Memo {
  return session.part(memos);
}

/** The journal changed (a sale, a refund): the next look counts again. */
export function owedChanged(session: DeskSession): void {
  memoOf(session).last = null;
}

/** The reservation a sale booked (the outbox entry's booking, learnt once), or a collection's. */
export function bookingOf(session: DeskSession, sale: MoneyTaken): Booking | null {
  // Counter items sold alone book nothing (issue 30).
  if (sale.kind === 'goods') return null;
  if (sale.kind === 'collection' || sale.reservationId)
    return { reservationId: sale.reservationId ?? '', reservationNumber: sale.reservationNumber };
  const memo = memoOf(session);
  const known = memo.bookings.get(sale.id);
  if (known) return known;
  const booked = session.outbox.get(sale.walkInEntryId)?.booked;
  if (!booked) return null;
  const booking = {
    reservationId: booked.reservationId,
    reservationNumber: booked.reservationNumber,
  };
  memo.bookings.set(sale.id, booking);
  return booking;
}

const refunded = (session: DeskSession, saleId: string) =>
  session.journal.about(saleId).some((r) => r.kind === 'refund');

/** Why a sale's money is owed back now, or null while its booking holds (or nothing is known). */
function fateOf(
  session: DeskSession,
  sale: SaleRecord,
  entries: Map<string, string>,
): Omit<OwedMark, 'saleId' | 'since'> | null {
  const state = entries.get(sale.walkInEntryId);
  // The booking's money only: counter items sold with it were handed over (issue 30, J21, I15).
  const booked = bookingPart(sale);
  const owed = (reason: RefundReason, amount = booked, booking: Booking | null = null) => ({
    reason,
    amount: Math.min(amount, booked),
    reservationId: booking?.reservationId ?? null,
    reservationNumber: booking?.reservationNumber ?? null,
  });
  if (state === 'refused' || state === 'discarded') return owed('booking_refused');
  const booking = state === 'booked' || sale.reservationId ? bookingOf(session, sale) : null;
  if (!booking) {
    // No entry, yet the outbox keeps every entry longer than this: it was never queued.
    const kept = session.local.cache.retentionDays * DAY_MS;
    return state === undefined && session.now() - sale.at < kept ? owed('booking_refused') : null;
  }
  const date = sale.items[0]?.date;
  const reservation = date ? findReservation(session, booking.reservationId, date) : null;
  if (reservation?.status === 'rejected') return owed('booking_refused', booked, booking);
  if (reservation?.status !== 'cancelled') return null;
  const refund = reservation.cancellation?.refundAmount;
  return owed('cancelled_elsewhere', typeof refund === 'number' ? refund : booked, booking);
}

/** A collection's fate as a mark says it (decisions I6, I8). */
function collectionOwed(
  session: DeskSession,
  collection: Extract<MoneyTaken, { kind: 'collection' }>,
): Omit<OwedMark, 'saleId' | 'since'> | null {
  const fate = collectionFate(session, collection);
  return (
    fate && {
      ...fate,
      amount: Math.min(fate.amount, collection.total - itemsTotal(collection.goods ?? [])),
      reservationId: collection.reservationId,
      reservationNumber: collection.reservationNumber,
    }
  );
}

function writeMark(session: DeskSession, mark: OwedMark): void {
  session.local.files.write(MARKS, mark.saleId, mark);
}

/**
 * This sale is owed back because it was cancelled here without a refund paid (the cancel
 * answered; staff pay later).
 */
export function markCancelledHere(session: DeskSession, sale: MoneyTaken, amount: number): void {
  const booking = bookingOf(session, sale);
  writeMark(session, {
    saleId: sale.id,
    reason: 'cancelled_here',
    since: session.now(),
    amount: Math.min(amount, sale.total),
    reservationId: booking?.reservationId ?? null,
    reservationNumber: booking?.reservationNumber ?? null,
  });
  owedChanged(session);
}

function view(sale: MoneyTaken, mark: OwedMark): RefundOwed {
  const item = sale.kind === 'goods' ? undefined : sale.items[0];
  const goods = sale.kind === 'goods' ? sale.goods.map((g) => g.name.ja).join(' / ') : '';
  return {
    saleId: sale.id,
    reason: mark.reason,
    amount: mark.amount,
    tender: sale.tender,
    customerName: sale.kind === 'goods' ? null : sale.customerName,
    reservationId: mark.reservationId,
    reservationNumber: mark.reservationNumber,
    since: mark.since,
    summary: item ? `${item.productName} ${item.date} ${item.startTime}` : goods,
  };
}

/**
 * The money this counter took whose fate it may still learn: the sales and the collections of
 * bookings paid on site that the cache and the outbox cover.
 */
function recentSales(session: DeskSession): MoneyTaken[] {
  const from = new Date(session.now() - session.local.cache.retentionDays * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return session.journal.range(from, '9999-12-31').records.filter(isMoneyTaken);
}

/**
 * Every refund owed now, oldest first. The status asks often: a list of the last moment does
 * (`fresh` when staff asked for the list itself).
 */
export function refundsOwed(session: DeskSession, fresh = false): RefundOwed[] {
  const memo = memoOf(session);
  const now = session.now();
  const onsite = session.part(onSiteBook).moves();
  if (!fresh && memo.last && now - memo.last.at < FRESH_MS && memo.last.onsite === onsite)
    return memo.last.items;
  const { files } = session.local;
  const marks = new Map(
    files.list(MARKS).flatMap((name) => {
      const mark = files.read(MARKS, name, OwedMark);
      return mark ? [[mark.saleId, mark] as const] : [];
    }),
  );
  const entries = new Map(session.outbox.states().map((e) => [e.id, e.state as string]));
  const items: RefundOwed[] = [];
  const sales = new Map(recentSales(session).map((s) => [s.id, s]));
  for (const id of marks.keys()) {
    const sale = session.journal.get(id);
    if (sale && isMoneyTaken(sale)) sales.set(id, sale);
  }
  for (const sale of sales.values()) {
    if (refunded(session, sale.id)) continue;
    let mark = marks.get(sale.id);
    if (!mark) {
      // Items sold alone are owed back only when staff say so, by hand (refund.record).
      if (sale.kind === 'goods') continue;
      const fate =
        sale.kind === 'sale' ? fateOf(session, sale, entries) : collectionOwed(session, sale);
      if (!fate) continue;
      mark = { saleId: sale.id, since: now, ...fate };
      writeMark(session, mark);
    }
    items.push(view(sale, mark));
  }
  items.sort((a, b) => a.since - b.since);
  memo.last = { at: now, onsite, items };
  return items;
}

/** Whether a record must outlive retention: a sale still owed back. */
export function stillOwed(session: DeskSession): (record: { id: string }) => boolean {
  const owed = new Set(refundsOwed(session).map((o) => o.saleId));
  return (record) => owed.has(record.id);
}
