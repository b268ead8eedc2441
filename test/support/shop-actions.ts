/**
 * What staff do at a counter of the shop harness, over its bridge: find a slot a walk-in fits,
 * book one, check a party in, read what a counter shows of a reservation. Shared by the shop's
 * multi-process tests and the shop bench. The sandbox runs on the real clock, so dates are found,
 * not fixed.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { ReservationView, WalkInOutcome } from '../../main/ipc/contract';
import { DEMO } from '../../sandbox/scenario/demo';
import type { RelayedRequest } from './service-relay';
import type { Counter } from './shop-harness';
import { waitFor, type WaitOptions } from './wait';

/** Every party a counter shows on a date (null: today): the day, then its parties (G21). */
export async function allReservations(
  counter: Counter,
  date: string | null,
): Promise<ReservationView[]> {
  const day = await counter.call('day.get', { date });
  return (await counter.call('day.parties', { date: day.date, slot: null })).reservations;
}

/** What a counter shows of one reservation on a date (null: not there). */
export async function viewOn(
  counter: Counter,
  date: string,
  reservationId: string,
): Promise<ReservationView | null> {
  return (await allReservations(counter, date)).find((r) => r.id === reservationId) ?? null;
}

/** Every counter has synced once and sees all the others present, sharing on. */
export async function allSyncedAndPresent(
  counters: readonly Counter[],
  options: WaitOptions,
): Promise<void> {
  for (const c of counters)
    await waitFor(
      async () => {
        const s = await c.call('status.get', {});
        return (
          s.syncedAt !== null &&
          s.shop.sharing &&
          s.shop.counters.filter((x) => x.present).length === counters.length - 1
        );
      },
      `${c.name} synced, with the others present`,
      options,
    );
}

/** A request of the reservation listing (the poll that brings other counters' bookings). */
export const isReservationPoll = (r: RelayedRequest): boolean =>
  r.method === 'GET' && /\/reservations(\?|$)/.test(r.path);

export interface Slot {
  productId: string;
  date: string;
  startTime: string;
}

/**
 * The first slot from tomorrow on (a slot today may be past by the time it is booked) where the
 * API test product takes `party` more people, as the counter's availability says.
 */
export async function bookableSlot(counter: Counter, party = 2, days = 14): Promise<Slot> {
  const productId = DEMO.products.apiTest;
  const today = (await counter.call('day.get', { date: null })).today;
  for (let d = 1; d <= days; d++) {
    const date = DateTime.fromISO(today).plus({ days: d }).toISODate()!;
    const day = await counter.call('day.get', { date });
    const slot = day.products
      .find((p) => p.id === productId)
      ?.slots.find((s) => s.bookable && (s.remaining ?? 0) >= party);
    if (slot) return { productId, date, startTime: slot.startTime };
  }
  throw new Error(`no slot of ${productId} takes ${party} in the next ${days} days`);
}

export function walkIn(
  counter: Counter,
  slot: Slot,
  lastName: string,
  party = { adults: 2, children: 0 },
): Promise<WalkInOutcome> {
  return counter.call('walkin.book', {
    draftId: randomUUID(),
    ...slot,
    ...party,
    participants: [],
    customer: { lastName, firstName: 'テスト' },
    sendConfirmationEmail: false,
    locale: 'ja',
  });
}

/** Check a whole party in at a counter; the reservation as that counter now shows it. */
export async function checkIn(counter: Counter, r: ReservationView): Promise<ReservationView> {
  const answer = await counter.call('checkin.record', {
    reservationId: r.id,
    date: r.date,
    state: 'arrived',
    adults: r.adults,
    children: r.children,
  });
  return answer.reservation;
}

/**
 * Up to `count` parties no counter has checked in yet (before the shop, a check-in stays at its
 * counter, so each counter is asked), from today on: enough for a run of check-ins.
 */
export async function partiesToCheckIn(
  counters: Counter[],
  count: number,
  days = 7,
): Promise<ReservationView[]> {
  const today = (await counters[0]!.call('day.get', { date: null })).today;
  const found: ReservationView[] = [];
  for (let d = 0; d < days && found.length < count; d++) {
    const date = DateTime.fromISO(today).plus({ days: d }).toISODate()!;
    const arrived = new Set<string>();
    let first: ReservationView[] = [];
    for (const c of counters) {
      const all = await allReservations(c, date);
      if (c === counters[0]) first = all;
      for (const r of all) if (r.checkIn) arrived.add(r.id);
    }
    found.push(...first.filter((r) => r.active && !arrived.has(r.id)));
  }
  // Back to today: day.get also tells the counter which day it shows (its polling pace).
  for (const c of counters) await c.call('day.get', { date: null });
  return found.slice(0, count);
}
