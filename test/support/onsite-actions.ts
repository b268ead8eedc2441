/**
 * Bookings paid on site in the shop harness (issue 27): one made on the sandbox's booking site
 * (its control surface), and what staff do at a counter to take its money, over the bridge.
 * Shared by the multi-process test and the on-site bench.
 */
import type { Reservation } from '../../main/api/client';
import type { Request, ReservationView, Response } from '../../main/ipc/contract';
import type { SandboxProcess } from './sandbox-process';
import type { Slot } from './shop-actions';
import type { Counter } from './shop-harness';

/** A booking paid on site, made on the booking site as a guest does. */
export async function bookOnSite(
  sandbox: SandboxProcess,
  storeId: string,
  slot: Slot,
  lastName: string,
  party = { adults: 2, children: 0 },
): Promise<Reservation> {
  const answer = await fetch(`${sandbox.controlUrl}/stores/${storeId}/booking-site-reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customer: { lastName, firstName: '花子' },
      items: [
        {
          productId: slot.productId,
          date: slot.date,
          startTime: slot.startTime,
          adultCount: party.adults,
          childCount: party.children,
        },
      ],
      paymentMethod: 'on_site',
      sendConfirmationEmail: false,
    }),
  });
  if (!answer.ok) throw new Error(`booking site: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as Reservation;
}

/** Start taking a booking's money at a counter: its claim and what it owes. */
export function startOnSite(c: Counter, r: { id: string }, date: string) {
  return c.result('onsite.start', { reservationId: r.id, date });
}

/** All that is still owed, in cash, the exact amount, the party checked in with it. */
export function collectAll(view: ReservationView): Request<'onsite.collect'> {
  const owed = view.payment!.stillOwed!;
  return {
    reservationId: view.id,
    date: view.date,
    due: view.payment!.due,
    amount: owed,
    tender: { lines: [{ method: 'cash', amount: owed, received: owed }] },
    checkIn: { state: 'arrived', adults: view.adults, children: view.children, basis: null },
  };
}

/** Take all that is still owed in cash, checking the party in with it. */
export function payInCash(c: Counter, view: ReservationView): Promise<Response<'onsite.collect'>> {
  return c.call('onsite.collect', collectAll(view));
}
