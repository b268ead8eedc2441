/**
 * The walk-in's products as tiles (decision G17): each with its list prices, the next slot a
 * walk-in can take today and its seats; the most sold at this counter first (the desk counts
 * them), those with nothing left to sell today last, a closed day said as such.
 */
import type { ProductView, SlotView, WalkInChoice } from '../../../../main/ipc/contract';
import { nextBookable } from '../day/nextSlot';

export interface ProductTile {
  product: ProductView;
  /** Null: the desk has not said, or the service gives no list prices. */
  prices: { adult: number; child: number } | null;
  currency: string | null;
  /** The next slot a walk-in can take on the day; null: none left. */
  next: SlotView | null;
  /** The day's status is closed (a regular holiday, a date taken out). */
  closed: boolean;
}

export function productTiles(
  products: readonly ProductView[],
  choices: readonly WalkInChoice[] | null,
  day: { date: string; today: string; nowTime: string },
): ProductTile[] {
  const byId = new Map((choices ?? []).map((c) => [c.id, c]));
  const tiles = products.map((product, index) => {
    const choice = byId.get(product.id);
    const start = nextBookable(product, day.date, day.today, day.nowTime);
    const tile: ProductTile = {
      product,
      prices: choice?.prices ?? null,
      currency: choice?.currency ?? null,
      next: start === null ? null : (product.slots.find((s) => s.startTime === start) ?? null),
      closed: product.dayStatus === 'closed',
    };
    return { tile, index, sold: choice?.sold ?? 0 };
  });
  tiles.sort(
    (a, b) =>
      Number(a.tile.next === null) - Number(b.tile.next === null) ||
      b.sold - a.sold ||
      a.index - b.index,
  );
  return tiles.map((t) => t.tile);
}
