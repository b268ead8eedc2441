/**
 * What the walk-in's first step shows of each product beside the day's slots (issue 32, decision
 * G17): its list prices (adult, child; the price charged is still the service's calculation) and
 * how many walk-ins of it this counter sold in the last 30 business days, for the most sold first.
 * Counted from this counter's own sales in its journal; an unreadable record counts nothing (the
 * journal and the close say it is there).
 */
import { DateTime } from 'luxon';
import type { WalkInChoices } from '../../ipc/contract';
import type { SaleRecord } from '../../local/index';
import { productsOf, todayIn } from '../day/day';
import type { DeskSession } from '../desk-session';

/** Business days of sales counted, today included. */
export const SOLD_DAYS = 30;

/** This counter's money records of the last `SOLD_DAYS` business days (the tiles count them). */
export function soldRecently(session: DeskSession, now: number) {
  const today = todayIn(session.timeZone, now);
  const from = DateTime.fromISO(today)
    .minus({ days: SOLD_DAYS - 1 })
    .toISODate()!;
  const counter = session.counter().id;
  return session.journal.range(from, today).records.filter((r) => r.counterId === counter);
}

export function walkInChoices(session: DeskSession, now: number): WalkInChoices {
  const sold = new Map<string, number>();
  for (const r of soldRecently(session, now)) {
    if (r.kind !== 'sale') continue;
    // One walk-in, however many tickets: a party of six is not six times as popular.
    for (const id of new Set((r as SaleRecord).items.map((i) => i.productId)))
      sold.set(id, (sold.get(id) ?? 0) + 1);
  }
  return {
    products: [...productsOf(session).values()].map((p) => ({
      id: p.id,
      prices: p.prices ? { adult: p.prices.adult, child: p.prices.child } : null,
      currency: typeof p.currency === 'string' ? p.currency : session.currency,
      sold: sold.get(p.id) ?? 0,
    })),
  };
}
