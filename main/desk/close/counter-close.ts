/**
 * A counter's close of a day on the session: previewed (nothing written) or committed (a close
 * record appended, the day then locked by the journal). A day is closed once; a closed day is
 * changed by corrections, never by a second close (decision Z3).
 */
import type { CloseView, DenominationCount } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { JournalLockedError } from '../../local/index';
import { todayIn } from '../day/day';
import { onSiteOfDay } from '../onsite/day';
import { computeClose } from './figures';
import { checkInTally, recordsCountingOn } from './day-records';
import type { DeskSession } from '../desk-session';

export interface CloseEntry {
  date: string;
  openingFloat: number | null;
  counted: DenominationCount | null;
  note: string | null;
}

export function closeViewOf(
  session: DeskSession,
  entry: CloseEntry,
  now: number,
  refundsOwed: number,
): CloseView {
  const counter = session.counter();
  const day = recordsCountingOn(session.journal, counter.id, entry.date, session.timeZone);
  return computeClose({
    businessDate: entry.date,
    counter,
    timeZone: session.timeZone,
    records: day.records,
    unreadable: day.unreadable,
    close: day.close,
    openingFloat: entry.openingFloat ?? 0,
    counted: entry.counted,
    note: entry.note,
    checkIns: checkInTally(session.local.cache, entry.date, session.timeZone, now),
    refundsOwed,
    onSite: onSiteOfDay(session, entry.date, now),
  });
}

const alreadyClosed = (date: string) =>
  new DeskError(
    'DAY_ALREADY_CLOSED',
    `${date} is already closed at this counter; change it with a correction`,
  );

export function commitClose(
  session: DeskSession,
  entry: CloseEntry & { openingFloat: number; counted: DenominationCount },
  now: number,
  refundsOwed: number,
): CloseView {
  if (entry.date > todayIn(session.timeZone, now))
    throw new DeskError('CLOSE_FUTURE_DAY', 'a day can be closed once it has begun');
  const view = closeViewOf(session, entry, now, refundsOwed);
  if (view.closedAt !== null) throw alreadyClosed(entry.date);
  const note = entry.note?.trim() || null;
  if (view.overShort !== 0 && !note)
    throw new DeskError('INVALID_INPUT', 'a note is required when the cash is over or short', [
      { field: 'note', code: 'required', reason: 'over or short: say why' },
    ]);
  const counter = session.counter();
  try {
    session.journal.append({
      kind: 'close',
      at: now, // the desk's clock, the one the day and its lock are reckoned by
      businessDate: entry.date,
      counterId: counter.id,
      counterName: counter.name,
      openingFloat: entry.openingFloat,
      counted: entry.counted,
      countedCash: view.countedCash!,
      expectedCash: view.expectedCash,
      overShort: view.overShort!,
      note,
    });
  } catch (error) {
    // Closed meanwhile (another window of this counter): the same answer as above.
    if (error instanceof JournalLockedError) throw alreadyClosed(entry.date);
    throw error;
  }
  return closeViewOf(session, entry, now, refundsOwed);
}
