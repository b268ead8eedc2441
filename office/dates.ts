import { BusinessDate } from './protocol/wire';

/** YYYY-MM-DD that is a day of the calendar (the wire's pattern also lets 2026-02-30 through). */
export function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** A business day in a query: a real one, so the database's date cast never fails. */
export const Day = BusinessDate.refine(isCalendarDate, 'not a day of the calendar');
