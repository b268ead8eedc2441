/**
 * The day view, from the cache at once: every product's slots (from cached availability) with the
 * reservations booked in them, booked adults and children, pending approvals, check-in states and
 * the age of the data. Slots the availability no longer lists (started, past their deadline) are
 * still shown when they have bookings.
 */
import { DateTime } from 'luxon';
import type { Product, Reservation } from '../../api/client';
import type { DayView, ReservationView } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { storeSummary } from '../store-summary';
import { availabilityLessHolds } from '../holds';
import { slotKey } from '../../local/index';
import { paymentViewOf } from '../onsite/view';
import { productName, toReservationView } from '../views';
import { dayKeyOf, dayOrder, keptDay, keptReservationView, type KeptDay } from './kept-views';
import type { FullDay, FullProduct, FullSlot } from './screen';
import type { DeskSession } from '../desk-session';
import { onSiteBook } from '../onsite/book';

export function todayIn(timeZone: string, now = Date.now()): string {
  return DateTime.fromMillis(now, { zone: timeZone }).toISODate()!;
}

export function productsOf(session: DeskSession): Map<string, Product> {
  return new Map((session.local.cache.catalogue()?.products ?? []).map((p) => [p.id, p]));
}

/**
 * Reservation views of a date, one per item on that date, in the day's order. `kept`: the views
 * kept between calls (frozen, shared: the day view's); otherwise new objects.
 */
export function viewsOn(
  session: DeskSession,
  date: string,
  products = productsOf(session),
  kept = false,
): ReservationView[] {
  const { cache } = session.local;
  const checkIns = cache.checkInsOn(date);
  const own = session.counter().id;
  const revision = session.part(onSiteBook).revision(date);
  return dayOrder(cache.reservationsOn(date).reservations, date).map(({ r, index }) => {
    const checkIn = checkIns.get(r.id);
    const payment = { revision, of: () => paymentViewOf(session, r, date, checkIn) };
    return kept
      ? keptReservationView(r, products, checkIn, session.currency, index, own, payment)
      : toReservationView(r, products, checkIn, session.currency, index, own, payment.of());
  });
}

/**
 * The day of `date`, in full and as the screen gets it: the one built last while nothing it is
 * built from changed (the cache's writers, the holds, the clock's date: `dayKeyOf`), else built
 * now. Frozen: it is shared.
 */
export function buildDay(session: DeskSession, date: string, now = Date.now()): KeptDay {
  const today = todayIn(session.timeZone, now);
  return keptDay(session, date, dayKeyOf(session, date, today), () =>
    fullDayNow(session, date, today),
  );
}

/** The day view `day.get` answers (G21): slots with the counts of their parties. */
export function buildDayView(session: DeskSession, date: string, now = Date.now()): DayView {
  return buildDay(session, date, now).view;
}

/** The day with every slot's parties in full: what manifests and `day.parties` read. */
export function buildFullDay(session: DeskSession, date: string, now = Date.now()): FullDay {
  return buildDay(session, date, now).full;
}

function fullDayNow(session: DeskSession, date: string, today: string): FullDay {
  const { cache } = session.local;
  const products = productsOf(session);
  const views = viewsOn(session, date, products, true);
  const { availability, held } = availabilityLessHolds(session, date);
  const heldBy = (productId: string, startTime: string) =>
    (held.get(slotKey(productId, startTime))?.byCounter ?? []).map(({ counterName, seats }) => ({
      counterName,
      seats,
    }));
  const byProduct = new Map<string, ReservationView[]>();
  for (const v of views) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  const productViews: FullProduct[] = [];
  for (const product of products.values()) {
    const cached = availability.get(product.id);
    const slots = new Map<string, FullSlot>();
    for (const s of cached?.day.slots ?? []) {
      slots.set(s.startTime, {
        startTime: s.startTime,
        endTime: typeof s.endTime === 'string' ? s.endTime : null,
        capacity: typeof s.capacity === 'number' ? s.capacity : null,
        remaining: typeof s.remainingCapacity === 'number' ? s.remainingCapacity : null,
        bookable: (s.remainingCapacity ?? 0) > 0,
        booked: { adults: 0, children: 0 },
        heldByQueued: heldBy(product.id, s.startTime),
        reservations: [],
      });
    }
    for (const v of byProduct.get(product.id) ?? []) {
      let slot = slots.get(v.startTime);
      if (!slot) {
        slot = {
          startTime: v.startTime,
          endTime: v.endTime,
          capacity: null,
          remaining: null,
          bookable: false,
          booked: { adults: 0, children: 0 },
          heldByQueued: heldBy(product.id, v.startTime),
          reservations: [],
        };
        slots.set(v.startTime, slot);
      }
      slot.reservations.push(v);
      if (v.active) {
        slot.booked.adults += v.adults;
        slot.booked.children += v.children;
      }
    }
    productViews.push({
      id: product.id,
      name: productName(product),
      isPublished: product.isPublished,
      approvalType: String(product.approvalType),
      dayStatus: cached ? String(cached.day.status) : null,
      availabilityFetchedAt: cached?.fetchedAt ?? null,
      slots: [...slots.values()].sort((a, b) => (a.startTime < b.startTime ? -1 : 1)),
    });
  }
  const sync = cache.syncState();
  return {
    date,
    today,
    store: storeSummary(session.store),
    products: productViews,
    pendingApprovals: views.filter((v) => v.status === 'pending'),
    syncedAt: sync.lastSyncedAt,
    incomplete: sync.watermark === null,
  };
}

/** Find one reservation in the cache, on its date. */
export function findReservation(
  session: DeskSession,
  reservationId: string,
  date: string,
): Reservation | null {
  return (
    session.local.cache.reservationsOn(date).reservations.find((r) => r.id === reservationId) ??
    null
  );
}

/** The reservation a counter action names, from the day's cached data. */
export function requireReservation(
  session: DeskSession,
  reservationId: string,
  date: string,
): Reservation {
  const r = findReservation(session, reservationId, date);
  if (!r)
    throw new DeskError('RESERVATION_NOT_CACHED', 'this reservation is not in the day’s data');
  return r;
}

/** A reservation as the counter shows it on `date` (its item of that day, its check-in). */
export function reservationViewOn(
  session: DeskSession,
  r: Reservation,
  date: string,
): ReservationView {
  const checkIn = session.local.cache.checkInsOn(date).get(r.id);
  const index = Math.max(
    0,
    r.items.findIndex((i) => i.date === date),
  );
  const payment = paymentViewOf(session, r, date, checkIn);
  // Another counter taking its money now: said as the booking is opened (not kept in day views).
  const claim = session.shop?.claims.heldBy(r.id) ?? null;
  return toReservationView(
    r,
    productsOf(session),
    checkIn,
    session.currency,
    index,
    session.counter().id,
    {
      ...payment,
      claimedBy: claim && { counterName: claim.counterName, at: claim.at },
    },
  );
}
