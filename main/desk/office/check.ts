/**
 * The check (issue 40): this counter's journal against the office's copy, by business day — how
 * many records and the sum of what they move (amountOf) on each side, every day that differs
 * listed with both figures and how many of its records are still waiting to be sent (the usual,
 * harmless reason). From the oldest day this PC still keeps (older days left it by J3) to today.
 */
import { OfficeTallies, type DayTally } from '../../../office/protocol/wire';
import type { OfficeCheck } from '../../ipc/contract';
import { todayIn } from '../day/day';
import type { DeskSession } from '../desk-session';
import { dayTallies } from './tallies';
import type { OfficeTransport } from './transport';

export async function checkWithOffice(
  session: DeskSession,
  transport: OfficeTransport,
  credential: string | null,
): Promise<OfficeCheck> {
  const to = todayIn(session.timeZone, session.now());
  const counter = dayTallies(session.journal, '0000-01-01', '9999-12-31');
  const from = counter[0]?.businessDate ?? to;
  const office = await transport.request(
    {
      method: 'GET',
      path: `/device/tallies?from=${from}&to=${to}`,
      credential: credential ?? undefined,
    },
    OfficeTallies,
  );
  return {
    from,
    to,
    ...compareTallies(counter, office.days, session.officeOutbox?.pending() ?? []),
    checkedAt: session.now(),
  };
}

/** Every day where the two sides differ (a day one side lacks counts as zero there). */
export function compareTallies(
  counter: readonly DayTally[],
  office: readonly DayTally[],
  pending: readonly { stream: string; businessDate: string | null }[],
): Pick<OfficeCheck, 'days' | 'differences'> {
  const mine = new Map(counter.map((d) => [d.businessDate, d]));
  const theirs = new Map(office.map((d) => [d.businessDate, d]));
  const waiting = new Map<string, number>();
  for (const e of pending)
    if (e.stream === 'journal' && e.businessDate)
      waiting.set(e.businessDate, (waiting.get(e.businessDate) ?? 0) + 1);
  const days = [...new Set([...mine.keys(), ...theirs.keys()])].sort();
  const differences = days.flatMap((businessDate) => {
    const c = mine.get(businessDate) ?? null;
    const o = theirs.get(businessDate) ?? null;
    if (c && o && c.count === o.count && c.sum === o.sum) return [];
    return [
      {
        businessDate,
        counter: c && { count: c.count, sum: c.sum },
        office: o && { count: o.count, sum: o.sum },
        pending: waiting.get(businessDate) ?? 0,
      },
    ];
  });
  return { days: days.length, differences };
}
