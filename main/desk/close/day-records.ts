/**
 * What a counter's close of a day reads: the journal records that count on the day (decision Z2:
 * a correction made after its day's close counts on the day it was made) and the day's check-ins
 * from the local cache (decision Z4).
 */
import { DateTime } from 'luxon';
import type { LocalCache, Journal, CloseRecord, JournalRecord } from '../../local/index';
import { ACTIVE_STATUSES } from '../views';
import type { CheckInTally } from './figures';

/** How far back a correction made after an earlier day's close is looked for (days). */
export const LATE_CORRECTION_DAYS = 31;

export interface CountedDay {
  records: JournalRecord[];
  unreadable: number;
  /** This counter's close of the day, if done. */
  close: CloseRecord | null;
}

function plusDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;
}

function closesOf(records: readonly JournalRecord[], counterId: string): Map<string, CloseRecord> {
  const closes = new Map<string, CloseRecord>();
  for (const r of records)
    if (r.kind === 'close' && r.counterId === counterId && !closes.has(r.businessDate))
      closes.set(r.businessDate, r);
  return closes;
}

/**
 * The business day a record counts on: its own, except a correction made after its day was closed
 * here, which counts on the store-local day it was made (at the earliest the day after the
 * closed one): a closed day's figures never change.
 */
export function countDayOf(
  record: JournalRecord,
  closes: ReadonlyMap<string, CloseRecord>,
  timeZone: string,
): string {
  const close = closes.get(record.businessDate);
  if (record.kind !== 'correction' || !close || record.at <= close.at) return record.businessDate;
  const made = DateTime.fromMillis(record.at, { zone: timeZone }).toISODate()!;
  const next = plusDays(record.businessDate, 1);
  return made > next ? made : next;
}

/**
 * The day each of `records` counts on (`countDayOf`), with each counter's closes among them: the
 * journal CSV dates a record as the close and the journal's list count it.
 */
export function countingDays(
  records: readonly JournalRecord[],
  timeZone: string,
): (record: JournalRecord) => string {
  const closes = new Map<string, Map<string, CloseRecord>>();
  for (const r of records) {
    if (r.kind !== 'close') continue;
    const own = closes.get(r.counterId) ?? new Map<string, CloseRecord>();
    if (!own.has(r.businessDate)) own.set(r.businessDate, r);
    closes.set(r.counterId, own);
  }
  return (r) => countDayOf(r, closes.get(r.counterId) ?? new Map(), timeZone);
}

/** This counter's records that count on `date`, its close of it, and the day's unreadable ones. */
export function recordsCountingOn(
  journal: Journal,
  counterId: string,
  date: string,
  timeZone: string,
): CountedDay {
  const day = journal.day(date);
  const own = day.records.filter((r) => r.counterId === counterId);
  const closes = closesOf(own, counterId);
  const records = own.filter((r) => countDayOf(r, closes, timeZone) === date);
  // Corrections dated an earlier closed day, made after its close, may count on this one.
  const earlier = journal
    .range(plusDays(date, -LATE_CORRECTION_DAYS), plusDays(date, -1))
    .records.filter((r) => r.counterId === counterId);
  const earlierCloses = closesOf(earlier, counterId);
  for (const r of earlier)
    if (r.kind === 'correction' && countDayOf(r, earlierCloses, timeZone) === date) records.push(r);
  records.sort((a, b) => a.at - b.at);
  return { records, unreadable: day.unreadable.length, close: closes.get(date) ?? null };
}

/**
 * The day's parties from the cache: every active reservation with an item on the date is one
 * party expected; arrived (or partly) is arrived; a no-show is one marked so, or one not checked
 * in once its slot has ended (its start time when the end is not known) in the store's time.
 */
export function checkInTally(
  cache: LocalCache,
  date: string,
  timeZone: string,
  now: number,
): CheckInTally {
  const clock = DateTime.fromMillis(now, { zone: timeZone });
  const today = clock.toISODate()!;
  const time = clock.toFormat('HH:mm');
  const checkIns = cache.checkInsOn(date);
  const tally: CheckInTally = { expected: 0, arrived: 0, noShows: 0 };
  for (const r of cache.reservationsOn(date).reservations) {
    if (!ACTIVE_STATUSES.has(String(r.status))) continue;
    const items = r.items.filter((i) => i.date === date);
    if (!items.length) continue;
    tally.expected += 1;
    const state = checkIns.get(r.id)?.current?.state ?? null;
    if (state === 'arrived' || state === 'partial') tally.arrived += 1;
    else if (state === 'no_show') tally.noShows += 1;
    else {
      const ends = items.map((i) => (typeof i.endTime === 'string' ? i.endTime : i.startTime));
      const end = ends.sort().at(-1)!;
      if (date < today || (date === today && end <= time)) tally.noShows += 1;
    }
  }
  return tally;
}
