/**
 * The walk-in's price offline (issue 30, decisions J22, J23): what this counter last knew, never
 * as if the service had confirmed it. The last calculate of the same product and party, before
 * any discount (a repeat customer's discount is the customer's, not the party's), kept in the
 * store's folder (main/local/prices: 100 kept) so a counter restarted offline still knows it —
 * training's in memory; else the cached product's list prices × the party.
 */
import type { Price } from '../../ipc/contract';
import { LastPrices } from '../../local/index';
import { productsOf } from '../day/day';
import type { DeskSession, SessionPart } from '../desk-session';
import { definePart } from '../parts';

type Party = { productId: string; adults: number; children: number };

/** The session's prices: a live store's in its files, training's in memory. */
const lastPrices: SessionPart<LastPrices> = definePart(
  'walkin.last-prices',
  (session) => new LastPrices(session.training ? null : session.local.files, session.logger),
);

function pricesOf(session: Pick<DeskSession, 'part'>): LastPrices {
  return session.part(lastPrices);
}

/** Keep a calculate's subtotal for the walk-ins of the same product and party taken offline. */
export function rememberLastPrice(
  session: DeskSession,
  party: Party,
  calculation: { currency: string; subtotal: number },
): void {
  const { productId, adults, children } = party;
  try {
    pricesOf(session).remember({
      productId,
      adults,
      children,
      currency: calculation.currency,
      subtotal: calculation.subtotal,
      at: session.now(),
    });
  } catch (error) {
    // A price the file cannot hold (a service's odd answer) or a disk that refuses: the quote
    // stands, only its offline echo is lost.
    session.logger.warn('walkin.last_price_not_kept', { error: (error as Error).name });
  }
}

/** The last known price of a party, marked unconfirmed with its source and age; null: none. */
export function lastKnownPrice(session: DeskSession, party: Party): Price | null {
  const last = pricesOf(session).get(party);
  if (last) return priceOf(last.currency, last.subtotal, 'calculate', last.at);
  const product = productsOf(session).get(party.productId);
  const prices = product?.prices;
  const fetchedAt = session.local.cache.catalogue()?.fetchedAt;
  if (!prices || fetchedAt === undefined) return null;
  const total = prices.adult * party.adults + prices.child * party.children;
  if (!Number.isInteger(total)) return null;
  const currency = typeof product.currency === 'string' ? product.currency : session.currency;
  return priceOf(currency, total, 'list', fetchedAt);
}

const priceOf = (currency: string, total: number, source: 'calculate' | 'list', at: number) => ({
  currency,
  subtotal: total,
  discounts: [],
  total,
  unconfirmed: { source, at },
});
