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
 * Who may open the drawer by hand. Everyone at the counter until staff sign in; issue 29's
 * permissions answer here (the one seam), and the record's `staffId` names who did.
 */
export interface DrawerActor {
  staffId: string | null;
}

export function mayOpenByHand(_actor: DrawerActor): boolean {
  return true;
}
