/**
 * A posting: one dated item of an indexed record, as one number that sorts as the answers rank —
 * by the item's day, then its start time — and says which item of which record it is:
 *
 *   (day × 1440 + start minutes) × 2²⁷ + item index × 2²¹ + slot
 *
 * exact in a double (under 2⁵³). Postings lists are plain arrays of these (8 bytes each, no
 * object per posting), and a list sorted once is in date order: a query walks it from today.
 * Limits: 2²¹ slots (two million records), items 0–63 of a record (a record with more is found by
 * its first 64), days from 1970 to 2097 (earlier or later dates rank at those ends).
 */
const SLOTS = 2 ** 21;
const ITEMS = 64;
const KEY_UNIT = SLOTS * ITEMS;
const MAX_KEY = 2 ** 26 - 1;
const MINUTES = 1440;

export const MAX_SLOTS = SLOTS;
export const MAX_ITEMS = ITEMS;

export function posting(day: number, minutes: number, item: number, slot: number): number {
  const key = Math.min(MAX_KEY, Math.max(0, day * MINUTES + Math.min(MINUTES - 1, minutes)));
  return key * KEY_UNIT + item * SLOTS + slot;
}

/** Exact for any posting (dividing by a power of two is); `%` on doubles costs twice as much. */
export const slotOf = (p: number): number => p - Math.floor(p / SLOTS) * SLOTS;
export const itemOf = (p: number): number => Math.floor(p / SLOTS) % ITEMS;
export const dayOf = (p: number): number => Math.floor(Math.floor(p / KEY_UNIT) / MINUTES);
export const minutesOf = (p: number): number => Math.floor(p / KEY_UNIT) % MINUTES;
/** The first posting a day can have. */
export const dayStart = (day: number): number => Math.max(0, day) * MINUTES * KEY_UNIT;

/** A YYYY-MM-DD date as a day number (days since 1970). */
export function dayNumber(date: string): number {
  return Math.round(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 864e5);
}

/** Dates as written, by day number: every result names its date (a Date per result cost more). */
const dates = new Map<number, string>();

/** A day number as YYYY-MM-DD. */
export function dateOf(day: number): string {
  let date = dates.get(day);
  if (date === undefined) {
    date = new Date(day * 864e5).toISOString().slice(0, 10);
    if (dates.size > 4_000) dates.clear();
    dates.set(day, date);
  }
  return date;
}

/** "HH:MM" as minutes of the day (0 when it is not a time). */
export function startMinutes(time: unknown): number {
  if (typeof time !== 'string') return 0;
  const [h, m] = time.split(':');
  return Math.max(0, (Number(h) || 0) * 60 + (Number(m) || 0));
}
