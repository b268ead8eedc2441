/**
 * The store's reasons for a discount shared with the shop's other counters (issue 30,
 * I13), as the items and the staff list are (items/share.ts, S26): every reason this counter
 * changed or heard of goes into the shared doc when it has none or an older one; what the doc
 * holds comes into this counter's files when newer; a change made here goes in at once.
 */
import { isNewer } from '../../local/index';
import type { ShopState } from '../../shop/shared/shop-state';
import type { DiscountReasons } from './reasons';

export function shareDiscountReasons(state: ShopState, reasons: DiscountReasons): () => void {
  const exchange = () => {
    const shared = new Map(state.discountReasons().map((r) => [r.id, r]));
    for (const reason of shared.values()) reasons.merge(reason);
    for (const reason of reasons.changed())
      // A default never changed is everyone's already; only a stamped change is shared.
      if (reason.updatedAt > 0 && reason.updatedBy && isNewer(reason, shared.get(reason.id)))
        state.setDiscountReason(reason);
  };
  exchange();
  const offShop = state.onDiscountReasons(exchange);
  const offList = reasons.onChange((reason, from) => {
    if (from === 'here') state.setDiscountReason(reason);
  });
  return () => {
    offShop();
    offList();
  };
}
