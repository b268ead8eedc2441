/**
 * What a product's schedule offers on a date: recurrence, added and suspended dates, the store's
 * regular holidays, booking deadlines. Dates and times are in the store's time zone.
 */
import { DateTime } from 'luxon';
import type { DeadlineRule } from '../../main/api/schemas';
import type { ProductRecord, SlotTime, StoreRecord } from '../model';

export interface ScheduledSlot {
  startTime: string;
  endTime: string;
  capacity: number;
  /** Epoch milliseconds of start and end. */
  startMs: number;
  endMs: number;
}

export function localDateTime(date: string, time: string, zone: string): DateTime {
  return DateTime.fromISO(`${date}T${time}`, { zone });
}

/** Today's date in a time zone at an instant. */
export function localToday(nowMs: number, zone: string): string {
  return DateTime.fromMillis(nowMs, { zone }).toISODate()!;
}

export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days')
      .days,
  );
}

/** Days in a month as YYYY-MM-DD. */
export function datesOfMonth(year: number, month: number): string[] {
  const first = DateTime.fromObject({ year, month, day: 1 }, { zone: 'UTC' });
  return Array.from({ length: first.daysInMonth! }, (_, i) => first.plus({ days: i }).toISODate()!);
}

function isStoreClosed(store: StoreRecord, date: string): boolean {
  const weekday = DateTime.fromISO(date, { zone: 'UTC' }).weekday;
  return store.regularHolidays.includes(weekday) || store.closedDates.includes(date);
}

/**
 * The slot start times the schedule defines for a date, before deadlines and capacity.
 * Added dates count even on holidays; suspended dates remove the whole day.
 */
export function scheduledTimes(
  product: ProductRecord,
  store: StoreRecord,
  date: string,
): SlotTime[] {
  const { schedule } = product;
  if (schedule.suspendedDates.includes(date)) return [];
  const times = new Map<string, SlotTime>();
  const closed = schedule.followsStoreHolidays && isStoreClosed(store, date);
  if (!closed) {
    const weekday = DateTime.fromISO(date, { zone: 'UTC' }).weekday;
    for (const rule of schedule.rules) {
      if (!rule.weekdays.includes(weekday)) continue;
      if (rule.from && date < rule.from) continue;
      if (rule.until && date > rule.until) continue;
      for (const t of rule.times) times.set(t.startTime, t);
    }
  }
  for (const added of schedule.addedDates) {
    if (added.date === date) for (const t of added.times) times.set(t.startTime, t);
  }
  return [...times.values()].sort((a, b) => (a.startTime < b.startTime ? -1 : 1));
}

/** Slots are asked for again and again (every capacity check); time-zone arithmetic is not cheap. */
const slotCache = new WeakMap<ProductRecord, Map<string, ScheduledSlot>>();

export function toSlot(
  product: ProductRecord,
  store: StoreRecord,
  date: string,
  time: SlotTime,
): ScheduledSlot {
  const capacity = time.capacity ?? product.schedule.capacity;
  const key = `${date} ${time.startTime} ${capacity} ${store.timeZone}`;
  let cache = slotCache.get(product);
  if (!cache) slotCache.set(product, (cache = new Map()));
  const known = cache.get(key);
  if (known) return known;
  const start = localDateTime(date, time.startTime, store.timeZone);
  const end = start.plus({ minutes: product.durationMinutes });
  const slot: ScheduledSlot = Object.freeze({
    startTime: time.startTime,
    endTime: end.toFormat('HH:mm'),
    capacity,
    startMs: start.toMillis(),
    endMs: end.toMillis(),
  });
  cache.set(key, slot);
  return slot;
}

function deadlineMs(rule: DeadlineRule, date: string, startTime: string, zone: string): number {
  if ('minutesBefore' in rule) {
    return localDateTime(date, startTime, zone).minus({ minutes: rule.minutesBefore }).toMillis();
  }
  return localDateTime(date, rule.at, zone).minus({ days: rule.daysBefore }).toMillis();
}

/**
 * Until when an API booking of a slot is accepted. Without a rule, until the start. With
 * `ignoredForApi`, deadlines do not apply and a counter may sell a seat until the slot ends.
 */
export function bookableUntil(
  product: ProductRecord,
  store: StoreRecord,
  date: string,
  slot: ScheduledSlot,
): number {
  const deadline = product.bookingDeadline;
  if (deadline.ignoredForApi) return slot.endMs;
  const rule =
    deadline.slotOverrides.find((o) => o.startTime === slot.startTime)?.rule ?? deadline.rule;
  return rule ? deadlineMs(rule, date, slot.startTime, store.timeZone) : slot.startMs;
}
