/**
 * The till: the one door every record of this counter's journal passes (issue 39, decision AA1).
 * A feature says what happened (`record('sale', body)`); the till stamps when (the counter's
 * corrected time, H7/H8), the business day it counts on (Z10), this counter, who was signed in
 * and who approved, appends it, and tells those who listen (the status; next, replication to a
 * head office). Reading the journal stays with `session.journal`; writing is only here (a test
 * scans main/ for any other writer).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../api/index';
import {
  checkNotLocked,
  stamped,
  type Journal,
  type JournalRecord,
  type JournalStamp,
  type NewRecord,
} from '../../local/index';
import { dateIn, moneyDayOf, type MoneyDay } from './money-day';

export type RecordKind = JournalRecord['kind'];
export type RecordOf<K extends RecordKind> = Extract<JournalRecord, { kind: K }>;

/** What the till stamps: a feature never says these. */
type Stamped =
  'id' | 'kind' | 'at' | 'businessDate' | 'counterId' | 'counterName' | 'staff' | 'approvedBy';

/** What a feature says of a record of kind `K`. */
export type RecordBody<K extends RecordKind> = Omit<RecordOf<K>, Stamped>;

export interface RecordOptions {
  /**
   * The business day it counts on when not money made now's (Z10, the default): 'today', the
   * calendar's even after the close (a receipt handed over); or a given day (a close: the day
   * it closes; a drawer opened for a sale: the sale's).
   */
  day?: 'today' | { date: string };
}

export interface TillOptions {
  journal: Journal;
  timeZone: string;
  /** The counter's corrected time (H7): the only clock a record is stamped by. */
  now: () => number;
  counter: () => { id: string; name: string };
  /** Who is signed in and who approved (issue 29). */
  stamp: JournalStamp;
  logger: Logger;
  /**
   * The write-ahead (issue 40, AB21): given the full stamped record once the day is known not to
   * be locked, BEFORE the journal has it — the office's outbox entry commits it (a crash between
   * the two is rolled forward at the next open: roll-forward.ts). None: not enrolled, training.
   */
  ahead?: (record: JournalRecord) => void;
}

export type RecordedListener = (record: JournalRecord) => void;

export class Till {
  private readonly listeners = new Set<RecordedListener>();

  constructor(private readonly options: TillOptions) {}

  /** From now on every record is given to `ahead` first (the counter enrolled: AB21). */
  writeAhead(ahead: (record: JournalRecord) => void): void {
    this.options.ahead = ahead;
  }

  /**
   * While `refusal` says why (a replacement PC restoring its counter's records), nothing is
   * recorded: the error is thrown as it is, for staff to read.
   */
  refuseWhile(refusal: (() => Error | null) | null): void {
    this.refusal = refusal;
  }
  private refusal: (() => Error | null) | null = null;

  /** Write one record, stamped; refused (JournalLockedError) only on a day this counter closed. */
  record<K extends RecordKind>(
    kind: K,
    body: RecordBody<K>,
    options: RecordOptions = {},
  ): RecordOf<K> {
    const { journal, timeZone, counter, stamp } = this.options;
    const refused = this.refusal?.();
    if (refused) throw refused;
    const at = this.options.now();
    const { id: counterId, name: counterName } = counter();
    const { day } = options;
    const businessDate =
      day === undefined
        ? this.moneyDay(at).businessDate
        : day === 'today'
          ? dateIn(timeZone, at)
          : day.date;
    const full = stamped(
      {
        ...body,
        id: randomUUID(),
        kind,
        at,
        businessDate,
        counterId,
        counterName,
      } as unknown as NewRecord,
      stamp,
    ) as JournalRecord;
    if (this.options.ahead) {
      checkNotLocked(journal.day(businessDate).records, full);
      this.options.ahead(full);
    }
    const written = journal.append(full) as RecordOf<K>;
    for (const listener of this.listeners) {
      try {
        listener(written);
      } catch (error) {
        // The record is written: a listener's failure never makes it look unwritten.
        this.options.logger.warn('till.listener_failed', { error: (error as Error).name });
      }
    }
    return written;
  }

  /** The business day money recorded at `at` (now by default) counts on (Z10). */
  moneyDay(at = this.options.now()): MoneyDay {
    const { timeZone, journal, counter } = this.options;
    return moneyDayOf({ timeZone, journal, counter }, at);
  }

  /** Hear of every record written (after it is on disk); returns how to stop. */
  onRecorded(listener: RecordedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
