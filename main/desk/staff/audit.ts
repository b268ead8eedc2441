/**
 * The audit list as managers see it (issue 29): each record of some business days as a view, and
 * those that cannot be read as such (what is known of them and why), never blocking the rest; and
 * the same as CSV through the one writer, exported with the journal.
 */
import { DateTime } from 'luxon';
import { csvFile, type CsvCell } from '../../common/csv';
import * as auditWords from '../../common/words/audit';
import type { AuditEntryView, UiLocale } from '../../ipc/contract';
import type { AuditRecord, UnreadableAudit } from '../../local/index';
import type { DeskSession } from '../desk-session';

function recordView(r: AuditRecord): AuditEntryView {
  return {
    id: r.id,
    kind: r.kind,
    at: r.at,
    businessDate: r.businessDate,
    counterName: r.counterName,
    staffName: r.staff?.name ?? null,
    approvedByName: r.approvedBy?.name ?? null,
    subjectName: r.subject?.name ?? null,
    action: r.action,
    ref: r.ref,
    detail: r.detail,
    problem: null,
  };
}

function unreadableView(u: UnreadableAudit): AuditEntryView {
  return {
    id: u.id,
    kind: 'unreadable',
    at: u.at,
    businessDate: u.businessDate,
    counterName: null,
    staffName: null,
    approvedByName: null,
    subjectName: null,
    action: u.kind,
    ref: null,
    detail: null,
    problem: u.problem,
  };
}

/** The audit of business days `from`–`to`: oldest first, then what could not be read. */
export function auditEntries(session: DeskSession, from: string, to: string): AuditEntryView[] {
  const days = session.audit.range(from, to);
  return [...days.records.map(recordView), ...days.unreadable.map(unreadableView)];
}

const COLUMNS = [
  'businessDate',
  'time',
  'counter',
  'kind',
  'staff',
  'approvedBy',
  'subject',
  'action',
  'ref',
  'detail',
  'problem',
] as const;

export function auditCsv(
  session: DeskSession,
  range: { from: string; to: string },
  locale: UiLocale,
): { fileName: string; csv: string; rows: number } {
  const words = auditWords[locale];
  const rows: CsvCell[][] = auditEntries(session, range.from, range.to).map((e) => {
    const cells: Record<(typeof COLUMNS)[number], CsvCell> = {
      businessDate: e.businessDate,
      time:
        e.at === null
          ? null
          : DateTime.fromMillis(e.at, { zone: session.timeZone }).toFormat('yyyy-MM-dd HH:mm:ss'),
      counter: e.counterName,
      kind: words.kinds[e.kind],
      staff: e.staffName,
      approvedBy: e.approvedByName,
      subject: e.subjectName,
      // The action in words; its code(s) beside it, for support.
      action: auditWords.actionText(words, e),
      ref: e.ref,
      detail: e.kind === 'action' ? e.action : e.kind === 'approval' ? e.action : e.detail,
      problem: e.problem ? words.problems[e.problem as keyof typeof words.problems] : null,
    };
    return COLUMNS.map((c) => cells[c]);
  });
  return {
    fileName: `audit_${range.from}_${range.to}.csv`,
    csv: csvFile(
      COLUMNS.map((c) => words.columns[c]),
      rows,
    ),
    rows: rows.length,
  };
}
