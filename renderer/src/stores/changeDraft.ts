/**
 * A change of booking as staff enter it, turned into what the desk is asked: pure helpers of the
 * change store. The answers carried over come as inputs (numbers as numbers); the form holds text.
 */
import {
  brandPaidBy,
  FIRST_METHOD,
  needsBrand,
  type ChangeAsk,
  type ChangeKind,
  type ChangeMoney,
  type ChangeQuote,
  type ChangeStart,
  type ReservationView,
  type TenderMethod,
} from '../../../main/ipc/contract';
import { participantsOf, type Answers } from './walkinDraft';

export interface ChangeTarget {
  date: string;
  startTime: string;
  adults: number;
  children: number;
}

/** The answers as the form holds them: every value as text or a list of texts. */
export function answersOf(carried: ChangeStart['carried']): Answers {
  const out: Answers = {};
  for (const p of carried) {
    out[p.participantNumber] = Object.fromEntries(
      Object.entries(p.fieldValues).map(([id, v]) => [id, Array.isArray(v) ? v : String(v)]),
    );
  }
  return out;
}

/** More people in the same slot, none fewer: the extra ones may be booked on their own. */
export function extraAllowed(r: ReservationView, to: ChangeTarget): boolean {
  return (
    to.date === r.date &&
    to.startTime === r.startTime &&
    to.adults >= r.adults &&
    to.children >= r.children &&
    to.adults + to.children > r.adults + r.children
  );
}

/** Fewer people than booked (the service cannot reduce a booking: it is replaced). */
export function fewer(r: ReservationView, to: ChangeTarget): boolean {
  return to.adults + to.children < r.adults + r.children;
}

/** Nothing differs from the booking as it is. */
export function unchanged(r: ReservationView, to: ChangeTarget): boolean {
  return (
    to.date === r.date &&
    to.startTime === r.startTime &&
    to.adults === r.adults &&
    to.children === r.children
  );
}

/** The headcount of the new booking: the whole party, or the extra people alone. */
export function newHeadcount(r: ReservationView, to: ChangeTarget, kind: ChangeKind): number {
  return kind === 'extra'
    ? to.adults + to.children - r.adults - r.children
    : to.adults + to.children;
}

/** What the desk is asked for the change as it stands. */
export function askOf(s: {
  reservation: ReservationView | null;
  start: ChangeStart | null;
  to: ChangeTarget | null;
  kind: ChangeKind;
  reason: ChangeAsk['reason'];
  sendCancellationEmail: boolean;
  answers: Answers;
  extraAnswers: Answers;
}): ChangeAsk | null {
  const { reservation: r, start, to } = s;
  if (!r || !start || !to) return null;
  const headcount = newHeadcount(r, to, s.kind);
  return {
    reservationId: r.id,
    date: r.date,
    kind: s.kind,
    to,
    reason: s.reason,
    sendCancellationEmail: s.sendCancellationEmail,
    participants: participantsOf(
      start.form,
      headcount,
      s.kind === 'extra' ? s.extraAnswers : s.answers,
    ),
  };
}

/** Whether the confirm may be pressed: a quote that fits, with nothing to fix. */
export function ready(q: ChangeQuote | null): boolean {
  return (
    q !== null &&
    q.fit.fits !== 'no' &&
    q.problems.length === 0 &&
    q.price !== null &&
    (q.kind === 'extra' || q.preview?.cancellable === true)
  );
}

/** How a difference is handed back: a method, and its brand where it takes one. */
export interface HandBack {
  method: TenderMethod;
  brand: string | null;
}

/** The difference goes back to the guest now (a pending booking's waits for its approval). */
export function handsBack(q: ChangeQuote, goAheadPending: boolean): boolean {
  return q.money.difference < 0 && (!q.manual || goAheadPending);
}

/** The hand-back by `method`, with the brand the old sale was paid by with it. */
export function handBackBy(money: ChangeMoney, method: TenderMethod): HandBack {
  return { method, brand: brandPaidBy(money.saleTender, method) };
}

/** The hand-back staff chose, else as the old sale was paid (its method and brand). */
export function handBackOf(chosen: HandBack | null, money: ChangeMoney): HandBack {
  return chosen ?? handBackBy(money, money.creditMethod ?? FIRST_METHOD);
}

/** A hand-back by a method that needs its brand (QR / e-money), without one (decision J14). */
export function brandMissing(h: HandBack): boolean {
  return needsBrand(h.method) && !h.brand;
}
