/**
 * Counter items (issue 30): the store's catalogue as the counter shows it (with how often this
 * counter sold each, for the quick tiles), a manager's change of an item, and a sale of items
 * alone. A walk-in or a collection carries the items picked in its own request (`items`).
 */
import { z } from 'zod';
import {
  CounterDiscountRequest,
  CounterItem,
  ItemCategory,
  ItemId,
  ItemName,
  ItemPick,
  ItemRate,
  MAX_ITEM_LINES,
  Tender,
} from '../../common';
import { JournalEntryView } from './money';

export {
  CounterItem,
  ItemCategory,
  ItemLine,
  ItemName,
  ItemPick,
  ItemRate,
  itemsTotal,
  REDUCED_RATE,
} from '../../common';

/** What staff pick of the catalogue for one sale: absent or empty, none. */
export const ItemPicks = z.array(ItemPick).max(MAX_ITEM_LINES);

export const ItemsView = z.object({
  /** Every item, inactive ones too (the manager's list shows them; the tiles do not). */
  items: z.array(CounterItem.extend({ sold: z.number().int().min(0) })),
  /** Item files this counter cannot read (also reported as damage). */
  unreadable: z.array(z.string()),
  currency: z.string(),
});
export type ItemsView = z.infer<typeof ItemsView>;

/** An item as a manager writes it (id null: a new one). */
export const ItemDraft = z.strictObject({
  id: ItemId.nullable(),
  name: ItemName,
  price: z.number().int().min(0).max(1_000_000),
  rate: ItemRate,
  category: ItemCategory,
  active: z.boolean(),
});
export type ItemDraft = z.infer<typeof ItemDraft>;

export const itemsChannels = {
  /** The catalogue, with this counter's sales of each in the last 30 business days. */
  'items.list': { request: z.strictObject({}), response: ItemsView },
  /** A manager adds or changes an item (the manager's permission: `items`). */
  'items.save': { request: ItemDraft, response: CounterItem },
  /**
   * Items sold alone, paid with the tender: a `goods` entry of the journal. With the counter's
   * discounts, as a walk-in's (I12, I15): on an item's line (its id) or the whole sale.
   */
  'items.sell': {
    request: z.strictObject({
      items: ItemPicks.min(1),
      tender: Tender,
      counterDiscounts: z.array(CounterDiscountRequest).max(20).default([]),
    }),
    response: JournalEntryView,
  },
} as const;
