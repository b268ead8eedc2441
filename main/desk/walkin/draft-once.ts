/**
 * A walk-in draft is booked once (decision X1). The draft's id is its outbox entry's id, so the
 * entry on disk says the draft was booked, across a restart of the main process too; a booking of
 * the draft still running in this process is joined rather than started again; an entry a crash
 * left held for its sale is settled first (decision AA10: booked if its sale was written, else not
 * taken); a sale an older version wrote for the draft without its entry is taken up, not written
 * a second time.
 */
import type { WalkInOutcome } from '../../ipc/contract';
import type { OutboxEntry, SaleRecord } from '../../local/index';
import type { DeskSession, SessionPart } from '../desk-session';
import { definePart } from '../parts';
import { saleFor, settleTaking } from './taking';

/** Bookings running in this process, by draft (memory: the entry on disk outlives them). */
const running: SessionPart<Map<string, Promise<WalkInOutcome>>> = definePart(
  'walkin.running',
  () => new Map(),
);

/**
 * The draft's booking: the one running, else the outcome of its entry as it stands (queued,
 * sending, booked, refused…), else `book` — run once however often it is asked meanwhile.
 */
export function bookOnce(
  session: DeskSession,
  draftId: string,
  answer: (entry: OutboxEntry) => WalkInOutcome,
  book: () => Promise<WalkInOutcome>,
): Promise<WalkInOutcome> {
  const known = bookingOf(session, draftId, answer);
  if (known) return known;
  const mine = session.part(running);
  // Set before anything is awaited: a second Book arriving meanwhile joins this one.
  const booking = book().finally(() => mine.delete(draftId));
  mine.set(draftId, booking);
  return booking;
}

/**
 * The draft's booking if it has one: the one running in this process (joined), else the outcome
 * of its entry as it stands; null when the draft was never booked (no entry).
 */
export function bookingOf(
  session: DeskSession,
  draftId: string,
  answer: (entry: OutboxEntry) => WalkInOutcome,
): Promise<WalkInOutcome> | null {
  const joined = session.part(running).get(draftId);
  if (joined) return joined;
  settleTaking(takingOf(session), [draftId]);
  const entry = session.outbox.get(draftId);
  return entry ? Promise.resolve().then(() => answer(entry)) : null;
}

/** The session's parts a held entry is settled with (AA10). */
export const takingOf = (session: DeskSession) => ({
  outbox: session.outbox,
  journal: session.journal,
  timeZone: session.timeZone,
});

/** The sale written for outbox entry `entryId` taken at `at`, if any. */
export function saleOf(session: DeskSession, entryId: string, at: number): SaleRecord | null {
  return saleFor(session, entryId, at);
}
