/**
 * Remaining seats as the counter decides on them: the cached availability less the seats walk-ins
 * queued at any counter hold (main/local/outbox/holds.ts). Every place that shows or decides on
 * remaining seats (day view, headcount check, walk-in slot choice) reads them from here.
 */
import { heldSeats, slotKey, type SlotHold, type CachedAvailability } from '../local/index';
import type { DeskSession } from './desk-session';

export interface HeldAvailability {
  /** Product id → its cached availability of the date, remaining seats less the holds. */
  availability: Map<string, CachedAvailability>;
  /** The holds by slot (`slotKey(productId, startTime)`). */
  held: Map<string, SlotHold>;
}

export function availabilityLessHolds(session: DeskSession, date: string): HeldAvailability {
  const held = heldSeats(session.holds(), date);
  const availability = session.local.cache.availabilityOn(date);
  if (held.size === 0) return { availability, held };
  const out = new Map<string, CachedAvailability>();
  for (const [productId, cached] of availability) {
    const slots = cached.day.slots.map((s) => {
      const seats = held.get(slotKey(productId, s.startTime))?.seats ?? 0;
      return seats && typeof s.remainingCapacity === 'number'
        ? { ...s, remainingCapacity: Math.max(0, s.remainingCapacity - seats) }
        : s;
    });
    out.set(productId, { ...cached, day: { ...cached.day, slots } });
  }
  return { availability: out, held };
}
