/**
 * A change before the confirm: the booking, its form and answers to carry over (start); then, for
 * what staff choose, at once: whether the new slot takes the party, the new price from calculate
 * (the same customer: a repeat discount still applies), the old booking's fee and refund for the
 * reason (its preview, asked with the very body the cancel will be sent with), the difference.
 */
import type { Reservation } from '../../api/client';
import type { ChangeAsk, ChangeQuote, ChangeStart, Price, WalkInDraft } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { previewCancelBody } from '../cancel/cancel';
import { productsOf, requireReservation, reservationViewOn } from '../day/day';
import { checkHeadcount } from '../headcount/headcount';
import { ensureCatalogue, online, whileOnline } from '../link';
import { saleForReservation } from '../sales/refunds';
import { ACTIVE_STATUSES } from '../views';
import { checkWalkIn, priceDraft, walkInForm } from '../walkin/walkin';
import {
  askProblem,
  carriedAnswers,
  carriedToExtra,
  customerOf,
  itemOn,
  newDraft,
} from './carried';
import { moneyOf } from './money';
import type { DeskSession } from '../desk-session';

export const CHANGE_OFFLINE =
  'a change needs the service (its slots, price and fee), and the link is down';

/** The old booking, still active, from the day's cached data. */
export function activeReservation(session: DeskSession, id: string, date: string): Reservation {
  const r = requireReservation(session, id, date);
  if (!ACTIVE_STATUSES.has(String(r.status)))
    throw new DeskError('RESERVATION_NOT_ACTIVE', 'this reservation is no longer active');
  return r;
}

export async function startChange(
  session: DeskSession,
  reservationId: string,
  date: string,
): Promise<ChangeStart> {
  const r = activeReservation(session, reservationId, date);
  const item = itemOn(r, date);
  const form = await walkInForm(session, item.productId);
  const product = productsOf(session).get(item.productId);
  const sale = saleForReservation(session, r.id);
  return {
    reservation: reservationViewOn(session, r, date),
    form,
    carried: carriedAnswers(product, item),
    carriedExtra: carriedToExtra(product, item),
    sale: sale && { id: sale.id, total: sale.total, method: sale.tender[0]?.method ?? 'cash' },
  };
}

/** The ask, checked: what cannot be a change is said before anything is asked of the service. */
export function checkedAsk(session: DeskSession, ask: ChangeAsk) {
  const r = activeReservation(session, ask.reservationId, ask.date);
  const item = itemOn(r, ask.date);
  const why = askProblem(item, ask);
  if (why) throw new DeskError('CHANGE_NOT_POSSIBLE', why);
  return { r, item, draft: newDraft(r, item, ask) };
}

/** The new booking's problems, once the catalogue it is checked against is known. */
export async function draftProblems(session: DeskSession, draft: WalkInDraft) {
  if (!productsOf(session).has(draft.productId))
    await whileOnline(session, (signal) => ensureCatalogue(session, signal), CHANGE_OFFLINE);
  return checkWalkIn(session, draft);
}

/** The new booking's price, for the customer of the old one; null when it cannot be read. */
async function priceOf(
  session: DeskSession,
  r: Reservation,
  draft: WalkInDraft,
): Promise<Price | null> {
  // Its unit prices and discounts go on the new booking's sale; an answer that cannot be read
  // leaves the change without a price.
  return priceDraft(session, draft, customerOf(r).email, CHANGE_OFFLINE);
}

export async function quoteChange(
  session: DeskSession,
  ask: ChangeAsk,
  now: number,
): Promise<ChangeQuote> {
  if (!online(session)) throw new DeskError('OFFLINE', CHANGE_OFFLINE);
  const { r, draft } = checkedAsk(session, ask);
  const problems = await draftProblems(session, draft);
  const product = productsOf(session).get(draft.productId);
  const manual = product?.approvalType === 'manual';
  const [fit, price, preview] = await Promise.all([
    checkHeadcount(
      session,
      {
        productId: draft.productId,
        date: draft.date,
        startTime: draft.startTime,
        adults: draft.adults,
        children: draft.children,
      },
      now,
    ),
    priceOf(session, r, draft),
    ask.kind === 'change'
      ? previewCancelBody(session, r.id, {
          cancelReason: ask.reason,
          sendCancellationEmail: ask.sendCancellationEmail,
        })
      : null,
  ]);
  const sale = ask.kind === 'change' ? saleForReservation(session, r.id) : null;
  return {
    kind: ask.kind,
    fit,
    price,
    preview,
    money: moneyOf(session, { price, preview, manual, sale }),
    problems,
    manual,
  };
}
