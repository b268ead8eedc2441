/**
 * The history already on this PC when it enrols with an office (AB22): every journal and audit
 * record, readable or not, oldest first — what the outbox's backfill enqueues once.
 */
import type { AuditLog } from '../audit/audit-log';
import type { Journal } from '../journal/journal';
import type { BackfillItem } from './office-outbox';

const ALL = ['0000-01-01', '9999-12-31'] as const;

export function historyOf(journal: Journal, audit: AuditLog): BackfillItem[] {
  const days = journal.range(...ALL);
  const audits = audit.range(...ALL);
  const items: { at: number; item: BackfillItem }[] = [
    ...days.records.map((record) => ({
      at: record.at,
      item: { stream: 'journal' as const, record },
    })),
    ...days.unreadable.map((u) => ({
      at: u.at ?? 0,
      item: {
        stream: 'journal' as const,
        unreadable: {
          id: u.id,
          businessDate: u.businessDate,
          at: u.at ?? null,
          kind: u.kind ?? null,
          amount: u.amount ?? null,
          problem: u.problem,
        },
      },
    })),
    ...audits.records.map((record) => ({
      at: record.at,
      item: { stream: 'audit' as const, record },
    })),
    ...audits.unreadable.map((u) => ({
      at: u.at ?? 0,
      item: {
        stream: 'audit' as const,
        unreadable: {
          id: u.id,
          businessDate: u.businessDate,
          at: u.at,
          kind: u.kind,
          amount: 0,
          problem: u.problem,
        },
      },
    })),
  ];
  // Stable: records of the same moment keep the journal's, then the audit's, order.
  return items.sort((a, b) => a.at - b.at).map((i) => i.item);
}
