/**
 * This counter's own tally of its journal by business day (issue 40): how many records and the
 * sum of what they move (amountOf, the one home of that figure) — records that can no longer be
 * read count with what their clear part says, as the office's copy of them does. Sent with each
 * batch and compared with the office's by the check.
 */
import type { DayTally } from '../../../office/protocol/wire';
import { amountOf, type Journal } from '../../local/index';

export function dayTallies(journal: Journal, from: string, to: string): DayTally[] {
  const days = new Map<string, DayTally>();
  const add = (businessDate: string, amount: number) => {
    const day = days.get(businessDate) ?? { businessDate, count: 0, sum: 0 };
    day.count++;
    day.sum += amount;
    days.set(businessDate, day);
  };
  const { records, unreadable } = journal.range(from, to);
  for (const r of records) add(r.businessDate, amountOf(r));
  for (const u of unreadable) if (u.businessDate) add(u.businessDate, u.amount ?? 0);
  return [...days.values()].sort((a, b) => (a.businessDate < b.businessDate ? -1 : 1));
}

/** The tallies of these days (those a batch touches), each day read alone. */
export function talliesOf(journal: Journal, days: readonly string[]): DayTally[] {
  return [...days].sort().flatMap((day) => dayTallies(journal, day, day));
}
