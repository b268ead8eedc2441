/**
 * A day's bookings paid on site for the close (decision I9): those still unpaid — money the shop
 * expected and did not take — and the unpaid no-shows, who owe nothing (marked so, or not checked
 * in once their slot ended, as the close's check-ins count them: decision Z4). Shop-wide: what
 * every counter took is known here (the shared list).
 */
import { DateTime } from 'luxon';
import type { OnSiteOwing } from '../../ipc/contract';
import { owesOnSite, paidHowOf } from '../../local/index';
import { dayOrder } from '../day/kept-views';
import { productsOf } from '../day/day';
import { customerName, productName } from '../views';
import { owedNow } from './view';
import type { DeskSession } from '../desk-session';

export function onSiteOfDay(
  session: DeskSession,
  date: string,
  now: number,
): { unpaid: OnSiteOwing[]; noShows: OnSiteOwing[] } {
  const { cache } = session.local;
  const clock = DateTime.fromMillis(now, { zone: session.timeZone });
  const today = clock.toISODate()!;
  const time = clock.toFormat('HH:mm');
  const products = productsOf(session);
  const checkIns = cache.checkInsOn(date);
  const unpaid: OnSiteOwing[] = [];
  const noShows: OnSiteOwing[] = [];
  for (const { r, index } of dayOrder(cache.reservationsOn(date).reservations, date)) {
    if (!owesOnSite(r)) continue;
    const item = r.items[index]!;
    const checkIn = checkIns.get(r.id);
    // What it would owe were it not a no-show: the no-show's own line says what was not taken.
    const { due, owed } = owedNow(session, r, date, undefined);
    if (owed.stillOwed === 0 || due.online) continue;
    const state = checkIn?.current?.state ?? null;
    const end = typeof item.endTime === 'string' ? item.endTime : item.startTime;
    const noShow =
      state === 'no_show' || (state === null && (date < today || (date === today && end <= time)));
    const product = products.get(item.productId);
    const line: OnSiteOwing = {
      reservationId: r.id,
      number: typeof r.reservationNumber === 'string' ? r.reservationNumber : null,
      customerName: customerName(r),
      productName: product ? productName(product) : item.productId,
      startTime: item.startTime,
      owed: owed.stillOwed,
      methodKnown: paidHowOf(r.paymentMethod) === 'on_site',
    };
    if (noShow && owed.collected + owed.discounts === 0) noShows.push(line);
    else if (!noShow) unpaid.push(line);
  }
  return { unpaid, noShows };
}
