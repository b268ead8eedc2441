/**
 * What the counter's features need of the sales journal: append a record, read a day, a range,
 * one record. The sealed, one-file-per-record journal on disk implements it; `MemoryJournal` keeps
 * records in memory (tests, and training mode's throwaway sales).
 */
import { randomUUID } from 'node:crypto';
import type { StaffStamp } from '../../common/staff';
import type { JournalRecord, NewRecord, UnreadableRecord } from './records';

/**
 * Who is doing what is appended now (issue 29): the member signed in, and who approved it. Every
 * record is stamped where it is appended, so no feature has to remember to; a record that says
 * its own keeps it.
 */
export type JournalStamp = () => { staff?: StaffStamp; approvedBy?: StaffStamp } | null;

/** `record` with who did it, unless it says. */
export function stamped(record: NewRecord, stamp: JournalStamp | undefined): NewRecord {
  const who = stamp?.();
  if (!who || record.staff) return record;
  return {
    ...record,
    ...(who.staff && { staff: who.staff }),
    ...(who.approvedBy && { approvedBy: who.approvedBy }),
  };
}

export interface JournalDay {
  records: JournalRecord[];
  unreadable: UnreadableRecord[];
}

export interface Journal {
  /** Appends a record (refused when its day is closed, except a correction or a receipt). */
  append(record: NewRecord): JournalRecord;
  get(id: string): JournalRecord | null;
  /** Every record of a business day, oldest first, and those that could not be read. */
  day(businessDate: string): JournalDay;
  /** Business days from `from` to `to` inclusive. */
  range(from: string, to: string): JournalDay;
  /** Records that name `id` (its refunds, corrections, receipts). */
  about(id: string): JournalRecord[];
  /**
   * Called with each record once it is appended (whoever wrote it): what follows the journal — the
   * store's close this counter shares — hears of every record in one place. Returns the unsubscribe.
   */
  onAppended(listener: (record: JournalRecord) => void): () => void;
}

/**
 * A journal's listeners to its appends: one that throws never fails the append (the record is
 * kept already); it is passed to `failed`.
 */
export class AppendListeners {
  private readonly listeners = new Set<(record: JournalRecord) => void>();

  add(listener: (record: JournalRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tell(record: JournalRecord, failed: (error: unknown) => void = () => {}): void {
    for (const listener of this.listeners) {
      try {
        listener(record);
      } catch (error) {
        failed(error);
      }
    }
  }
}

/** An append to a day this counter has closed: only corrections, receipts, drawer opens follow. */
export class JournalLockedError extends Error {
  override name = 'JournalLockedError';
}

/** Kinds that may be appended to a closed day. */
export const AFTER_CLOSE: ReadonlySet<JournalRecord['kind']> = new Set([
  'correction',
  'receipt',
  'drawer',
]);

/** Whether `record` may join `existing` (the same day's records): a closed day is locked. */
export function checkNotLocked(existing: readonly JournalRecord[], record: NewRecord): void {
  if (AFTER_CLOSE.has(record.kind)) return;
  const closed = existing.some(
    (r) =>
      r.kind === 'close' &&
      r.counterId === record.counterId &&
      r.businessDate === record.businessDate,
  );
  if (closed) throw new JournalLockedError(`${record.businessDate} is closed at this counter`);
}

/** The journal in memory: the same rules, nothing kept. */
export class MemoryJournal implements Journal {
  private readonly records: JournalRecord[] = [];
  private readonly appended = new AppendListeners();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly stamp?: JournalStamp,
  ) {}

  append(record: NewRecord): JournalRecord {
    checkNotLocked(this.day(record.businessDate).records, record);
    const full = {
      ...stamped(record, this.stamp),
      id: record.id ?? randomUUID(),
      at: record.at ?? this.now(),
    };
    this.records.push(full as JournalRecord);
    this.appended.tell(full as JournalRecord);
    return full as JournalRecord;
  }

  onAppended(listener: (record: JournalRecord) => void): () => void {
    return this.appended.add(listener);
  }

  get(id: string): JournalRecord | null {
    return this.records.find((r) => r.id === id) ?? null;
  }

  day(businessDate: string): JournalDay {
    return this.range(businessDate, businessDate);
  }

  range(from: string, to: string): JournalDay {
    return {
      records: this.records
        .filter((r) => r.businessDate >= from && r.businessDate <= to)
        .sort((a, b) => a.at - b.at),
      unreadable: [],
    };
  }

  about(id: string): JournalRecord[] {
    return this.records.filter((r) => 'refersTo' in r && r.refersTo === id);
  }
}
