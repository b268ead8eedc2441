/**
 * The counter's state as the owner's live page shows it (books.ts' CounterStatus, AB59), read
 * where the counter already knows it: the money day (the till's: today, and whether this counter
 * closed it), the refunds owed (the status bar's list, refunds-owed.ts), today's bookings paid on
 * site with money still to take (the close's, onsite/day.ts), who is signed in at this counter.
 */
import type { CounterStatus } from '../../../office/protocol/books';
import type { StaffStamp } from '../../common/staff';
import type { DeskSession } from '../desk-session';
import { onSiteOfDay } from '../onsite/day';
import { refundsOwed } from '../sales/refunds-owed';

const tally = (amounts: readonly number[]) => ({
  count: amounts.length,
  amount: amounts.reduce((a, b) => a + b, 0),
});

export function counterStatusOf(
  session: DeskSession,
  staffOnTill: () => StaffStamp | null,
  toSend: number,
): CounterStatus | null {
  // The journal still read behind (G6): its figures would be short, so none is told yet.
  if (!session.journalLoaded) return null;
  const now = session.now();
  const day = session.till.moneyDay(now);
  const staff = staffOnTill();
  return {
    at: now,
    businessDate: day.today,
    dayClosed: day.afterClose,
    toSend,
    refundsOwed: tally(refundsOwed(session).map((o) => o.amount)),
    // A booking whose amount is not known yet counts with 0 yen: it is still one to take.
    onsiteUnpaid: tally(onSiteOfDay(session, day.today, now).unpaid.map((u) => u.owed ?? 0)),
    staffOnTill: staff && { id: staff.id.slice(0, 100), name: staff.name.slice(0, 100) },
  };
}
