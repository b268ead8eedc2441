/**
 * Every list of the store's settings this counter shares with the shop's other counters (AA41):
 * each declared beside its feature (its area and schema), with the session's copy of it.
 * `attachShop` shares each of them the same way (`shareList`); a setting shared next is one line
 * here and its own file.
 */
import type { ShopState } from '../shop/shared/shop-state';
import { catalogueOf, SHARED_ITEMS } from './items/catalogue';
import { reasonsOf, SHARED_REASONS } from './sales/reasons';
import type { Session } from './session';
import { shareList } from './shared-list';
import { SHARED_POLICY, SHARED_STAFF } from './staff/book';

/** A shared list as attachShop runs it: shared from the session's copy, until the returned stop. */
export type ShareHook = (state: ShopState, session: Session) => () => void;

export const SHARED_LISTS: readonly ShareHook[] = [
  // The staff list and policy: the same on every counter of the shop (issue 29).
  (state, s) => shareList(state, SHARED_STAFF, s.staff.members),
  (state, s) => shareList(state, SHARED_POLICY, s.staff.policyList()),
  // The catalogue of counter items (issue 30).
  (state, s) => shareList(state, SHARED_ITEMS, catalogueOf(s).list),
  // The reasons for a discount (I13).
  (state, s) => shareList(state, SHARED_REASONS, reasonsOf(s).shared),
];
