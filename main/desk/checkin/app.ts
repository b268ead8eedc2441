/** A reservation and its check-in: the reservation as shown on a day, record and undo arrival. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { requireReservation, reservationViewOn } from '../day/day';
import { recordCheckIn, undoCheckIn } from './checkin';

export function checkInApp(
  ctx: DeskContext,
): HandlersOf<'reservation.get' | 'checkin.record' | 'checkin.undo'> {
  const { sessions } = ctx;
  return {
    'reservation.get': ({ reservationId, date }) => {
      const s = sessions.require();
      return reservationViewOn(s, requireReservation(s, reservationId, date), date);
    },
    'checkin.record': (request) => {
      const result = recordCheckIn(sessions.require(), request, ctx.now());
      ctx.emit('day.changed', { dates: [request.date] });
      return result;
    },
    'checkin.undo': (request) => {
      const result = undoCheckIn(sessions.require(), request, ctx.now());
      ctx.emit('day.changed', { dates: [request.date] });
      return result;
    },
  };
}
