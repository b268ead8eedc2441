/**
 * This counter's figures of the day kept in the shop's shared state as it records (decision
 * AA20), not only when its close screen is opened: after every record the till makes, and when
 * the session starts sharing (what it recorded before, or while cut off). So another counter's
 * store close counts it without its staff doing anything.
 */
import type { CloseView } from '../../ipc/contract';
import { todayIn } from '../day/day';
import type { DeskSession, SessionPart } from '../desk-session';
import { definePart } from '../parts';
import { closeViewOf, type CloseEntry } from './counter-close';
import { summaryOf } from './store-close';

/**
 * The opening float staff last entered per day in this session: the store's close and the report,
 * which ask none, count with it rather than with none. A closed day has its own.
 */
export const openingFloats: SessionPart<Map<string, number>> = definePart(
  'close.floats',
  () => new Map(),
);

/** A day's close as far as staff have entered it: its float, nothing counted yet. */
export function closeEntryOf(session: Pick<DeskSession, 'part'>, date: string): CloseEntry {
  return {
    date,
    openingFloat: session.part(openingFloats).get(date) ?? null,
    counted: null,
    note: null,
  };
}

/** Puts this counter's figures of `view` in the shop, when it shares. */
export function publishOwn(session: DeskSession, view: CloseView): void {
  try {
    session.shared?.setOwnClose(summaryOf(view, session.now()));
  } catch (error) {
    // The shop is a view of the counters' figures: its failure never fails this counter's close.
    session.logger.warn('close.not_shared', { error: (error as Error).name });
  }
}

/** While the session shares: its figures of a day published after each record of that day. */
export const figuresAsRecorded: SessionPart<null> = definePart('close.as-recorded', () => null, {
  share: (_none, _state, session) => {
    const dates = new Set<string>();
    let queued: ReturnType<typeof setImmediate> | null = null;
    let stopped = false;
    const flush = () => {
      queued = null;
      const due = [...dates];
      dates.clear();
      for (const date of due)
        publishOwn(session, closeViewOf(session, closeEntryOf(session, date), session.now(), 0));
    };
    // Once per turn: a sale and its receipt (or a run of records) publish once, after the answer.
    const soon = (date: string) => {
      dates.add(date);
      queued ??= setImmediate(flush);
    };
    const off = session.till.onRecorded((record) => soon(record.businessDate));
    // Behind the journal's read in the background (G6): today's view comes first.
    void session.journalReady().then(() => {
      if (!stopped) soon(todayIn(session.timeZone, session.now()));
    });
    return () => {
      stopped = true;
      off();
      if (queued) clearImmediate(queued);
      queued = null;
    };
  },
});
