/**
 * The journal as the renderer lists it: each record of this counter as a JournalEntryView, and
 * each record that could not be read as an 'unreadable' entry saying why and what staff can do.
 */
import { cashEffect, type JournalEntryView } from '../../ipc/contract';
import type { JournalRecord, UnreadableRecord } from '../../local/index';
import { recordsCountingOn } from '../close/day-records';
import { bookingOf } from './refunds-owed';
import type { DeskSession } from '../desk-session';

/** Why an unreadable record cannot be shown, and what staff can do (the renderer translates). */
const PROBLEMS: Record<UnreadableRecord['problem'], string> = {
  corrupt:
    'damaged on disk: the close counts without it; check the day against its slips and record a correction if needed',
  sealed_elsewhere:
    'sealed with another key (the keystore was reset or the folder copied): its amount shows, the guest’s name cannot; the close counts without it',
  unknown_kind:
    'written by a newer version of the app: update this counter to read it; the close counts without it',
};

const EMPTY = {
  tender: [],
  change: 0,
  reservationId: null,
  reservationNumber: null,
  walkInEntryId: null,
  customerName: null,
  items: [],
  discounts: [],
  refersTo: null,
  refundReason: null,
  note: null,
  problem: null,
};

/** Whether this counter closed the record's day. */
export function closedDays(records: readonly JournalRecord[], counterId: string): Set<string> {
  return new Set(
    records
      .filter((r) => r.kind === 'close' && r.counterId === counterId)
      .map((r) => r.businessDate),
  );
}

export function entryView(
  session: DeskSession,
  record: Exclude<JournalRecord, { kind: 'receipt' | 'drawer' }>,
  locked: boolean,
): JournalEntryView {
  const base = {
    ...EMPTY,
    id: record.id,
    at: record.at,
    businessDate: record.businessDate,
    counterId: record.counterId,
    counterName: record.counterName,
    receiptsIssued: session.journal.about(record.id).filter((r) => r.kind === 'receipt').length,
    locked,
    ...(record.staff && { staff: record.staff }),
    ...(record.approvedBy && { approvedBy: record.approvedBy }),
  };
  switch (record.kind) {
    case 'sale': {
      const booking = bookingOf(session, record);
      return {
        ...base,
        kind: 'sale',
        amount: record.total,
        tender: record.tender,
        change: record.change,
        reservationId: booking?.reservationId ?? null,
        reservationNumber: booking?.reservationNumber ?? null,
        walkInEntryId: record.walkInEntryId,
        customerName: record.customerName,
        items: record.items,
        discounts: record.discounts,
        ...(record.priceConfirmed === false && { priceConfirmed: false }),
        ...(record.goods && { goods: record.goods }),
        ...(record.counterDiscounts?.length && {
          counterDiscounts: record.counterDiscounts.map((d, i) => ({
            ...d,
            note: record.discountNotes?.[i] ?? null,
          })),
          servicePrice: record.servicePrice ?? record.total,
        }),
      };
    }
    case 'goods':
      // Counter items sold alone (issue 30): no booking, no guest.
      return {
        ...base,
        kind: 'goods',
        amount: record.total,
        tender: record.tender,
        change: record.change,
        goods: record.goods,
        ...(record.counterDiscounts?.length && {
          counterDiscounts: record.counterDiscounts.map((d, i) => ({
            ...d,
            note: record.discountNotes?.[i] ?? null,
          })),
        }),
      };
    case 'collection': {
      const discount = record.discount?.amount ?? 0;
      return {
        ...base,
        kind: 'collection',
        amount: record.total,
        tender: record.tender,
        change: record.change,
        reservationId: record.reservationId,
        reservationNumber: record.reservationNumber,
        customerName: record.customerName,
        items: record.items,
        ...(record.goods && { goods: record.goods }),
        collection: {
          due: record.due,
          before: record.before,
          discount: record.discount && { ...record.discount, note: record.note },
          stillOwed:
            record.due === null
              ? null
              : Math.max(0, record.due - record.before - record.total - discount),
        },
      };
    }
    case 'refund':
      return {
        ...base,
        kind: 'refund',
        amount: -record.amount,
        tender: record.tender,
        refersTo: record.refersTo,
        refundReason: record.reason,
        note: record.note,
        customerName: saleOf(session, record.refersTo)?.customerName ?? null,
      };
    case 'correction':
      return {
        ...base,
        kind: 'correction',
        amount: record.amount,
        tender: record.tender.map((t) => ({ ...t, amount: Math.abs(t.amount) })),
        refersTo: record.refersTo,
        note: record.note,
      };
    case 'close':
      return { ...base, kind: 'close', amount: 0, note: record.note };
    case 'cash':
      // Not takings: its amount is what it did to the drawer (an exchange nothing, Y11).
      return {
        ...base,
        kind: 'cash',
        amount: cashEffect(record.direction, record.amount),
        note: record.note,
        cash: { direction: record.direction, reason: record.reason, amount: record.amount },
      };
  }
}

/** The money a refund pays back: a walk-in's sale, or a collection of a booking paid on site. */
function saleOf(session: DeskSession, id: string) {
  const record = session.journal.get(id);
  return record?.kind === 'sale' || record?.kind === 'collection' ? record : null;
}

export function unreadableView(u: UnreadableRecord, counterId: string): JournalEntryView {
  return {
    ...EMPTY,
    id: u.id,
    kind: 'unreadable',
    at: 0,
    businessDate: u.businessDate ?? '1970-01-01',
    counterId,
    counterName: '',
    amount: u.kind === 'refund' ? -(u.amount ?? 0) : (u.amount ?? 0),
    receiptsIssued: 0,
    locked: true,
    problem: `${u.problem}: ${PROBLEMS[u.problem]}`,
  };
}

/**
 * This counter's records that count on a day, oldest first, then the ones that could not be read:
 * the day's list is the day's figures (Z2, Z10) — a correction an older version dated a closed day
 * after its close is listed on the day it counts on, as the close counts it.
 */
export function dayView(session: DeskSession, businessDate: string) {
  const { id: counterId } = session.counter();
  const day = session.journal.day(businessDate);
  const counted = recordsCountingOn(session.journal, counterId, businessDate, session.timeZone);
  const closed = counted.close !== null;
  const entries = counted.records.flatMap((r) =>
    r.kind === 'receipt' || r.kind === 'drawer' ? [] : [entryView(session, r, closed)],
  );
  return {
    businessDate,
    entries: [...entries, ...day.unreadable.map((u) => unreadableView(u, counterId))],
    closed,
  };
}
