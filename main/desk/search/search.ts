/** Search at the counter: a scanned number first, then names, phones and e-mails nearby in time. */
import { DateTime } from 'luxon';
import type { ReservationView, Response } from '../../ipc/contract';
import { reservationViewOn, todayIn, viewsOn } from '../day/day';
import type { Session } from '../session';
import { digitsOnly, matches, queryKind } from './match';

/** Dates searched besides the one asked: recent and upcoming days, where parties come from. */
const SEARCH_BACK_DAYS = 3;
const SEARCH_AHEAD_DAYS = 30;

export function search(
  session: Session,
  text: string,
  date: string | null,
  now = Date.now(),
): Response<'search.find'> {
  const query = text.trim();
  if (!query) return { exact: null, results: [] };
  const today = todayIn(session.timeZone, now);
  if (queryKind(query) === 'number') {
    const found = session.local.cache.findByNumber(digitsOnly(query));
    if (found) {
      const on = found.items.find((i) => i.date === (date ?? today))?.date ?? found.items[0]!.date;
      return { exact: reservationViewOn(session, found, on), results: [] };
    }
  }
  const start = DateTime.fromISO(today).minus({ days: SEARCH_BACK_DAYS });
  const dates = new Set<string>(date ? [date] : []);
  for (let d = 0; d <= SEARCH_BACK_DAYS + SEARCH_AHEAD_DAYS; d++)
    dates.add(start.plus({ days: d }).toISODate()!);
  const results: ReservationView[] = [];
  for (const d of dates) {
    for (const v of viewsOn(session, d)) if (matches(v, query)) results.push(v);
    if (results.length >= 50) break;
  }
  return { exact: null, results: results.slice(0, 50) };
}
