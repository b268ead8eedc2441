/**
 * The journal's retention (decision J3): closed days older than the years set in the money
 * settings leave this PC — the export is the archive — at most once a day, when the session opens
 * and when the journal is next looked at. A day never closed, and a sale still owed back, stay.
 */
import { DateTime } from 'luxon';
import { AheadAuditLog, SealedAuditLog, SealedJournal } from '../../local/index';
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
    // Nothing the head office has not acknowledged leaves this PC (issue 40, AB23): its journal
    // records stay, and the audit's days from the oldest one still to send.
    const office = session.officeOutbox;
    const unsent = office?.pendingIds('journal') ?? new Set<string>();
    const auditDays = office
      ?.pending()
      .flatMap((e) => (e.stream === 'audit' && e.businessDate ? [e.businessDate] : []))
      .sort();
    const auditBefore = auditDays?.[0] && auditDays[0] < before ? auditDays[0] : before;
    // The audit's days go with the journal's (issue 29): the export is the archive of both.
    const audit = session.audit instanceof AheadAuditLog ? session.audit.inner : session.audit;
    if (audit instanceof SealedAuditLog) audit.purge(auditBefore);
    const owed = stillOwed(session);
    return session.journal.purge(before, session.counter().id, (r) => owed(r) || unsent.has(r.id));
  } catch (error) {
    // Housekeeping: it never fails what staff are doing; the next day tries again.
    session.logger.warn('journal.purge_failed', { error: (error as Error).name });
    return 0;
  }
}
