/**
 * The walk-in's price offline (issue 30, decision J22): what this counter last knew, never as if
 * the service had confirmed it. The last calculate of the same product and party, before any
 * discount (a repeat customer's discount is the customer's, not the party's); else the cached
 * product's list prices × the party. Kept in memory per store's session: a restart knows the list
 * prices only.
 */
import type { Price } from '../../ipc/contract';
import { productsOf } from '../day/day';
import type { Session } from '../session';

type Party = { productId: string; adults: number; children: number };

/** The service's subtotals of a product and party, with when they were asked (memory only). */
const known = new WeakMap<
  Session,
  Map<string, { currency: string; subtotal: number; at: number }>
>();
const KEPT = 100;

const keyOf = (p: Party) => [p.productId, p.adults, p.children].join('|');
const nowOf = (session: Session) => session.options.now?.() ?? Date.now();

/** Keep a calculate's subtotal for the walk-ins of the same product and party taken offline. */
export function rememberLastPrice(
  session: Session,
  party: Party,
  calculation: { currency: string; subtotal: number },
): void {
  const kept = known.get(session) ?? new Map();
  kept.delete(keyOf(party));
  kept.set(keyOf(party), {
    currency: calculation.currency,
    subtotal: calculation.subtotal,
    at: nowOf(session),
  });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  known.set(session, kept);
}

/** The last known price of a party, marked unconfirmed with its source and age; null: none. */
export function lastKnownPrice(session: Session, party: Party): Price | null {
  const last = known.get(session)?.get(keyOf(party));
  if (last && Number.isInteger(last.subtotal))
    return priceOf(last.currency, last.subtotal, 'calculate', last.at);
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
