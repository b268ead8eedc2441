/**
 * A replacement PC's restore (issue 40, decision AB26): its counter's records come back from the
 * head office, page by page (`GET /v1/device/records?after=`), into its own journal and audit
 * log, sealed with this PC's key. The second writer of the journal beside the till, and only for
 * records that were written once already: each is taken as the office has it, in seq order, and a
 * record already here (a restore cut short and started again) is left alone. A record the office
 * holds without a body (damaged on the old PC) keeps its place in the sequence and is counted.
 * The outbox already continues after the office's head (set at enrolment), so nothing restored
 * is sent back.
 */
import type { OfficeRecord, RestorePage } from '../../../office/protocol/wire';
import type { Logger } from '../../api/index';
import { AuditRecord, JournalRecord, type AuditLog, type Journal } from '../../local/index';

/** How far a restore is: records through `through` of `head` are here. */
export interface RestoreProgress {
  through: number;
  head: number;
  /** Records the office holds without a body, or that could not be written here. */
  skipped: number;
}

export interface RestoreOptions {
  /** One page after `after`, as the office answers it (the sender's transport, authenticated). */
  page(after: number): Promise<RestorePage>;
  journal: Journal;
  /** The audit log itself, not the office's write-ahead around it. */
  audit: AuditLog;
  from: number;
  head: number;
  logger: Logger;
  onProgress(progress: RestoreProgress): void;
}

export class RestoreIncomplete extends Error {
  override name = 'RestoreIncomplete';
}

export async function restoreRecords(options: RestoreOptions): Promise<RestoreProgress> {
  const { journal, audit, logger } = options;
  const progress: RestoreProgress = { through: options.from, head: options.head, skipped: 0 };
  const auditIds = new Map<string, Set<string>>();
  const inAudit = (day: string, id: string) => {
    let ids = auditIds.get(day);
    if (!ids) {
      ids = new Set(audit.range(day, day).records.map((r) => r.id));
      auditIds.set(day, ids);
    }
    return ids.has(id);
  };
  const write = (r: OfficeRecord) => {
    if (r.body === null) return false;
    if (r.stream === 'journal') {
      const record = JournalRecord.parse(r.body);
      if (!journal.get(record.id)) journal.append(record);
    } else {
      const record = AuditRecord.parse(r.body);
      if (!inAudit(record.businessDate, record.id)) {
        audit.append(record);
        auditIds.get(record.businessDate)?.add(record.id);
      }
    }
    return true;
  };
  while (progress.through < progress.head) {
    const page = await options.page(progress.through);
    const records = page.records
      .filter((r) => r.seq > progress.through)
      .sort((a, b) => a.seq - b.seq);
    if (records.length === 0 || records[0]!.seq !== progress.through + 1)
      throw new RestoreIncomplete(`the office has no record ${progress.through + 1}`);
    for (const r of records) {
      if (r.seq !== progress.through + 1) break;
      let written = false;
      try {
        written = write(r);
      } catch (error) {
        logger.warn('office.restore_record_failed', { seq: r.seq, error: (error as Error).name });
      }
      if (!written) progress.skipped++;
      progress.through = r.seq;
    }
    options.onProgress({ ...progress });
  }
  logger.info('office.restored', { through: progress.through, skipped: progress.skipped });
  return progress;
}
