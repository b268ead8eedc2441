/**
 * The catalogue as the counter shows it (issue 30): every item with how many sales of it this
 * counter made in the last 30 business days, so the quick tiles put the most sold first, as the
 * walk-in's product tiles do (walkin/products.ts, decision G17). Counted from this counter's own
 * journal: items sold alone, with a walk-in or with a collection.
 */
import type { ItemsView } from '../../ipc/contract';
import { isMoneyTaken } from '../../local/index';
import { soldRecently } from '../walkin/products';
import { catalogueOf } from './catalogue';
import type { DeskSession } from '../desk-session';

export function itemsView(session: DeskSession, now: number): ItemsView {
  const sold = new Map<string, number>();
  for (const r of soldRecently(session, now)) {
    if (!isMoneyTaken(r)) continue;
    for (const line of r.goods ?? []) sold.set(line.itemId, (sold.get(line.itemId) ?? 0) + 1);
  }
  const catalogue = catalogueOf(session);
  return {
    items: catalogue.all().map((item) => ({ ...item, sold: sold.get(item.id) ?? 0 })),
    unreadable: catalogue.unreadable(),
    currency: session.currency,
  };
}
