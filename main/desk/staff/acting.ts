/**
 * Who a call is made by (issue 29): the member signed in when the router let it through, and the
 * manager whose PIN approved it. Carried with the call through everything it awaits (Node's
 * AsyncLocalStorage), so that the records it writes — a journal entry, a check-in, a change —
 * are stamped where they are written, by the one who made the call, whatever another call does
 * meanwhile (decision S27). Outside a call (background work, tests calling the desk directly)
 * nobody is acting and nothing is stamped.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { StaffStamp } from '../../common/staff';

export interface Acting {
  staff: StaffStamp;
  approvedBy: StaffStamp | null;
}

const acting = new AsyncLocalStorage<Acting>();

/** Run `work` (and all it awaits) as made by `who`. */
export function runAs<T>(who: Acting, work: () => T): T {
  return acting.run(who, work);
}

/** Who the current call is made by, if anyone. */
export function actingNow(): Acting | null {
  return acting.getStore() ?? null;
}

/** The member acting now, as a record carries it (absent: nobody: the record says none). */
export function actingStaff(): { staff?: StaffStamp } {
  const who = actingNow();
  return who ? { staff: who.staff } : {};
}

/** Both stamps, for the journal (which stamps each record it appends). */
export function actingStamps(): { staff?: StaffStamp; approvedBy?: StaffStamp } | null {
  const who = actingNow();
  if (!who) return null;
  return who.approvedBy ? { staff: who.staff, approvedBy: who.approvedBy } : { staff: who.staff };
}
