/**
 * The business day money recorded now counts on (Z10): today, or — once this counter has
 * closed today — the next day this counter has not closed. Money is never refused for a close: a
 * sale, refund, correction or cash movement after it is the next business day's, and the screens
 * say so before it happens (`money.day`).
 */
import { DateTime } from 'luxon';
import type { JournalRecord } from '../../local/index';
import { todayIn } from '../day/day';
import type { DeskSession } from '../desk-session';

export interface MoneyDay {
  /** The business day a record made now is written on and counts on. */
  businessDate: string;
  /** This counter closed today already: the record goes on `businessDate`, the next day. */
  afterClose: boolean;
  /** Today in the store's time. */
  today: string;
}

const nextDay = (date: string) =>
  DateTime.fromISO(date, { zone: 'utc' }).plus({ days: 1 }).toISODate()!;

const closedBy = (records: readonly JournalRecord[], counterId: string, date: string) =>
  records.some((r) => r.kind === 'close' && r.counterId === counterId && r.businessDate === date);

export function moneyDayOf(session: DeskSession, now: number): MoneyDay {
  const today = todayIn(session.timeZone, now);
  const counterId = session.counter().id;
  let businessDate = today;
  // A close is of a day begun (CLOSE_FUTURE_DAY), so one step is the rule; the bound is a guard.
  for (
    let i = 0;
    i < 7 && closedBy(session.journal.day(businessDate).records, counterId, businessDate);
    i++
  )
    businessDate = nextDay(businessDate);
  return { businessDate, afterClose: businessDate !== today, today };
}
