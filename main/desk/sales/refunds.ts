/**
 * Money paid back and corrections: a refund for a sale (owed, or decided by staff; never more
 * than is left of what was taken), the refund paid with a cancel made here, and a correction of
 * any record (a closed day stays locked: the correction counts on the day it is made, Z10).
 */
import {
  lineProblems,
  partProblems,
  paymentLine,
  refundProblems,
  tenderTotal,
  type MoneyProblem,
} from '../../common';
import type { RefundPaid, RefundReason, Request } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import {
  isMoneyTaken,
  type JournalRecord,
  type MoneyTaken,
  type NewRecord,
} from '../../local/index';
import { moneyDayOf } from './money-day';
import { bookingOf, markCancelledHere, owedChanged } from './refunds-owed';
import type { DeskSession } from '../desk-session';
import { onSiteBook } from '../onsite/book';

const nowOf = (session: DeskSession) => session.now();

const invalid = (message: string, problems: MoneyProblem[]) =>
  new DeskError('INVALID_INPUT', message, problems);

/**
 * Append as this counter on the business day money made now counts on: today, or after this
 * counter's close of today the next day (Z10) — never refused, never on a closed day.
 */
function appendToday(session: DeskSession, record: Record<string, unknown>): JournalRecord {
  const at = nowOf(session);
  const { id: counterId, name: counterName } = session.counter();
  const full = session.journal.append({
    ...record,
    at,
    businessDate: moneyDayOf(session, at).businessDate,
    counterId,
    counterName,
  } as NewRecord);
  owedChanged(session);
  return full;
}

/** The money a refund pays back: a walk-in's sale, or a collection of a booking paid on site. */
function requireSale(session: DeskSession, saleId: string): MoneyTaken {
  const sale = session.journal.get(saleId);
  if (!sale || !isMoneyTaken(sale))
    throw new DeskError('NOT_FOUND', 'no such sale in this journal');
  return sale;
}

/** What has been refunded of a sale so far. */
export const refundedOf = (session: DeskSession, saleId: string) =>
  session.journal.about(saleId).reduce((sum, r) => sum + (r.kind === 'refund' ? r.amount : 0), 0);

/** The checks of a refund of `sale`, before anything is paid or cancelled. */
function checkRefund(
  session: DeskSession,
  sale: MoneyTaken,
  paid: RefundPaid,
  reason: RefundReason,
) {
  const problems = refundProblems(paid.lines, sale.total, refundedOf(session, sale.id));
  if (reason === 'other' && !paid.note)
    problems.push({ field: 'paid.note', code: 'NOTE_REQUIRED', reason: 'say why' });
  if (problems.length) throw invalid('the refund cannot be recorded', problems);
}

/** A refund paid out for a sale: it settles what was owed for it. */
export function recordRefund(
  session: DeskSession,
  request: Request<'refund.record'>,
): JournalRecord {
  const sale = requireSale(session, request.saleId);
  const paid = { lines: request.paid.lines, note: request.paid.note ?? null } as RefundPaid;
  checkRefund(session, sale, paid, request.reason);
  const refund = appendToday(session, {
    kind: 'refund',
    refersTo: sale.id,
    reason: request.reason,
    amount: tenderTotal(paid.lines),
    tender: paid.lines,
    note: paid.note,
  });
  // Money of a booking paid on site paid back: the shop's other counters see it owed again.
  session.part(onSiteBook).refunded(refund);
  return refund;
}

/**
 * The money this counter took for a reservation, if any: its walk-in's sale, or the latest
 * collection (of a booking paid on site) not paid back in full.
 */
export function saleForReservation(session: DeskSession, reservationId: string): MoneyTaken | null {
  const sale = session.journal
    .range('0000-01-01', '9999-12-31')
    .records.find(
      (r) => r.kind === 'sale' && bookingOf(session, r)?.reservationId === reservationId,
    );
  if (sale && isMoneyTaken(sale)) return sale;
  const collections = session.part(onSiteBook).ownOf(reservationId);
  return (
    [...collections].reverse().find((c) => refundedOf(session, c.id) < c.total) ??
    collections.at(-1) ??
    null
  );
}

/**
 * Before a cancel here: the refund it pays (if any) is checked against the sale, so nothing is
 * cancelled with a refund that cannot be recorded. Returns what to do once cancelled.
 */
export function refundWithCancel(
  session: DeskSession,
  reservationId: string,
  paid: RefundPaid | null,
): (cancelled: { refund: number }) => string | null {
  const sale = saleForReservation(session, reservationId);
  if (paid) {
    if (sale) checkRefund(session, sale, paid, 'cancelled_here');
    else {
      const problems = lineProblems(paid.lines, 'refund');
      if (problems.length) throw invalid('the refund cannot be recorded', problems);
    }
  }
  return ({ refund }) => {
    if (!paid) {
      // Cancelled here, money taken here, nothing paid back yet: owed until it is.
      if (sale && refundedOf(session, sale.id) === 0) markCancelledHere(session, sale, refund);
      return null;
    }
    // A refund for a reservation this counter did not sell names the reservation (J8).
    const record = appendToday(session, {
      kind: 'refund',
      refersTo: sale?.id ?? reservationId,
      reason: 'cancelled_here',
      amount: tenderTotal(paid.lines),
      tender: paid.lines,
      note: paid.note ?? null,
    });
    session.part(onSiteBook).refunded(record);
    return record.id;
  };
}

/**
 * A correction of a record: a new one naming it, on the day it is made — after this counter's
 * close of today, the next day (Z2, Z10): a closed day stays as it was, in its figures and its list.
 */
export function correct(session: DeskSession, request: Request<'journal.correct'>): JournalRecord {
  const target = session.journal.get(request.entryId);
  if (!target) throw new DeskError('NOT_FOUND', 'no such entry in this journal');
  // What the method takes of the request's parts (received never: a correction moves takings,
  // not what was handed over), and what it requires (a QR line's brand).
  const tender = request.tender.map((t) =>
    paymentLine(t.method, t.amount, { ...t, received: null }),
  );
  const problems = tender.flatMap((t, i) => partProblems(t, `tender.${i}`));
  if (tender.length === 2 && tender[0]!.method === tender[1]!.method)
    problems.push({ field: 'tender', code: 'SPLIT_SAME_METHOD', reason: 'two different methods' });
  if (problems.length) throw invalid('the correction cannot be recorded', problems);
  return appendToday(session, {
    kind: 'correction',
    refersTo: target.id,
    amount: tender.reduce((sum, t) => sum + t.amount, 0),
    tender,
    note: request.note,
  });
}
