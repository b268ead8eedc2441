/** The office's today and the periods around a day, in the stores' time zone. */
import { DateTime } from 'luxon';
import type { PeriodUnit } from '../protocol/web';

export function today(now: number, timeZone: string): string {
  return DateTime.fromMillis(now, { zone: timeZone }).toISODate()!;
}

export function dayBefore(date: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).minus({ days: 1 }).toISODate()!;
}

/** The period `unit` that holds `date` (a week from Monday), and the one before it. */
export function periodOf(unit: PeriodUnit, date: string) {
  const day = DateTime.fromISO(date, { zone: 'utc' });
  const start = unit === 'day' ? day : day.startOf(unit === 'week' ? 'week' : 'month');
  const end = unit === 'day' ? day : start.endOf(unit === 'week' ? 'week' : 'month');
  const step = unit === 'day' ? { days: 1 } : unit === 'week' ? { weeks: 1 } : { months: 1 };
  const previousStart = start.minus(step);
  const previousEnd = unit === 'month' ? previousStart.endOf('month') : end.minus(step);
  const iso = (d: DateTime) => d.toISODate()!;
  return {
    current: { from: iso(start), to: iso(end) },
    previous: { from: iso(previousStart), to: iso(previousEnd) },
  };
}

/** Every day from `from` to `to`, in order. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let d = DateTime.fromISO(from, { zone: 'utc' });
  const last = DateTime.fromISO(to, { zone: 'utc' });
  while (d <= last && out.length < 400) {
    out.push(d.toISODate()!);
    d = d.plus({ days: 1 });
  }
  return out;
}
