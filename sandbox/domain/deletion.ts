/** Deleting a reservation (DELETE on a reservation of the store). */
import type { ReservationRecord } from '../model';
import { ServiceError } from './errors';
import type { StoreContext } from './store-context';

/** Only test reservations, on unpublished products, may be deleted (spec §1). */
export function deleteReservation(ctx: StoreContext, r: ReservationRecord): void {
  const onlyUnpublished = r.items.every(
    (i) => ctx.world.product(ctx.store.id, i.productId)?.isPublished === false,
  );
  if (!onlyUnpublished) {
    throw new ServiceError(
      'RESERVATION_NOT_DELETABLE',
      'only reservations of unpublished products can be deleted',
    );
  }
  ctx.world.deleteReservation(r);
}
