/**
 * Bookings of the demo store to change: an active booking of an instant product a few days
 * ahead, and another slot of its day with room for it (the change and words specs).
 */
import { availabilityDay } from '../../../sandbox/domain/availability';
import type { ReservationRecord } from '../../../sandbox/model';
import { TODAY, type TestHost } from './host';
import { addDays, KYOTO, PRODUCTS, reservations } from './ui';

/** The first booking that also `fits`, in a stable order, with the slot it can move to. */
export function pickMove(
  host: TestHost,
  fits: (r: ReservationRecord) => boolean = () => true,
): { party: ReservationRecord; to: string } {
  const { world } = host.training().sandbox;
  const store = world.store(KYOTO)!;
  const candidates = reservations(host)
    .filter(
      (r) =>
        r.storeId === KYOTO &&
        r.status === 'confirmed' &&
        r.cancellation === null &&
        ([PRODUCTS.bambooWalk, PRODUCTS.kimonoWalk, PRODUCTS.yuzenDyeing] as string[]).includes(
          r.items[0]!.productId,
        ) &&
        r.items[0]!.date >= addDays(TODAY, 2) &&
        r.items[0]!.date <= addDays(TODAY, 21) &&
        fits(r),
    )
    .sort((a, b) => a.reservationNumber.localeCompare(b.reservationNumber));
  for (const party of candidates) {
    const item = party.items[0]!;
    const product = world.product(KYOTO, item.productId)!;
    const day = availabilityDay(world, product, store, item.date);
    const seats = item.adultCount + item.childCount;
    const slot = day.slots.find(
      (s) => s.startTime !== item.startTime && (s.remainingCapacity ?? 0) >= seats + 1,
    );
    if (slot) return { party, to: slot.startTime };
  }
  throw new Error('no booking of the demo can move to another slot of its day');
}
