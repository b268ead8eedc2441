/**
 * A reservation and its check-in: the reservation as shown on a day, record and undo arrival.
 * Check-in's scope (reading reservations); arriving leaves a record of who checked the party in.
 */
import { channel, type ChannelsOf } from '../channel';
import { requireReservation, reservationViewOn } from '../day/day';
import type { DeskPorts } from '../ports';
import { recordCheckIn, undoCheckIn } from './checkin';

export function checkInApp(
  ctx: Pick<DeskPorts, 'sessions' | 'now' | 'emit'>,
): ChannelsOf<'reservation.get' | 'checkin.record' | 'checkin.undo'> {
  const { sessions } = ctx;
  return {
    'reservation.get': channel({ scope: 'checkIn', rule: 'open' }, ({ reservationId, date }) => {
      const s = sessions.require();
      return reservationViewOn(s, requireReservation(s, reservationId, date), date);
    }),
    'checkin.record': channel({ scope: 'checkIn', rule: 'who' }, (request) => {
      const result = recordCheckIn(sessions.require(), request, ctx.now());
      ctx.emit('day.changed', { dates: [request.date] });
      return result;
    }),
    'checkin.undo': channel({ scope: 'checkIn', rule: 'who' }, (request) => {
      const result = undoCheckIn(sessions.require(), request, ctx.now());
      ctx.emit('day.changed', { dates: [request.date] });
      return result;
    }),
  };
}
