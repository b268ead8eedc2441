/**
 * What a day view is built from, kept between calls (decision G4): each reservation's view while
 * its record, its product and its check-in are the same objects the cache hands out (the cache
 * keeps them until a writer changes them), and the whole day view while nothing it was built from
 * moved (`dayKeyOf`). Everything kept is frozen: a view handed out twice is the same object, and
 * the router's check of an answer can be reused for it (decision G5).
 */
import type { Product, Reservation } from '../../api/client';
import type { PaymentView, ReservationView } from '../../ipc/contract';
import { heldSeats, type CheckInRecord } from '../../local/index';
import { definePart } from '../parts';
import type { DeskSession, SessionPart } from '../desk-session';
import { customerName, toReservationView } from '../views';
import { screenDayOf, type DayBuild, type FullDay } from './screen';
import { onSiteBook } from '../onsite/book';

/** Freeze a value and everything in it (stops at what is frozen already: kept views). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

interface KeptView {
  product: Product | undefined;
  checkIn: CheckInRecord | undefined;
  currency: string;
  ownCounterId: string;
  /** The date's on-site payments' revision it was built at (`OnSiteBook.revision`). */
  paymentRevision: number;
  view: ReservationView;
}

/** How the booking is paid, built only when the kept view cannot be used (issue 27). */
export interface PaymentSource {
  revision: number;
  of: () => PaymentView;
}

/** Record → its items' views as last built, by item index. Gone with the record object. */
const keptViews = new WeakMap<Reservation, (KeptView | undefined)[]>();

/**
 * `toReservationView`, frozen and kept: the same object again while the record, its product and
 * its check-in record are the same objects (the cache replaces an object when it changes) and the
 * date's on-site payments have not moved.
 */
export function keptReservationView(
  r: Reservation,
  products: Map<string, Product>,
  checkIn: CheckInRecord | undefined,
  currency: string,
  itemIndex: number,
  ownCounterId: string,
  payment: PaymentSource,
): ReservationView {
  const product = products.get((r.items[itemIndex] ?? r.items[0]!).productId);
  let byItem = keptViews.get(r);
  const kept = byItem?.[itemIndex];
  if (
    kept &&
    kept.product === product &&
    kept.checkIn === checkIn &&
    kept.currency === currency &&
    kept.ownCounterId === ownCounterId &&
    kept.paymentRevision === payment.revision
  )
    return kept.view;
  const view = deepFreeze(
    toReservationView(r, products, checkIn, currency, itemIndex, ownCounterId, payment.of()),
  );
  if (!byItem) keptViews.set(r, (byItem = []));
  byItem[itemIndex] = {
    product,
    checkIn,
    currency,
    ownCounterId,
    paymentRevision: payment.revision,
    view,
  };
  return view;
}

/** `localeCompare`'s order, with one collator: made per comparison, it was most of a busy day's sort. */
const byName = new Intl.Collator();

/** A date's items in the day's order (start time, then name), per list the cache handed out. */
const keptOrders = new WeakMap<readonly Reservation[], { date: string; items: DayItem[] }>();

export interface DayItem {
  r: Reservation;
  /** The item's index in the record. */
  index: number;
}

/**
 * The items of `reservations` on `date`, by start time then customer name. Kept per list: the cache
 * hands out the same list until the date's reservations change (a check-in does not change it).
 */
export function dayOrder(reservations: readonly Reservation[], date: string): DayItem[] {
  const kept = keptOrders.get(reservations);
  if (kept?.date === date) return kept.items;
  const keyed: (DayItem & { start: string; name: string })[] = [];
  for (const r of reservations)
    r.items.forEach((item, index) => {
      if (item.date === date)
        keyed.push({ r, index, start: item.startTime, name: customerName(r) });
    });
  keyed.sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : byName.compare(a.name, b.name),
  );
  const items = keyed.map(({ r, index }) => ({ r, index }));
  keptOrders.set(reservations, { date, items });
  return items;
}

/**
 * Everything a day view of `date` depends on besides the clock's date: the cache's revision of the
 * day (bumped by every writer), its on-site payments' revision, this counter, and the seats queued
 * walk-ins hold (the outbox's and the other counters', which change without the cache).
 */
export function dayKeyOf(session: DeskSession, date: string, today: string): string {
  const held = [...heldSeats(session.holds(), date)].map(([slot, hold]) => [
    slot,
    hold.seats,
    hold.byCounter,
  ]);
  return JSON.stringify([
    session.local.cache.dayRevision(date),
    session.part(onSiteBook).revision(date),
    today,
    session.counter().id,
    held,
  ]);
}

/** A day as built once and kept. */
export type KeptDay = DayBuild;

/** The session's day views by date, each with the key it was built for. */
const keptDays: SessionPart<Map<string, { key: string; day: KeptDay }>> = definePart(
  'day.kept',
  () => new Map(),
);
/** Dates whose view is kept per session: the day on screen and those next to it. */
const DAYS_KEPT = 8;
/** Builds of a day, counted: each names its build (`DayView.revision`), never reused (G22). */
let builds = 0;

/** The kept day if its key is unchanged, else `build()`'s, frozen and kept. */
export function keptDay(
  session: Pick<DeskSession, 'part'>,
  date: string,
  key: string,
  build: () => FullDay,
): KeptDay {
  const days = session.part(keptDays);
  const kept = days.get(date);
  if (kept?.key === key) {
    days.delete(date);
    days.set(date, kept);
    return kept.day;
  }
  const full = deepFreeze(build());
  const day = { full, view: deepFreeze(screenDayOf(full, ++builds)) };
  days.delete(date);
  days.set(date, { key, day });
  if (days.size > DAYS_KEPT) days.delete(days.keys().next().value!);
  return day;
}
