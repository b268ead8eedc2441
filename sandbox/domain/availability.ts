/**
 * Remaining capacity and day status (spec §2.5, §3): a slot's own seats, and the shared resources
 * (guides, vehicles, boats) that every product of the store draws on at overlapping times.
 */
import type { AvailabilityDay, DayStatus, Slot } from '../../main/api/schemas';
import type { ProductRecord, ResourceUse, StoreRecord } from '../model';
import { bookableUntil, localToday, scheduledTimes, toSlot, type ScheduledSlot } from './calendar';
import type { Usage, World } from './world';

export type { Usage } from './world';

/** Seats held on a store's date by confirmed and pending reservations. */
export function activeUsages(world: World, storeId: string, date: string): readonly Usage[] {
  return world.activeUsages(storeId, date);
}

interface Occupation {
  startMs: number;
  endMs: number;
  units: number;
}

/** Highest concurrent use of a resource within [startMs, endMs). */
function peakUse(occupations: Occupation[], startMs: number, endMs: number): number {
  const inside = occupations.filter((o) => o.startMs < endMs && o.endMs > startMs);
  let peak = 0;
  const points = new Set([startMs, ...inside.map((o) => o.startMs).filter((t) => t > startMs)]);
  for (const t of points) {
    let sum = 0;
    for (const o of inside) if (o.startMs <= t && o.endMs > t) sum += o.units;
    peak = Math.max(peak, sum);
  }
  return peak;
}

/** What each booking group (a product's slot) occupies of one resource. */
function occupationsOf(
  world: World,
  store: StoreRecord,
  resourceId: string,
  usages: readonly Usage[],
): Occupation[] {
  const groups = new Map<string, { product: ProductRecord; use: ResourceUse; usages: Usage[] }>();
  for (const u of usages) {
    const product = world.product(store.id, u.productId);
    const use = product?.resources.find((r) => r.resourceId === resourceId);
    if (!product || !use) continue;
    const key = `${u.productId} ${u.startTime}`;
    const group = groups.get(key) ?? { product, use, usages: [] };
    group.usages.push(u);
    groups.set(key, group);
  }
  const out: Occupation[] = [];
  for (const { product, use, usages: list } of groups.values()) {
    const first = list[0]!;
    const slot = toSlot(product, store, first.date, { startTime: first.startTime });
    const units =
      use.per === 'slot'
        ? use.quantity
        : use.per === 'booking'
          ? use.quantity * list.length
          : use.quantity * list.reduce((n, u) => n + u.headcount, 0);
    out.push({ startMs: slot.startMs, endMs: slot.endMs, units });
  }
  return out;
}

/**
 * Seats still bookable in one slot: the slot's capacity less its bookings, further limited by
 * each shared resource the product uses.
 */
export function remainingCapacity(
  world: World,
  product: ProductRecord,
  store: StoreRecord,
  date: string,
  slot: ScheduledSlot,
  usages: readonly Usage[],
): number {
  const own = usages.filter((u) => u.productId === product.id && u.startTime === slot.startTime);
  let remaining = slot.capacity - own.reduce((n, u) => n + u.headcount, 0);
  for (const use of product.resources) {
    const resource = world.resource(use.resourceId);
    if (!resource) continue;
    const free =
      resource.quantity -
      peakUse(occupationsOf(world, store, use.resourceId, usages), slot.startMs, slot.endMs);
    if (use.per === 'person') remaining = Math.min(remaining, Math.floor(free / use.quantity));
    else if (use.per === 'booking' && free < use.quantity) remaining = 0;
    else if (use.per === 'slot' && own.length === 0 && free < use.quantity) remaining = 0;
  }
  return Math.max(0, remaining);
}

export interface DayPlan {
  status: DayStatus;
  /** Slots still bookable now, with their remaining capacity. */
  slots: (ScheduledSlot & { remainingCapacity: number })[];
  /** Start times the schedule defines for the day, bookable or not. */
  scheduled: Set<string>;
}

/** The day as availability shows it, and as creation checks it. */
export function planDay(
  world: World,
  product: ProductRecord,
  store: StoreRecord,
  date: string,
): DayPlan {
  const now = world.clock.now();
  const times = scheduledTimes(product, store, date);
  const scheduled = new Set(times.map((t) => t.startTime));
  if (date < localToday(now, store.timeZone)) return { status: 'past', slots: [], scheduled };
  if (times.length === 0) return { status: 'closed', slots: [], scheduled };
  const open = times
    .map((t) => toSlot(product, store, date, t))
    .filter((s) => now < bookableUntil(product, store, date, s));
  // Deadlines ignored for the API (rule 7) can never have passed: once its last slot has ended
  // (decision 34) the day is over, shown `past` like a day gone by (docs/decisions.md S7).
  if (open.length === 0)
    return {
      status: product.bookingDeadline.ignoredForApi ? 'past' : 'deadline_passed',
      slots: [],
      scheduled,
    };
  const usages = activeUsages(world, store.id, date);
  const slots = open.map((s) => ({
    ...s,
    remainingCapacity: remainingCapacity(world, product, store, date, s, usages),
  }));
  const capacity = slots.reduce((n, s) => n + s.capacity, 0);
  const remaining = slots.reduce((n, s) => n + s.remainingCapacity, 0);
  // The spec has no "full" status: a fully booked day is `limited` with every slot at 0.
  const status = remaining * 4 <= capacity ? 'limited' : 'available';
  return { status, slots, scheduled };
}

export function toWireSlot(s: ScheduledSlot & { remainingCapacity: number }): Slot {
  return {
    startTime: s.startTime,
    endTime: s.endTime,
    capacity: s.capacity,
    remainingCapacity: s.remainingCapacity,
  };
}

export function availabilityDay(
  world: World,
  product: ProductRecord,
  store: StoreRecord,
  date: string,
): AvailabilityDay {
  const plan = planDay(world, product, store, date);
  return { date, status: plan.status, slots: plan.slots.map(toWireSlot) };
}
