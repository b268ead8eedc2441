/**
 * How a booking is paid as the counter shows it (issue 27): the reservation screen, the day view
 * and the manifest read it from here. What a booking owes is the service's cancel-preview
 * (`totalAmount`, spec §2.10) for the booking as it is now; until that is known (or offline with
 * none kept) the booking record's own `totalAmount` (decision 1, not in the spec); a preview kept
 * for an older version of the booking only when the record says nothing (decision I2).
 */
import type { Reservation } from '../../api/client';
import type { CollectionView, PaymentState, PaymentView } from '../../ipc/contract';
import { paidHowOf, type CheckInRecord, type Due } from '../../local/index';
import { ACTIVE_STATUSES } from '../views';
import { owedOf, type BookingFate, type Owed } from './owed';
import type { DeskSession } from '../desk-session';
import { onSiteBook } from './book';

export interface DueNow {
  amount: number | null;
  from: 'service' | 'record' | null;
  /** The record's own total when the service says another amount. */
  recordTotal: number | null;
  /** The service's word is for this version of the booking. */
  fresh: boolean;
  /** The service says it was paid to it online (a card on the booking site). */
  online: boolean;
}

const recordTotalOf = (r: Reservation) =>
  typeof r.totalAmount === 'number' ? r.totalAmount : null;

/** What the booking owes in all now, and where that comes from (decision I2). */
export function dueNow(due: Due | null, r: Reservation): DueNow {
  const record = recordTotalOf(r);
  const fresh = due !== null && due.version === r.updatedAt;
  if (due && (fresh || record === null))
    return {
      amount: due.amount,
      from: 'service',
      recordTotal: record !== null && record !== due.amount ? record : null,
      fresh,
      online: !due.merchant,
    };
  return {
    amount: record,
    from: record === null ? null : 'record',
    recordTotal: null,
    fresh,
    online: false,
  };
}

/** What the booking's state means for what it owes: ended (with its fee), or a no-show. */
export function fateOf(r: Reservation, checkIn: CheckInRecord | undefined): BookingFate {
  const fee = r.cancellation?.cancellationFee;
  return {
    ended: !ACTIVE_STATUSES.has(String(r.status)),
    fee: typeof fee === 'number' ? fee : null,
    noShow: checkIn?.current?.state === 'no_show',
  };
}

/** The booking's money as the counter knows it: what it owes and what was taken for it. */
export function owedNow(
  session: DeskSession,
  r: Reservation,
  date: string,
  checkIn: CheckInRecord | undefined,
): { due: DueNow; owed: Owed } {
  const due = dueNow(session.local.dues.get(date, r.id), r);
  const owed = owedOf(due.amount, session.part(onSiteBook).facts(r.id), fateOf(r, checkIn));
  return { due, owed };
}

function stateOf(onSite: PaymentView['onSite'], o: Owed, ended: boolean): PaymentState {
  const taken = o.collected + o.discounts > 0;
  if (o.owedBack > 0) return 'refund_owed';
  if (ended) return 'not_owed';
  if (o.stillOwed === 0) return taken ? 'paid' : 'not_owed';
  if (o.stillOwed === null) return taken ? 'paid' : onSite === 'yes' ? 'to_pay' : 'unknown';
  if (taken) return 'part_paid';
  // The service's amount does not say it is paid here: `external` has a preview like `on_site`.
  return onSite === 'yes' ? 'to_pay' : 'unknown';
}

export function paymentViewOf(
  session: DeskSession,
  r: Reservation,
  date: string,
  checkIn: CheckInRecord | undefined,
): PaymentView {
  const method = typeof r.paymentMethod === 'string' ? r.paymentMethod : '';
  const how = paidHowOf(r.paymentMethod);
  const { due, owed } = owedNow(session, r, date, checkIn);
  const ownId = session.counter().id;
  const collections: CollectionView[] = owed.order.map(({ fact, owedBack }) => ({
    id: fact.id,
    counterName: fact.counterName,
    at: fact.at,
    amount: fact.amount,
    discount: fact.discount,
    methods: fact.methods,
    refunded: fact.refunded,
    mine: fact.counterId === ownId,
    excess: owedBack,
  }));
  const base = {
    method,
    due: due.amount,
    dueFrom: due.from,
    recordTotal: due.recordTotal,
    collected: owed.collected,
    discounts: owed.discounts,
    stillOwed: owed.stillOwed,
    owedBack: owed.owedBack,
    collectedTwice: owed.order.some((o) => o.why === 'collected_twice'),
    collections,
    currency: typeof r.currency === 'string' ? r.currency : session.currency,
  };
  const taken = collections.length > 0;
  if (!taken && (how === 'external' || how === 'card' || how === 'other' || due.online))
    return {
      ...base,
      onSite: 'no',
      state: how === 'external' ? 'paid_outside' : how === 'other' ? 'other' : 'paid_online',
      stillOwed: 0,
    };
  const onSite = how === 'on_site' ? 'yes' : how === 'unknown' ? 'unknown' : 'no';
  return {
    ...base,
    onSite,
    state: stateOf(onSite, owed, !ACTIVE_STATUSES.has(String(r.status))),
  };
}
