/**
 * This counter's figures of the day kept in the shop's shared state as it records (decision
 * AA20), not only when its close screen is opened: after every record appended to its journal
 * (whoever wrote it), and when it starts sharing (what it recorded before, or while cut off). So
 * another counter's store close counts it without its staff doing anything.
 */
import type { Session } from '../session';
import { todayIn } from '../day/day';

/** `publish(date)` puts this counter's figures of `date` in the shop (it is the close app's). */
export function shareAsRecorded(session: Session, publish: (date: string) => void): void {
  const dates = new Set<string>();
  let queued: ReturnType<typeof setImmediate> | null = null;
  const flush = () => {
    queued = null;
    const due = [...dates];
    dates.clear();
    if (session.shared) for (const date of due) publish(date);
  };
  // Once per turn: a sale and its receipt (or a run of records) publish once, after the answer.
  session.journal.onAppended((record) => {
    dates.add(record.businessDate);
    queued ??= setImmediate(flush);
  });
  session.onShared(() => {
    // Behind the journal's read in the background (G6): today's view comes first.
    void session.journalReady().then(() => {
      dates.add(todayIn(session.timeZone, session.now()));
      queued ??= setImmediate(flush);
    });
  });
}
