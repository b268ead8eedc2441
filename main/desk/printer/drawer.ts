/**
 * When the cash drawer opens (decision M11): after a tender that moved notes and coins — a sale
 * with a line of a method whose takings are in the drawer (`drawer: true` in the one table of
 * payment methods: cash), change handed back, or a refund paid out of it — and never for card or
 * QR alone; by hand only with a reason, and (once staff sign in, issue 29) only for who may. Every
 * open is a journal record (`drawer`), the pulse's fate with it.
 */
import { methodSpec, type TenderLine } from '../../common';
import type { JournalRecord } from '../../local/index';

/** Whether a tender's lines move cash in or out of the drawer. */
export function opensDrawer(lines: readonly TenderLine[]): boolean {
  return lines.some((l) => methodSpec(l.method).drawer);
}

/** Why a record's tender opens the drawer (null: it does not). */
export function drawerCause(record: JournalRecord): 'sale' | 'collection' | 'refund' | null {
  if (record.kind === 'sale') return opensDrawer(record.tender) ? 'sale' : null;
  if (record.kind === 'collection') return opensDrawer(record.tender) ? 'collection' : null;
  if (record.kind === 'refund') return opensDrawer(record.tender) ? 'refund' : null;
  return null;
}

/**
 * Who opens the drawer: the member the call is made by (issue 29: the router's guard let it
 * through), and whether the store has staff at all. The record's `staffId` names them.
 */
export interface DrawerActor {
  staffId: string | null;
  /** The store has staff (sign-in is asked): an open by hand needs a member. */
  staffSetUp: boolean;
}

/**
 * Who may open the drawer by hand: anyone until the store has staff; then only a call the guard
 * let through as made by a member who may (`drawer.open` asks the `drawer` permission, or a
 * manager's approval: main/desk/staff/permissions.ts). A call that reached the desk without the
 * guard, with nobody acting, is refused here.
 */
export function mayOpenByHand(actor: DrawerActor): boolean {
  return !actor.staffSetUp || actor.staffId !== null;
}
