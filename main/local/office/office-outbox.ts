/**
 * The office's outbox (issue 40, decision AB20): every journal and audit record of this counter,
 * in one sequence 1, 2, 3… with no gap, kept until the head office has acknowledged it. One sealed
 * file per entry (entry-file.ts), named by its seq; a small state file keeps the `acked` cursor
 * (seq and when), written BEFORE the acknowledged entries are removed, so a crash between the two
 * only leaves files the next open removes. An entry is written before its record reaches the
 * journal or the audit log (the till's write-ahead): what is here is committed.
 *
 * Read whole at open and kept in memory (this process is the only writer). A damaged file stands
 * alone: it is an entry with `body: null` and a `problem`, sent so its place is accounted for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { OfficeRecord, Stream } from '../../../office/protocol/wire';
import type { Logger } from '../../api/log';
import type { AuditRecord } from '../audit/audit-log';
import type { Cipher } from '../files/crypto';
import type { Files } from '../files/files';
import { amountOf } from '../journal/amount';
import type { JournalRecord } from '../journal/records';
import { SEQ_NAME, nameOf, openEntry, sealEntry } from './entry-file';

const DIR = 'office';
const ENTRIES = 'office/entries';
const STATE = 'state';

const State = z.object({
  v: z.literal(1),
  /** Every entry up to `seq` is in the office's database; `at`: when it said so (our clock). */
  acked: z.object({ seq: z.number().int().nonnegative(), at: z.number().int() }).nullable(),
  /** The history already on this PC at enrolment is enqueued (once). */
  backfilled: z.boolean(),
});
type State = z.infer<typeof State>;

/** What is known of a record that could not be read (a damaged journal or audit file). */
export interface UnreadableKnown {
  id: string;
  businessDate: string | null;
  at: number | null;
  kind: string | null;
  amount: number | null;
  problem: string;
}

export interface OfficeOutboxOptions {
  files: Files;
  cipher: Cipher;
  logger: Logger;
  now: () => number;
}

export class OfficeOutbox {
  private readonly entries = new Map<number, OfficeRecord>();
  private state: State;

  constructor(private readonly options: OfficeOutboxOptions) {
    const { files, cipher, logger } = options;
    this.state = files.read(DIR, STATE, State) ?? { v: 1, acked: null, backfilled: false };
    const ackedSeq = this.state.acked?.seq ?? 0;
    for (const name of files.list(ENTRIES).filter((n) => SEQ_NAME.test(n))) {
      const seq = Number(name);
      // Acknowledged, its removal cut short by a crash: it goes now.
      if (seq <= ackedSeq) {
        files.remove(ENTRIES, name);
        continue;
      }
      let text = '';
      try {
        text = readFileSync(path.join(files.root, ENTRIES, `${name}.json`), 'utf8');
      } catch {
        // Unreadable at the disk: a damaged entry like any other.
      }
      const entry = openEntry(cipher, text, seq);
      if (entry.problem !== null && entry.body === null)
        logger.warn('office.entry_unreadable', { seq, problem: entry.problem });
      this.entries.set(seq, entry);
    }
  }

  /** The seq the next entry takes. */
  get nextSeq(): number {
    let max = this.state.acked?.seq ?? 0;
    for (const seq of this.entries.keys()) max = Math.max(max, seq);
    return max + 1;
  }

  /** A journal record, before the journal has it (the till's write-ahead). */
  journal(record: JournalRecord): OfficeRecord {
    return this.write({
      stream: 'journal',
      id: record.id,
      businessDate: record.businessDate,
      at: record.at,
      kind: record.kind,
      amount: amountOf(record),
      body: record as unknown as Record<string, unknown>,
      problem: null,
    });
  }

  /** An audit record, before the audit log has it. */
  audit(record: AuditRecord): OfficeRecord {
    return this.write({
      stream: 'audit',
      id: record.id,
      businessDate: record.businessDate,
      at: record.at,
      kind: record.kind,
      amount: 0,
      body: record as unknown as Record<string, unknown>,
      problem: null,
    });
  }

  /** A record this PC can no longer read (found at the backfill): sent for what is known of it. */
  unreadable(stream: Stream, known: UnreadableKnown): OfficeRecord {
    return this.write({
      stream,
      id: known.id,
      businessDate: known.businessDate,
      at: known.at,
      kind: known.kind?.slice(0, 40) || null,
      amount: known.amount ?? 0,
      body: null,
      problem: known.problem.slice(0, 60),
    });
  }

  private write(record: Omit<OfficeRecord, 'seq'>): OfficeRecord {
    const entry: OfficeRecord = { seq: this.nextSeq, ...record };
    this.options.files.write(ENTRIES, nameOf(entry.seq), sealEntry(this.options.cipher, entry), {
      remember: false,
    });
    this.entries.set(entry.seq, entry);
    return entry;
  }

  /** Entries not acknowledged yet, in seq order. */
  pending(): OfficeRecord[] {
    return [...this.entries.values()].sort((a, b) => a.seq - b.seq);
  }

  /** The first `max` entries not acknowledged yet, from `from` (the first pending by default). */
  batch(max: number, from = 0): OfficeRecord[] {
    return this.pending()
      .filter((e) => e.seq >= from)
      .slice(0, max);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Ids of the records the office has not acknowledged (the journal keeps their days: J3). */
  pendingIds(stream: Stream): Set<string> {
    return new Set(this.pending().flatMap((e) => (e.stream === stream ? [e.id] : [])));
  }

  /** Entries that could not be read: sent for what is known, listed for staff. */
  damaged(): OfficeRecord[] {
    return this.pending().filter((e) => e.body === null);
  }

  get acked(): { seq: number; at: number } | null {
    return this.state.acked;
  }

  get backfilled(): boolean {
    return this.state.backfilled;
  }

  /** The office holds everything through `seq`: the cursor is written, then those entries go. */
  ack(seq: number): void {
    const current = this.state.acked?.seq ?? 0;
    const through = Math.max(current, seq);
    this.saveState({ ...this.state, acked: { seq: through, at: this.options.now() } });
    for (const s of [...this.entries.keys()].filter((s) => s <= through)) {
      this.options.files.remove(ENTRIES, nameOf(s));
      this.entries.delete(s);
    }
  }

  /**
   * A replacement PC restored its counter's records through `head`: its own entries continue at
   * head + 1 (the office holds 1..head), and nothing of the restored history is enqueued again.
   */
  continueAfter(head: number): void {
    if (this.entries.size > 0) throw new Error('office outbox: entries pending, cannot continue');
    this.saveState({
      ...this.state,
      acked: { seq: head, at: this.options.now() },
      backfilled: true,
    });
  }

  /**
   * Enqueue, once, the history already on this PC at enrolment (oldest first): `history` lists it,
   * and records already pending (a backfill cut short) are skipped. Marked done after the last.
   */
  backfill(history: () => Iterable<BackfillItem>): number {
    if (this.state.backfilled) return 0;
    const seen = { journal: this.pendingIds('journal'), audit: this.pendingIds('audit') };
    let added = 0;
    for (const item of history()) {
      const id = item.record?.id ?? item.unreadable!.id;
      if (seen[item.stream].has(id)) continue;
      if (item.unreadable) this.unreadable(item.stream, item.unreadable);
      else if (item.stream === 'journal') this.journal(item.record as JournalRecord);
      else this.audit(item.record as AuditRecord);
      added++;
    }
    this.saveState({ ...this.state, backfilled: true });
    this.options.logger.info('office.backfilled', { added });
    return added;
  }

  private saveState(state: State): void {
    this.options.files.write(DIR, STATE, state);
    this.state = state;
  }
}

/** One record of the history at enrolment: readable, or what is known of it. */
export type BackfillItem =
  | { stream: 'journal'; record: JournalRecord; unreadable?: undefined }
  | { stream: 'audit'; record: AuditRecord; unreadable?: undefined }
  | { stream: Stream; record?: undefined; unreadable: UnreadableKnown };
