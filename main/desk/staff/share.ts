/**
 * The staff list and policy shared with the shop's other counters (issue 29, decision S26): every
 * member and the policy this counter holds go into the shared doc when it has none or an older
 * one; what the doc holds comes into this counter's files when newer. A change made here goes in
 * at once. Two counters that changed the same member apart settle on the later change (then the
 * greater counter id) on both sides: the side holding the newer one writes it back.
 */
import type { ShopState } from '../../shop/shared/shop-state';
import { isNewer } from '../../local/index';
import type { StaffBook } from './book';

export function shareStaff(state: ShopState, book: StaffBook): () => void {
  const exchange = () => {
    const shared = new Map(state.staffMembers().map((m) => [m.id, m]));
    for (const member of shared.values()) book.merge(member);
    for (const member of book.all())
      if (isNewer(member, shared.get(member.id))) state.setStaffMember(member);
    const policy = state.staffPolicy();
    if (policy) book.mergePolicy(policy);
    const ours = book.setPolicy();
    if (ours && isNewer(ours, policy)) state.setStaffPolicy(ours);
  };
  exchange();
  const offShop = state.onStaff(exchange);
  const offBook = book.onChange((change) => {
    if (change.from === 'shop') return;
    if (change.what === 'member') state.setStaffMember(change.member);
    else state.setStaffPolicy(change.policy);
  });
  return () => {
    offShop();
    offBook();
  };
}
