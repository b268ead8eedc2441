/**
 * Cancellation: the fee and who refunds it (cancel-preview), then the cancel with the same body.
 * The outcome is settled through the sync listing when the answer is lost or not a reservation
 * (the client's `cancelling.ts`); the cache is updated at once either way.
 */
import type { CancelPreviewView, Request, Response } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { HttpError } from '../../api/errors';
import type { CancelRequest } from '../../api/schemas';
import { DEFAULT_OVERLAP_MS } from '../../local/index';
import { findReservation, requireReservation, reservationViewOn } from '../day/day';
import { whileOnline } from '../link';
import type { DeskSession } from '../desk-session';

function previewView(
  session: DeskSession,
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

/**
 * A service time no later than the cancel's own update, to read the listing from should the
 * answer be lost: the later of the record's last known update and the sync watermark less its
 * overlap (the service's clock, never ours).
 */
function settleSince(
  session: DeskSession,
  reservationId: string,
  date: string,
): string | undefined {
  const known = findReservation(session, reservationId, date)?.updatedAt;
  const watermark = session.local.cache.syncState().watermark;
  const synced = watermark === null ? undefined : Date.parse(watermark) - DEFAULT_OVERLAP_MS;
  const candidates = [known ? Date.parse(known) : NaN, synced ?? NaN].filter(Number.isFinite);
  return candidates.length ? new Date(Math.max(...candidates)).toISOString() : undefined;
}

export function previewCancel(
  session: DeskSession,
  request: Request<'cancel.preview'>,
): Promise<CancelPreviewView> {
  return previewCancelBody(session, request.reservationId, { cancelReason: request.reason });
}

/** The preview asked with a cancel's whole body (a change sends its cancel with this very body). */
export async function previewCancelBody(
  session: DeskSession,
  reservationId: string,
  body: CancelRequest,
): Promise<CancelPreviewView> {
  const p = await whileOnline(
    session,
    (signal) =>
      session.client.cancelPreview(session.storeId, reservationId, body, {
        lane: 'write',
        signal,
      }),
    CANCEL_OFFLINE,
  );
  return previewView(session, p);
}

function isNoLongerCancellable(error: unknown): boolean {
  return (
    (error instanceof DeskError && error.code === 'NOT_CANCELLABLE') ||
    (error instanceof HttpError && error.code === 'RESERVATION_ALREADY_CANCELLED')
  );
}

/**
 * Cancelled (or ended) meanwhile by someone else, the admin screen or the customer: staff are
 * told, and the day shows the service's record at once rather than at the next sync.
 */
async function refreshFromListing(
  session: DeskSession,
  request: Request<'cancel.confirm'>,
  since: string | undefined,
  signal: AbortSignal,
): Promise<void> {
  const now = await session.client
    .reservationFromListing(
      session.storeId,
      request.reservationId,
      { since },
      {
        lane: 'write',
        signal,
      },
    )
    .catch(() => null);
  if (now) session.remember([now]);
}

export async function confirmCancel(
  session: DeskSession,
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
  const since = settleSince(session, request.reservationId, request.date);
  const { preview, outcome } = await whileOnline(
    session,
    async (signal) => {
      try {
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
          { since },
        );
        return { preview, outcome };
      } catch (error) {
        if (isNoLongerCancellable(error)) await refreshFromListing(session, request, since, signal);
        throw error;
      }
    },
    CANCEL_UNCONFIRMED,
  );
  if (outcome.reservation) {
    // Into the cache at once, its seats back in the slot; the session announces the day changed.
    session.remember([outcome.reservation], sentAt);
    return {
      reservation: reservationViewOn(session, outcome.reservation, request.date),
      preview: previewView(session, preview),
    };
  }
  // The service said the cancellation took but its record was not in the listing (a badly set
  // clock): shown cancelled from the cached record, and a sync brings the service's own.
  void session.sync.syncStore().catch(() => undefined);
  const cached = requireReservation(session, request.reservationId, request.date);
  return {
    reservation: reservationViewOn(session, { ...cached, status: 'cancelled' }, request.date),
    preview: previewView(session, preview),
  };
}
