/**
 * The walk-in's last known prices on this counter (decisions J22, J23): the service's subtotal of
 * a product and party as the last calculate gave it, with when, so that a counter restarted while
 * the link is down still offers it (unconfirmed). One small plain file per store
 * (`prices/last.json`, in clear like items/, R9: the shop's prices, nothing personal — no guest,
 * no discount), rewritten whole through `Files` (atomic). At most 100 kept, the oldest dropped.
 *
 * Every price stands alone: one that fails its schema is dropped (logged, counted) and the others
 * kept; a file that cannot be read at all is set aside by `Files` (logged) and the prices start
 * empty, the file rebuilt by the next calculate — a cache of the service's answers, nothing staff
 * must act on, so it is no damage on the banner (open-store.ts).
 */
import { z } from 'zod';
import type { Logger } from '../../api/log';
import type { Files } from '../files/files';

export const LAST_PRICES_DIR = 'prices';
const NAME = 'last';
/** How many products and parties are kept. */
export const LAST_PRICES_KEPT = 100;

export const LastPrice = z.strictObject({
  productId: z.string().min(1).max(200),
  adults: z.number().int().min(0).max(10_000),
  children: z.number().int().min(0).max(10_000),
  currency: z.string().min(1).max(10),
  subtotal: z.number().int().min(0).max(1_000_000_000),
  /** When the service gave it (the counter's clock). */
  at: z.number().int().min(0),
});
export type LastPrice = z.infer<typeof LastPrice>;
export type PriceParty = Pick<LastPrice, 'productId' | 'adults' | 'children'>;

/** The file: the prices oldest first, each read alone. */
const PricesFile = z.object({
  v: z.literal(1),
  prices: z.array(z.unknown()).max(LAST_PRICES_KEPT * 2),
});

const keyOf = (p: PriceParty) => [p.productId, p.adults, p.children].join('|');

export class LastPrices {
  /** Key → price, oldest first; read from the file at the first use. */
  private kept: Map<string, LastPrice> | null = null;

  /** `files` null: kept in memory only (training). */
  constructor(
    private readonly files: Files | null,
    private readonly logger: Logger,
  ) {}

  /** The last price of a product and party; null: none known. */
  get(party: PriceParty): LastPrice | null {
    return this.prices().get(keyOf(party)) ?? null;
  }

  /** Keep a calculate's price (the newest of its party), the oldest dropped past the bound. */
  remember(price: LastPrice): void {
    const valid = LastPrice.parse(price);
    const kept = this.prices();
    kept.delete(keyOf(valid));
    kept.set(keyOf(valid), valid);
    while (kept.size > LAST_PRICES_KEPT) kept.delete(kept.keys().next().value!);
    this.files?.write(LAST_PRICES_DIR, NAME, { v: 1, prices: [...kept.values()] });
  }

  private prices(): Map<string, LastPrice> {
    if (this.kept) return this.kept;
    this.kept = new Map();
    const file = this.files?.read(LAST_PRICES_DIR, NAME, PricesFile);
    let bad = 0;
    for (const value of file?.prices ?? []) {
      const price = LastPrice.safeParse(value);
      if (!price.success) {
        bad++;
        continue;
      }
      this.kept.delete(keyOf(price.data));
      this.kept.set(keyOf(price.data), price.data);
    }
    while (this.kept.size > LAST_PRICES_KEPT) this.kept.delete(this.kept.keys().next().value!);
    if (bad) this.logger.warn('walkin.last_prices_unreadable', { count: bad });
    return this.kept;
  }
}
