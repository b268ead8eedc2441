/** Bookings paid on site for the on-site tests: made on the sandbox's booking site, as guests do. */
import type { Reservation } from '../../../main/api/client';
import type { Harness } from '../support';
import { KYOTO, P, TODAY } from '../support';

/**
 * Slots the demo still has room in on the harness's morning (09:30 in Kyoto, a busy Tuesday):
 * rickshaws (two to a booking), the dyeing class, the unpublished test product; tried in turn.
 */
const SLOTS: { productId: string; startTime: string; answers?: Record<string, string> }[] = [
  ...['10:00', '10:30', '11:00', '11:30', '16:00'].map((startTime) => ({
    productId: P.rickshaw,
    startTime,
  })),
  { productId: P.yuzenDyeing, startTime: '13:30', answers: { cf_yuzen_item: 'handkerchief' } },
  { productId: P.apiTest, startTime: '15:00' },
  { productId: P.apiTest, startTime: '10:00' },
];

/**
 * A booking paid on site made on the booking site for `date` (today unless said), then synced
 * into the desk: the reservation as the service has it.
 */
export async function bookedOnSite(
  h: Harness,
  lastName: string,
  options: {
    adults?: number;
    date?: string;
    paymentMethod?: 'on_site' | 'external' | 'card';
    /** This slot only (else the first of SLOTS with room). */
    slot?: { productId: string; startTime: string; answers?: Record<string, string> };
  } = {},
): Promise<Reservation> {
  const date = options.date ?? TODAY;
  let made: Reservation | null = null;
  const adults = options.adults ?? 2;
  for (const { productId, startTime, answers } of options.slot ? [options.slot] : SLOTS) {
    try {
      made = h.sb.sandbox.bookOnSite(
        KYOTO,
        {
          customer: { lastName, firstName: '花子' },
          items: [
            {
              productId,
              date,
              startTime,
              adultCount: adults,
              childCount: 0,
              participants: answers
                ? Array.from({ length: adults }, (_, i) => ({
                    participantNumber: i + 1,
                    fieldValues: answers,
                  }))
                : [],
            },
          ],
          paymentMethod: 'on_site',
          sendConfirmationEmail: false,
        },
        options.paymentMethod ?? 'on_site',
      );
      break;
    } catch {
      // That slot is full: the next one.
    }
  }
  if (!made) throw new Error('no slot left for a booking paid on site');
  await h.call('day.refresh', { date });
  return made;
}

/** Requests the counter sent for a reservation's amount owed (its cancel-preview). */
export const previewsOf = (h: Harness, reservationId: string) =>
  h.sb.sandbox
    .requests()
    .filter(
      (r) =>
        r.method === 'POST' && r.path.endsWith(`/reservations/${reservationId}/cancel-preview`),
    );

/**
 * Staff open the booking (`onsite.start`: its claim, what it owes) and take all of it in exact
 * cash, the check-in left alone: what it owed, the booking as opened, and the collection.
 */
export async function paidInCash(h: Harness, r: Reservation) {
  const { reservation } = await h.call('onsite.start', { reservationId: r.id, date: TODAY });
  const due = reservation.payment!.due!;
  const done = await h.call('onsite.collect', {
    reservationId: r.id,
    date: TODAY,
    due,
    amount: due,
    tender: { lines: [{ method: 'cash', amount: due, received: due }] },
  });
  return { due, reservation, done };
}
