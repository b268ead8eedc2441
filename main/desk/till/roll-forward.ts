/**
 * The write-ahead's other half (issue 40, AB21): an office outbox entry is written before its
 * record reaches the journal or the audit log, so a record found in the outbox and not in its
 * log was committed — the process stopped between the two writes — and is written there now, at
 * open, before anything else records. Nothing is lost (the entry has it) and nothing doubles (a
 * record already in its log is left alone; the journal keeps one record per id).
 */
import type { Logger } from '../../api/index';
import type {
  AuditLog,
  AuditRecord,
  Journal,
  JournalRecord,
  NewRecord,
  OfficeOutbox,
} from '../../local/index';

export interface RolledForward {
  journal: number;
  audit: number;
}

export function rollForward(
  outbox: OfficeOutbox,
  journal: Journal,
  audit: AuditLog,
  logger: Logger,
): RolledForward {
  const rolled = { journal: 0, audit: 0 };
  const auditDays = new Map<string, Set<string>>();
  const auditHas = (day: string, id: string) => {
    let ids = auditDays.get(day);
    if (!ids) {
      const read = audit.range(day, day);
      ids = new Set([...read.records.map((r) => r.id), ...read.unreadable.map((u) => u.id)]);
      auditDays.set(day, ids);
    }
    return ids.has(id);
  };
  for (const entry of outbox.pending()) {
    if (entry.body === null) continue;
    try {
      if (entry.stream === 'journal') {
        if (journal.get(entry.id)) continue;
        journal.append(entry.body as unknown as NewRecord & JournalRecord);
        rolled.journal++;
      } else if (entry.businessDate && !auditHas(entry.businessDate, entry.id)) {
        audit.append(entry.body as unknown as AuditRecord);
        rolled.audit++;
      }
    } catch (error) {
      // Never blocks the others; the entry itself still goes to the office.
      logger.warn('office.roll_forward_failed', { seq: entry.seq, error: (error as Error).name });
    }
  }
  if (rolled.journal || rolled.audit) logger.info('office.rolled_forward', { ...rolled });
  return rolled;
}
