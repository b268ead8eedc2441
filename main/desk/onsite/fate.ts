/**
 * What of this counter's collection of a booking paid on site is owed back now (decisions I6,
 * I8): the booking was cancelled or declined (the service never refunds `on_site`: the counter
 * does, less the fee the service says the shop keeps), more was taken than it owes — beside
 * another counter's collection it did not know of, or since the service lowered the amount.
 * Null while it holds, or while the booking is not in the cache any more (nothing new is learnt).
 */
import type { RefundReason } from '../../ipc/contract';
import type { CollectionRecord } from '../../local/index';
import { findReservation } from '../day/day';
import { owedNow } from './view';
import type { DeskSession } from '../desk-session';

export function collectionFate(
  session: DeskSession,
  collection: CollectionRecord,
): { reason: RefundReason; amount: number } | null {
  const date = collection.items[0]?.date ?? collection.businessDate;
  const r = findReservation(session, collection.reservationId, date);
  if (!r) return null;
  const checkIn = session.local.cache.checkInOf(date, r.id);
  const { owed } = owedNow(session, r, date, checkIn);
  const mine = owed.order.find((o) => o.fact.id === collection.id);
  if (!mine?.why || mine.owedBack <= 0) return null;
  const reason: RefundReason =
    mine.why === 'cancelled'
      ? String(r.status) === 'rejected'
        ? 'booking_refused'
        : 'cancelled_elsewhere'
      : mine.why;
  return { reason, amount: mine.owedBack };
}
