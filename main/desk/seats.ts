/**
 * Seats the counter's own booking or cancellation moved: what a reservation held in each slot
 * before (as cached) against after (as the service just answered). Counted as the service
 * counts remaining seats: adults and children of each item, while the status holds seats.
 */
import type { Reservation } from '../api/client';
import type { ProductSeatChange } from '../local/index';
import { ACTIVE_STATUSES } from './views';

type Slot = Pick<ProductSeatChange, 'productId' | 'date' | 'startTime'>;

/** Seats held in each slot ("product date time"), none unless the status holds seats. */
function held(r: Reservation | null): Map<string, Slot & { held: number }> {
  const out = new Map<string, Slot & { held: number }>();
  if (!r || !ACTIVE_STATUSES.has(String(r.status))) return out;
  for (const { productId, date, startTime, adultCount, childCount } of r.items ?? []) {
    const key = `${productId} ${date} ${startTime}`;
    const seats = (out.get(key)?.held ?? 0) + adultCount + childCount;
    out.set(key, { productId, date, startTime, held: seats });
  }
  return out;
}

/** How remaining seats change, slot by slot, from `before` to `after` (none if equal). */
export function seatChanges(
  before: Reservation | null,
  after: Reservation,
  sentAt: number,
): ProductSeatChange[] {
  const was = held(before);
  const now = held(after);
  const out: ProductSeatChange[] = [];
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const { productId, date, startTime } = (now.get(key) ?? was.get(key))!;
    // Seats given back raise the remaining figure; seats taken lower it.
    const seats = (was.get(key)?.held ?? 0) - (now.get(key)?.held ?? 0);
    if (seats !== 0)
      out.push({
        productId,
        date,
        startTime,
        seats,
        key: `${after.id} ${key} ${String(after.status)}`,
        sentAt,
      });
  }
  return out;
}
