/**
 * The counter items picked for one sale (issue 30): a walk-in's, a collection's, or items sold
 * alone. Actions of the store that holds the sale, as the tender's are: each pick keeps the item's
 * names, price and rate as shown, and the tender's total follows (`tenderExtra`). The desk prices
 * them again from the catalogue; only ids and quantities are sent.
 */
import type { CounterItem, ItemPick } from '../../../main/ipc/contract';

export interface BasketLine {
  itemId: string;
  name: CounterItem['name'];
  unitPrice: number;
  rate: number;
  quantity: number;
}

export interface BasketState {
  basket: BasketLine[];
  tenderExtra: number;
}

export interface BasketActions {
  /** One more of an item (a tile tapped). */
  addItem(item: CounterItem): void;
  /** How many of a picked item; 0 takes it off. */
  setItemQuantity(itemId: string, quantity: number): void;
}

export const FRESH_BASKET = { basket: [], tenderExtra: 0 } satisfies BasketState;

export const basketTotal = (basket: readonly BasketLine[]) =>
  basket.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);

/** What is sent: the items and how many. */
export const picksOf = (basket: readonly BasketLine[]): ItemPick[] =>
  basket.map(({ itemId, quantity }) => ({ itemId, quantity }));

export function basketActions(
  set: (patch: Partial<BasketState>) => void,
  get: () => BasketState,
): BasketActions {
  const put = (basket: BasketLine[]) => set({ basket, tenderExtra: basketTotal(basket) });
  return {
    addItem(item) {
      const basket = get().basket;
      const picked = basket.find((l) => l.itemId === item.id);
      put(
        picked
          ? basket.map((l) =>
              l === picked ? { ...l, quantity: Math.min(999, l.quantity + 1) } : l,
            )
          : [
              ...basket,
              {
                itemId: item.id,
                name: item.name,
                unitPrice: item.price,
                rate: item.rate,
                quantity: 1,
              },
            ],
      );
    },
    setItemQuantity(itemId, quantity) {
      const q = Math.max(0, Math.min(999, Math.floor(quantity)));
      put(
        get()
          .basket.map((l) => (l.itemId === itemId ? { ...l, quantity: q } : l))
          .filter((l) => l.quantity > 0),
      );
    },
  };
}
