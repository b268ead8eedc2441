/**
 * Check-in: arrived, partly arrived or no-show, kept on the counters (the service has no such
 * state). Staff act on the state their screen shows (`basis`): when another counter changed it
 * meanwhile, nothing is recorded and staff are told what that counter recorded, and when.
 */
import type { Request, Response } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { CheckInRecord, NewCheckIn } from '../../local/index';
import { requireReservation, reservationViewOn } from '../day/day';
import { online } from '../link';
import { actingStaff } from '../staff/acting';
import { ACTIVE_STATUSES } from '../views';
import type { DeskSession } from '../desk-session';

/**
 * Refuse a change when the check-in staff saw is no longer the current one. A screen that showed
 * no check-in (null) still stands when the record's last event is an undo: staff saw the state
 * that holds.
 */
function requireUnchanged(record: CheckInRecord, basis: string | null | undefined): void {
  if (basis === undefined) return;
  const head = record.head;
  if (head?.id === basis || (basis === null && !head?.state)) return;
  const { counterName, at, state, adults, children } = head ?? {
    counterName: '',
    at: 0,
    state: null,
    adults: 0,
    children: 0,
  };
  throw new DeskError(
    'CHECKIN_CHANGED_ELSEWHERE',
    'this check-in was changed at another counter meanwhile',
    [{ counterName, at, state, adults, children }],
  );
}

function record(
  session: DeskSession,
  date: string,
  reservationId: string,
  event: NewCheckIn,
  basis: string | null | undefined,
): void {
  const { cache } = session.local;
  requireUnchanged(cache.checkInOf(date, reservationId), basis);
  cache.recordCheckIn(date, reservationId, event);
}

/**
 * Refuse now what `checkin.record` would refuse for a change made meanwhile at another counter
 * (a collection checks the party in with it: nothing is taken when the check-in cannot be).
 */
export function requireCheckInUnchanged(
  session: DeskSession,
  date: string,
  reservationId: string,
  basis: string | null | undefined,
): void {
  requireUnchanged(session.local.cache.checkInOf(date, reservationId), basis);
}

export function recordCheckIn(
  session: DeskSession,
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
  record(
    session,
    request.date,
    r.id,
    {
      state: request.state,
      adults,
      children,
      at: now,
      offline: !online(session),
      ...actingStaff(),
    },
    request.basis,
  );
  const view = reservationViewOn(session, r, request.date);
  const arrived = adults + children;
  const booked = view.adults + view.children;
  return {
    reservation: view,
    comparison: arrived === booked ? 'match' : arrived < booked ? 'fewer' : 'more',
  };
}

export function undoCheckIn(
  session: DeskSession,
  request: Request<'checkin.undo'>,
  now = Date.now(),
): Response<'checkin.undo'> {
  const r = requireReservation(session, request.reservationId, request.date);
  record(
    session,
    request.date,
    r.id,
    { state: null, adults: 0, children: 0, at: now, offline: !online(session), ...actingStaff() },
    request.basis,
  );
  return { reservation: reservationViewOn(session, r, request.date) };
}
