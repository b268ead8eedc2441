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
import type { DeskSession, SessionPart } from '../desk-session';
import { definePart } from '../parts';

/** The day this session last purged (once a day is enough). */
const purgedOn: SessionPart<{ day: string | null }> = definePart('sales.purged-on', () => ({
  day: null,
}));

export function purgeJournal(session: DeskSession, settings: SettingsFile): number {
  if (!(session.journal instanceof SealedJournal)) return 0;
  const today = todayIn(session.timeZone, session.now());
  const purged = session.part(purgedOn);
  if (purged.day === today) return 0;
  purged.day = today;
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
