/** Cancellation: its preview and the cancellation itself (spec §2.10–2.11, rule 11). */
import { DateTime } from 'luxon';
import type { CancelPreview, CancelRequest } from '../../main/api/schemas';
import type { ReservationRecord } from '../model';
import { daysBetween, localToday } from './calendar';
import { ServiceError } from './errors';
import { recordEmail } from './mail';
import { policyFeePercent } from './pricing';
import type { StoreContext } from './store-context';

/** The value of `refundHandledBy` when the service itself refunds (spec §2.10: its own name). */
export const SERVICE_NAME = 'reservation_service';

function isActive(r: ReservationRecord): boolean {
  return r.status === 'confirmed' || r.status === 'pending';
}

function experienceEndMs(ctx: StoreContext, r: ReservationRecord): number {
  return Math.max(
    ...r.items.map((i) =>
      DateTime.fromISO(`${i.date}T${i.endTime}`, { zone: ctx.store.timeZone }).toMillis(),
    ),
  );
}

/** Fee percent for a customer's cancellation now; the strictest item decides. */
function feePercent(ctx: StoreContext, r: ReservationRecord): number {
  const today = localToday(ctx.world.clock.now(), ctx.store.timeZone);
  let highest = 0;
  for (const item of r.items) {
    const product = ctx.world.product(ctx.store.id, item.productId);
    highest = Math.max(
      highest,
      policyFeePercent(product?.cancellationPolicy ?? [], daysBetween(today, item.date)),
    );
  }
  return highest;
}

export function previewCancel(
  ctx: StoreContext,
  r: ReservationRecord,
  body: CancelRequest,
): CancelPreview {
  const cancellable = isActive(r) && ctx.world.clock.now() < experienceEndMs(ctx, r);
  const fee =
    cancellable && body.cancelReason === 'customer_request'
      ? Math.floor((r.totalAmount * feePercent(ctx, r)) / 100)
      : 0;
  return {
    cancellable,
    totalAmount: r.totalAmount,
    cancellationFee: fee,
    refundAmount: r.totalAmount - fee,
    refundHandledBy: r.paymentMethod === 'card' ? SERVICE_NAME : 'merchant',
  };
}

export function cancelReservation(
  ctx: StoreContext,
  r: ReservationRecord,
  body: CancelRequest,
): ReservationRecord {
  if (r.status === 'cancelled') {
    throw new ServiceError(
      'RESERVATION_ALREADY_CANCELLED',
      `reservation ${r.id} is already cancelled`,
    );
  }
  const preview = previewCancel(ctx, r, body);
  if (!preview.cancellable) {
    throw new ServiceError(
      'RESERVATION_NOT_CANCELLABLE',
      `reservation ${r.id} can no longer be cancelled`,
    );
  }
  const world = ctx.world;
  world.updateReservation(r, (rec) => {
    rec.status = 'cancelled';
    rec.cancellation = {
      reason: body.cancelReason,
      cancelledAt: new Date(world.clock.now()).toISOString(),
      cancellationFee: preview.cancellationFee,
      refundAmount: preview.refundAmount,
      refundHandledBy: preview.refundHandledBy,
    };
  });
  if (body.sendCancellationEmail !== false)
    recordEmail(world, ctx.store, r, 'reservation_cancelled');
  return r;
}
