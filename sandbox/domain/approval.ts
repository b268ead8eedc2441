/** The business's answer to a pending (manual-approval) reservation, given in the admin screen. */
import type { ReservationRecord } from '../model';
import { ServiceError } from './errors';
import { recordEmail } from './mail';
import type { World } from './world';

function expectPending(r: ReservationRecord): void {
  if (r.status !== 'pending')
    throw new ServiceError('RESERVATION_NOT_CANCELLABLE', `reservation is ${r.status}`);
}

/** Approved: it becomes `confirmed` and the customer is told (spec §6). */
export function approveReservation(world: World, r: ReservationRecord): void {
  expectPending(r);
  world.updateReservation(r, (rec) => (rec.status = 'confirmed'));
  recordEmail(world, world.store(r.storeId)!, r, 'reservation_approved');
}

/** Declined: it becomes `rejected` and frees its seats; no e-mail. */
export function rejectReservation(world: World, r: ReservationRecord): void {
  expectPending(r);
  world.updateReservation(r, (rec) => (rec.status = 'rejected'));
}
