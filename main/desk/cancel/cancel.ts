/** Cancellation: the fee and who refunds it (cancel-preview), then the cancel with the same body. */
import type { CancelPreviewView, Request, Response } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { reservationViewOn } from '../day/day';
import { whileOnline } from '../link';
import type { Session } from '../session';

function previewView(
  session: Session,
  p: {
    cancellable: boolean;
    totalAmount: number;
    cancellationFee: number;
    refundAmount: number;
    refundHandledBy: string;
  },
): CancelPreviewView {
  return {
    cancellable: p.cancellable,
    total: p.totalAmount,
    fee: p.cancellationFee,
    refund: p.refundAmount,
    refundBy: p.refundHandledBy === 'merchant' ? 'merchant' : 'service',
    refundByRaw: p.refundHandledBy,
    currency: session.currency,
  };
}

const CANCEL_OFFLINE = 'cancellation needs the service, and the link is down';
/** The link may have dropped after the cancel reached the service. */
const CANCEL_UNCONFIRMED = `${CANCEL_OFFLINE}: not confirmed, look at the reservation once it is back`;

export async function previewCancel(
  session: Session,
  request: Request<'cancel.preview'>,
): Promise<CancelPreviewView> {
  const p = await whileOnline(
    session,
    (signal) =>
      session.client.cancelPreview(
        session.storeId,
        request.reservationId,
        { cancelReason: request.reason },
        { lane: 'write', signal },
      ),
    CANCEL_OFFLINE,
  );
  return previewView(session, p);
}

export async function confirmCancel(
  session: Session,
  request: Request<'cancel.confirm'>,
  now = Date.now,
): Promise<Response<'cancel.confirm'>> {
  // The preview is asked again with the same body as the cancel (rule 11): the fee shown with the
  // result is the fee of this cancellation, even if the day turned since the first preview.
  const body = {
    cancelReason: request.reason,
    sendCancellationEmail: request.sendCancellationEmail,
  };
  // Before anything is sent: the earliest the cancellation may have taken effect.
  const sentAt = now();
  const { preview, outcome } = await whileOnline(
    session,
    async (signal) => {
      const preview = await session.client.cancelPreview(
        session.storeId,
        request.reservationId,
        body,
        { lane: 'write', signal },
      );
      if (!preview.cancellable)
        throw new DeskError('NOT_CANCELLABLE', 'this reservation can no longer be cancelled');
      const outcome = await session.client.cancelReservation(
        session.storeId,
        request.reservationId,
        body,
        { lane: 'write', signal },
      );
      return { preview, outcome };
    },
    CANCEL_UNCONFIRMED,
  );
  // Into the cache at once, its seats back in the slot; the session announces the day changed.
  session.remember([outcome.reservation], sentAt);
  return {
    reservation: reservationViewOn(session, outcome.reservation, request.date),
    preview: previewView(session, preview),
  };
}
