/**
 * What the status bar says of the head office (issue 40): how many records wait, how old the last
 * acknowledgement is, a warning when something waits and nothing was acknowledged for long, what
 * stopped sending (enrol again; tell the owner), entries this PC could not read, the restore.
 */
import type { OfficeStatus } from '../../ipc/contract';
import type { DeskSession } from '../desk-session';
import { officePart } from './office';

/** Something waits and the office has said nothing for this long: the bar warns. */
export const STALE_MS = 30 * 60_000;

export function officeStatusOf(session: DeskSession | null, now: number): OfficeStatus | null {
  const outbox = session?.officeOutbox;
  if (!session || !outbox) return null;
  const state = session.part(officePart);
  const sender = state.sender?.state ?? null;
  const pending = outbox.size;
  const lastAckAt = outbox.acked?.at ?? null;
  // Since the last acknowledgement, or since the oldest waiting record was made.
  const since = lastAckAt ?? outbox.pending()[0]?.at ?? now;
  return {
    pending,
    lastAckAt,
    stale: pending > 0 && now - since > STALE_MS,
    damaged: outbox.damaged().length,
    stopped: sender?.stopped?.kind ?? null,
    failures: sender?.failures ?? 0,
    restore: state.restore && {
      through: state.restore.through,
      head: state.restore.head,
      problem: state.restoreProblem,
    },
  };
}
