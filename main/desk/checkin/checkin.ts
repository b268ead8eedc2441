/** Check-in: arrived, partly arrived or no-show, kept on this counter (the service has no such state). */
import type { Request, Response } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { requireReservation, reservationViewOn } from '../day/day';
import { online } from '../link';
import type { Session } from '../session';
import { ACTIVE_STATUSES } from '../views';

export function recordCheckIn(
  session: Session,
  request: Request<'checkin.record'>,
  now = Date.now(),
): Response<'checkin.record'> {
  const r = requireReservation(session, request.reservationId, request.date);
  if (!ACTIVE_STATUSES.has(String(r.status)))
    throw new DeskError('RESERVATION_NOT_ACTIVE', `this reservation is ${String(r.status)}`, [
      { status: String(r.status) },
    ]);
  const adults = request.state === 'no_show' ? 0 : (request.adults ?? 0);
  const children = request.state === 'no_show' ? 0 : (request.children ?? 0);
  session.local.cache.recordCheckIn(request.date, r.id, {
    state: request.state,
    adults,
    children,
    at: now,
    offline: !online(session),
  });
  const view = reservationViewOn(session, r, request.date);
  const arrived = adults + children;
  const booked = view.adults + view.children;
  return {
    reservation: view,
    comparison: arrived === booked ? 'match' : arrived < booked ? 'fewer' : 'more',
  };
}

export function undoCheckIn(
  session: Session,
  request: Request<'checkin.undo'>,
  now = Date.now(),
): Response<'checkin.undo'> {
  const r = requireReservation(session, request.reservationId, request.date);
  session.local.cache.recordCheckIn(request.date, r.id, {
    state: null,
    adults: 0,
    children: 0,
    at: now,
    offline: !online(session),
  });
  return { reservation: reservationViewOn(session, r, request.date) };
}
