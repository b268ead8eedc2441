/** A change as staff see it: its record, the customer's name from the cache, whether it is loud. */
import type { ChangeView } from '../../ipc/contract';
import type { ChangeRecord, UnreadableChange } from '../../local/index';
import { findReservation } from '../day/day';
import { customerName } from '../views';
import type { DeskSession } from '../desk-session';

/** Waiting for staff: the old booking still active beside the new one, nothing by itself. */
function loud(r: ChangeRecord): boolean {
  if (r.state === 'to_cancel' || r.state === 'cancelling') return true;
  // A new booking the outbox holds for staff (an answer not understood, unreadable).
  return r.state === 'create_queued' && r.failure !== null && !r.failure.retrying;
}

export function changeView(session: DeskSession, r: ChangeRecord): ChangeView {
  const old = findReservation(session, r.old.reservationId, r.old.date);
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    productId: r.productId,
    productName: r.productName,
    customerName: old ? customerName(old) || null : null,
    old: { ...r.old, status: old ? String(old.status) : null },
    next: r.next,
    reason: r.cancel?.reason ?? null,
    failure: r.failure,
    attempts: r.attempts,
    ...(r.staff && { staffName: r.staff.name }),
    money: {
      currency: r.money.currency,
      newTotal: r.money.newTotal,
      credit: r.money.credit,
      difference: r.money.difference,
      settled: r.money.settled,
      saleId: r.money.saleId,
      refundEntryId: r.money.refundEntryId,
    },
    needsStaff: loud(r),
  };
}

/** A record that cannot be read: what is left of it, loud until staff settle it. */
export function unreadableView(u: UnreadableChange): ChangeView {
  const p = u.partial;
  return {
    id: u.id,
    kind: p?.kind ?? 'change',
    state: 'unreadable',
    createdAt: p?.createdAt ?? u.since,
    updatedAt: u.since,
    productId: p?.productId ?? null,
    productName: p?.productName ?? null,
    customerName: null,
    old: p ? { ...p.old, status: null } : null,
    next: p?.next ?? null,
    reason: p?.cancel?.reason ?? null,
    failure: {
      code: u.reason === 'damaged' ? 'CHANGE_DAMAGED' : 'CHANGE_SET_ASIDE',
      message: `the record of this change cannot be read (${u.file})`,
      retrying: false,
    },
    attempts: p?.attempts ?? 0,
    money: {
      currency: p?.money.currency ?? '',
      newTotal: p?.money.newTotal ?? null,
      credit: p?.money.credit ?? 0,
      difference: p?.money.difference ?? 0,
      settled: p?.money.settled ?? false,
      saleId: p?.money.saleId ?? null,
      refundEntryId: p?.money.refundEntryId ?? null,
    },
    needsStaff: true,
  };
}
