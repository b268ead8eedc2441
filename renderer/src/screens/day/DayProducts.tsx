/**
 * The day's products, in either layout (the dense rows, or the roomy cards for touch screens): the
 * first screen first, the rest right behind (decisions G7, G9). Its own component so that the
 * fill's renders before the first paint (from a guess, a product at a time, measured against the
 * window) re-render the list alone, not the day's head, date switcher and pending notice.
 */
import { memo, useMemo, useRef } from 'react';
import type { DayLayout, ProductView } from '../../../../main/ipc/contract';
import { later } from '../../app/later';
import { useProgressive } from '../../components/useProgressive';
import { ProductRow } from './ProductRow';
import type { DayClock, ProductProps, Shared } from './productParts';

/**
 * The roomy cards for touch screens: not the default layout, so not in the JS the window starts
 * with (decision G15); fetched after the first paint, or at once by a counter set to them.
 */
const ProductCard = later<ProductProps>(() => import('./ProductCard').then((m) => m.ProductCard));

/**
 * Slots that fill about one screen: the products holding them are rendered first (G7), the guess
 * the first screen's measure starts from (G27).
 */
const FIRST_SLOTS = 12;

/** How many products, from the first, hold the first screen's slots (at least one). */
function firstScreen(products: readonly { slots: readonly unknown[] }[]): number {
  let count = 0;
  let slots = 0;
  for (const p of products) {
    if (count > 0 && slots >= FIRST_SLOTS) break;
    count++;
    slots += Math.max(1, p.slots.length);
  }
  return count;
}

export const DayProducts = memo(function DayProducts({
  date,
  products,
  layout,
  next,
  ...row
}: Shared &
  DayClock & {
    date: string;
    products: readonly ProductView[];
    layout: DayLayout;
    /** Each product's next bookable start. */
    next: ReadonlyMap<string, string | null>;
  }) {
  const list = useRef<HTMLDivElement>(null);
  const fill = useMemo(() => ({ list, step: 1 }), []);
  const shown = useProgressive(products.length, firstScreen(products), 1, date, fill);
  const Product = layout === 'cards' ? ProductCard : ProductRow;
  return (
    // Busy while the rest of a busy day is still being added behind its first screen.
    <div
      ref={list}
      id="day-products"
      className={`products ${layout}`}
      aria-busy={shown < products.length}
    >
      {products.slice(0, shown).map((p) => (
        <Product key={p.id} product={p} nextStart={next.get(p.id) ?? null} {...row} />
      ))}
    </div>
  );
});
