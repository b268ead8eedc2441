/**
 * The journal's retention (decision J3): closed days older than the years set in the money
 * settings leave this PC — the export is the archive — at most once a day, when the session opens
 * and when the journal is next looked at. A day never closed, and a sale still owed back, stay.
 */
import { DateTime } from 'luxon';
import { SealedAuditLog, SealedJournal } from '../../local/index';
import { todayIn } from '../day/day';
import type { SettingsFile } from '../settings';
import { stillOwed } from './refunds-owed';
import { moneySettingsOf } from './settings';
import type { DeskSession } from '../desk-session';

/** The day each session last purged. */
const purgedOn = new WeakMap<DeskSession, string>();

export function purgeJournal(session: DeskSession, settings: SettingsFile): number {
  if (!(session.journal instanceof SealedJournal)) return 0;
  const today = todayIn(session.timeZone, session.now());
  if (purgedOn.get(session) === today) return 0;
  purgedOn.set(session, today);
  const years = moneySettingsOf(settings).retentionYears;
  const before = DateTime.fromISO(today).minus({ years }).toISODate()!;
  try {
    // The audit's days go with the journal's (issue 29): the export is the archive of both.
    if (session.audit instanceof SealedAuditLog) session.audit.purge(before);
    return session.journal.purge(before, session.counter().id, stillOwed(session));
  } catch (error) {
    // Housekeeping: it never fails what staff are doing; the next day tries again.
    session.logger.warn('journal.purge_failed', { error: (error as Error).name });
    return 0;
  }
}
