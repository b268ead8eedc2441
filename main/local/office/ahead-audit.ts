/**
 * The audit log with the office's write-ahead (issue 40, AB21): each record is given its id,
 * checked, and written to the office's outbox before the audit log has it, as the till does for
 * the journal. Reading is the audit log's own; `inner` is it (its retention purges it).
 */
import { randomUUID } from 'node:crypto';
import {
  AuditRecord,
  type AuditDays,
  type AuditLog,
  type NewAuditRecord,
} from '../audit/audit-log';
import type { OfficeOutbox } from './office-outbox';

export class AheadAuditLog implements AuditLog {
  constructor(
    readonly inner: AuditLog,
    private readonly outbox: OfficeOutbox,
  ) {}

  append(record: NewAuditRecord): AuditRecord {
    const full = AuditRecord.parse({ ...record, id: record.id ?? randomUUID() });
    this.outbox.audit(full);
    return this.inner.append(full);
  }

  range(from: string, to: string): AuditDays {
    return this.inner.range(from, to);
  }
}
