/**
 * Where scenario bookings can go: the start times a product has on every weekday, and a ledger of
 * seats and shared resources taken, with the sandbox's availability rules.
 */
import type { ProductRecord, ResourceRecord, StoreRecord } from '../../model';
import { scheduledTimes } from '../calendar';

/** A start time offered on every weekday, with the smallest capacity any weekday gives it. */
export interface EverydaySlot {
  startTime: string;
  capacity: number;
}

/** Monday 2024-01-01 … Sunday 2024-01-07: one date per ISO weekday. */
const REFERENCE_WEEK = Array.from({ length: 7 }, (_, i) => `2024-01-0${i + 1}`);

/**
 * The start times a product has on every day, whatever weekday `today` turns out to be. A
 * product with dated rules, added or suspended dates, or one closed on the store's closed dates,
 * has none: its slots depend on the date, which a relative scenario cannot know.
 */
export function everydaySlots(product: ProductRecord, store: StoreRecord): EverydaySlot[] {
  const s = product.schedule;
  if (
    s.rules.some((r) => r.from || r.until) ||
    s.addedDates.length > 0 ||
    s.suspendedDates.length > 0 ||
    (s.followsStoreHolidays && store.closedDates.length > 0)
  ) {
    return [];
  }
  const days = REFERENCE_WEEK.map(
    (date) =>
      new Map(
        scheduledTimes(product, store, date).map((t) => [t.startTime, t.capacity ?? s.capacity]),
      ),
  );
  const out: EverydaySlot[] = [];
  for (const [startTime, capacity] of days[0]!) {
    if (days.every((d) => d.has(startTime))) {
      out.push({ startTime, capacity: Math.min(capacity, ...days.map((d) => d.get(startTime)!)) });
    }
  }
  return out;
}

interface Group {
  product: ProductRecord;
  startMin: number;
  endMin: number;
  headcount: number;
  bookings: number;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function unitsOf(group: Group, per: 'person' | 'booking' | 'slot', quantity: number): number {
  if (per === 'slot') return quantity;
  return quantity * (per === 'booking' ? group.bookings : group.headcount);
}

/**
 * Seats and shared resources taken per store and relative day, with the sandbox's rules
 * (../availability.ts): a placement fits when the slot keeps its capacity and no resource is ever
 * used beyond its quantity. Holding that for the whole set makes every prefix fit too, so the
 * compiler accepts the reservations in any order.
 */
export class Ledger {
  private readonly days = new Map<string, Map<string, Group>>();
  private readonly resources: Map<string, ResourceRecord>;

  constructor(resources: readonly ResourceRecord[]) {
    this.resources = new Map(resources.map((r) => [r.id, r]));
  }

  fits(product: ProductRecord, offset: number, slot: EverydaySlot, headcount: number): boolean {
    const day = this.days.get(`${product.storeId} ${offset}`);
    const own = day?.get(`${product.id} ${slot.startTime}`);
    if ((own?.headcount ?? 0) + headcount > slot.capacity) return false;
    const startMin = minutes(slot.startTime);
    const endMin = startMin + product.durationMinutes;
    for (const use of product.resources) {
      const resource = this.resources.get(use.resourceId);
      if (!resource) continue;
      const after: Group = {
        product,
        startMin,
        endMin,
        headcount: (own?.headcount ?? 0) + headcount,
        bookings: (own?.bookings ?? 0) + 1,
      };
      const others: Group[] = [];
      for (const g of day?.values() ?? []) {
        if (g !== own && g.startMin < endMin && g.endMin > startMin) others.push(g);
      }
      // The placement's group spans the whole window, so the peak is its units plus the others'.
      let peak = 0;
      for (const t of [startMin, ...others.map((g) => g.startMin).filter((m) => m > startMin)]) {
        let sum = 0;
        for (const g of others) {
          const other = g.product.resources.find((u) => u.resourceId === use.resourceId);
          if (other && g.startMin <= t && g.endMin > t)
            sum += unitsOf(g, other.per, other.quantity);
        }
        peak = Math.max(peak, sum);
      }
      if (unitsOf(after, use.per, use.quantity) + peak > resource.quantity) return false;
    }
    return true;
  }

  add(product: ProductRecord, offset: number, slot: EverydaySlot, headcount: number): void {
    const dayKey = `${product.storeId} ${offset}`;
    let day = this.days.get(dayKey);
    if (!day) this.days.set(dayKey, (day = new Map()));
    const key = `${product.id} ${slot.startTime}`;
    const startMin = minutes(slot.startTime);
    const group = day.get(key) ?? {
      product,
      startMin,
      endMin: startMin + product.durationMinutes,
      headcount: 0,
      bookings: 0,
    };
    group.headcount += headcount;
    group.bookings += 1;
    day.set(key, group);
  }
}
