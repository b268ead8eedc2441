/**
 * The catalogue of counter items shared with the shop's other counters (issue 30), as the staff
 * list is (staff/share.ts, decision S26): every item this counter holds goes into the shared doc
 * when it has none or an older one; what the doc holds comes into this counter's files when newer;
 * a change made here goes in at once.
 */
import { isNewer } from '../../local/index';
import type { ShopState } from '../../shop/shared/shop-state';
import type { ItemCatalogue } from './catalogue';

export function shareItems(state: ShopState, catalogue: ItemCatalogue): () => void {
  const exchange = () => {
    const shared = new Map(state.counterItems().map((i) => [i.id, i]));
    for (const item of shared.values()) catalogue.merge(item);
    for (const item of catalogue.all())
      if (isNewer(item, shared.get(item.id))) state.setCounterItem(item);
  };
  exchange();
  const offShop = state.onItems(exchange);
  const offCatalogue = catalogue.onChange((item, from) => {
    if (from === 'here') state.setCounterItem(item);
  });
  return () => {
    offShop();
    offCatalogue();
  };
}
