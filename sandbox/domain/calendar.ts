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

/**
 * Answers kept by their arguments: time-zone arithmetic through luxon costs microseconds a call,
 * and every capacity check, availability answer and scenario compile asks the same few dates and
 * times again (~12 % of a desk test's CPU went here; decision F61). Only for pure functions of
 * their arguments; emptied when full, so that a long-running sandbox does not grow without end.
 */
class Answers<A extends unknown[], T> {
  private readonly kept = new Map<string, T>();
  constructor(private readonly compute: (...args: A) => T) {}

  get(key: string, ...args: A): T {
    let answer = this.kept.get(key);
    if (answer === undefined) {
      answer = this.compute(...args);
      if (this.kept.size >= 50_000) this.kept.clear();
      this.kept.set(key, answer);
    }
    return answer;
  }
}

const localDateTimes = new Answers((date: string, time: string, zone: string): DateTime =>
  DateTime.fromISO(`${date}T${time}`, { zone }),
);

/** A local date and time in a zone (a luxon DateTime: immutable, so one serves every caller). */
export function localDateTime(date: string, time: string, zone: string): DateTime {
  return localDateTimes.get(`${date}T${time} ${zone}`, date, time, zone);
}

/** The last local day asked for in each zone, with the instants it spans. */
const todays = new Map<string, { date: string; from: number; until: number }>();

/** Today's date in a time zone at an instant. */
export function localToday(nowMs: number, zone: string): string {
  const known = todays.get(zone);
  if (known && nowMs >= known.from && nowMs < known.until) return known.date;
  const at = DateTime.fromMillis(nowMs, { zone });
  const date = at.toISODate()!;
  todays.set(zone, {
    date,
    from: at.startOf('day').toMillis(),
    until: at.endOf('day').toMillis() + 1,
  });
  return date;
}

const datesAdded = new Answers((date: string, days: number): string =>
  DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!,
);

export function addDays(date: string, days: number): string {
  return datesAdded.get(`${date} ${days}`, date, days);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
const weekdays = new Answers(
  (date: string): number => DateTime.fromISO(date, { zone: 'UTC' }).weekday,
);

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
  const weekday = weekdays.get(date, date);
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
    const weekday = weekdays.get(date, date);
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

/** Slots are asked for again and again (every capacity check): frozen, shared by every caller. */
const slots = new Answers(
  (date: string, startTime: string, capacity: number, zone: string, minutes: number) => {
    const start = localDateTime(date, startTime, zone);
    const end = start.plus({ minutes });
    return Object.freeze<ScheduledSlot>({
      startTime,
      endTime: end.toFormat('HH:mm'),
      capacity,
      startMs: start.toMillis(),
      endMs: end.toMillis(),
    });
  },
);

export function toSlot(
  product: ProductRecord,
  store: StoreRecord,
  date: string,
  time: SlotTime,
): ScheduledSlot {
  const capacity = time.capacity ?? product.schedule.capacity;
  const { timeZone } = store;
  const minutes = product.durationMinutes;
  const key = `${date} ${time.startTime} ${capacity} ${timeZone} ${minutes}`;
  return slots.get(key, date, time.startTime, capacity, timeZone, minutes);
}

const deadlines = new Answers(
  (rule: DeadlineRule, date: string, startTime: string, zone: string): number =>
    'minutesBefore' in rule
      ? localDateTime(date, startTime, zone).minus({ minutes: rule.minutesBefore }).toMillis()
      : localDateTime(date, rule.at, zone).minus({ days: rule.daysBefore }).toMillis(),
);

function deadlineMs(rule: DeadlineRule, date: string, startTime: string, zone: string): number {
  const ruleKey =
    'minutesBefore' in rule ? `${rule.minutesBefore}m` : `${rule.daysBefore}d ${rule.at}`;
  return deadlines.get(`${ruleKey} ${date} ${startTime} ${zone}`, rule, date, startTime, zone);
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
