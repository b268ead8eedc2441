/**
 * Counter items (issue 30): what a till sells besides bookings — rentals, goods, food and drink —
 * from a small catalogue per store, and the line a sale of them keeps. Items never go to the
 * service (it sells bookings only): the journal's line is the counter's whole record of one, with
 * its names as sold in both languages and its rate, so a receipt, the close and the CSV read it
 * alone. Leaf module: zod and main/common's primitives only.
 */
import { z } from 'zod';
import { Amount } from './amount';

/** An item's id: a UUID given when it is added (also its file's name). */
export const ItemId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected an item id');

/**
 * The consumption tax rates an item may carry: the standard 10 %, or the reduced 8 % (food and
 * drink taken away: 軽減税率). A receipt marks the reduced ones ※ (Q15).
 */
export const ItemRate = z.union([z.literal(10), z.literal(8)]);
export type ItemRate = z.infer<typeof ItemRate>;
export const REDUCED_RATE = 8;

/** What an item is, as the close adds items up (its words: main/common/words/items.ts). */
export const ItemCategory = z.enum(['rental', 'goods', 'food', 'drink', 'other']);
export type ItemCategory = z.infer<typeof ItemCategory>;

/** An item's name in both languages: a receipt prints the guest's, the close the counter's. */
export const ItemName = z.strictObject({
  ja: z.string().trim().min(1).max(60),
  en: z.string().trim().min(1).max(60),
});
export type ItemName = z.infer<typeof ItemName>;

/** An item of the store's catalogue, as a manager wrote it. */
export const CounterItem = z.strictObject({
  id: ItemId,
  name: ItemName,
  /** Tax included, whole yen. */
  price: Amount,
  rate: ItemRate,
  category: ItemCategory,
  /** Sold at the counters (an inactive item stays, for the sales that named it). */
  active: z.boolean(),
  /** Our clock when it was last changed, at the counter that changed it: the newer one wins. */
  updatedAt: z.number().int().min(0),
  updatedBy: z.string().min(1).max(200),
});
export type CounterItem = z.infer<typeof CounterItem>;

/**
 * A line of items sold, as the journal keeps it: the item, its names and price as sold (a later
 * change of the catalogue does not change what a sale says), how many, at which rate.
 */
export const ItemLine = z.strictObject({
  itemId: ItemId,
  name: ItemName,
  category: ItemCategory,
  unitPrice: Amount,
  quantity: z.number().int().min(1).max(999),
  taxRate: ItemRate,
});
export type ItemLine = z.infer<typeof ItemLine>;

/** The most lines a sale carries (a counter sale is short; the bound keeps a record small). */
export const MAX_ITEM_LINES = 30;

/** What items ask to be sold: which, how many (names and prices are the catalogue's). */
export const ItemPick = z.strictObject({
  itemId: ItemId,
  quantity: z.number().int().min(1).max(999),
});
export type ItemPick = z.infer<typeof ItemPick>;

/** The tax-included amount of some lines. */
export function itemsTotal(lines: readonly Pick<ItemLine, 'unitPrice' | 'quantity'>[]): number {
  return lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
}
