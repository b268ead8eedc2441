/**
 * The sales journal on disk: one sealed file per record (`journal-file.ts`), read whole once and
 * kept in memory (this process is the only writer). Not while the session opens (decision G6):
 * `loadInBackground` reads it a few days at a time between other work, and anything that needs it
 * before that is done reads the rest at once (every method here), so no caller sees it half-read. An append returns only once
 * its file is written. A file that cannot be read is listed as unreadable, by its day, and blocks
 * nothing. Old days go after the retention period (decision J3), except a day this counter never
 * closed and a sale someone still has to be paid back for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../api/log';
import type { Cipher } from '../files/crypto';
import type { Files } from '../files/files';
import { openRecord, sealRecord } from './journal-file';
import {
  AppendListeners,
  checkNotLocked,
  stamped,
  type Journal,
  type JournalDay,
  type JournalStamp,
} from './journal';
import type { JournalRecord, NewRecord, UnreadableRecord } from './records';

const DIR = 'journal';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface SealedJournalOptions {
  files: Files;
  cipher: Cipher;
  logger: Logger;
  now?: () => number;
  /** Who is doing what is appended (issue 29). */
  stamp?: JournalStamp;
}

export class SealedJournal implements Journal {
  private readonly byId = new Map<string, JournalRecord>();
  private readonly byDay = new Map<string, JournalRecord[]>();
  private readonly refersTo = new Map<string, JournalRecord[]>();
  private unreadable: UnreadableRecord[] = [];
  private readonly now: () => number;
  /** Days not read yet, newest last (read first); null: not listed yet. */
  private unread: string[] | null = null;
  private loading: Promise<void> | null = null;
  private readonly appended = new AppendListeners();

  constructor(private readonly options: SealedJournalOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether every day is read (until then, any use reads the rest first). */
  get loaded(): boolean {
    return this.unread !== null && this.unread.length === 0;
  }

  /**
   * Read the journal a few days at a time, yielding between them, until it is whole; resolves
   * then (at once when it is). Started once; later calls share it.
   */
  loadInBackground(sliceMs = 8): Promise<void> {
    this.loading ??= new Promise<void>((resolve) => {
      const step = () => {
        const until = performance.now() + sliceMs;
        while (!this.loaded && performance.now() < until) this.readDay();
        if (this.loaded) resolve();
        else setImmediate(step);
      };
      setImmediate(step);
    });
    return this.loading;
  }

  /** Read every day not read yet: what the journal's users see is always whole. */
  private whole(): void {
    while (!this.loaded) this.readDay();
  }

  /** Read one more day (the newest not read yet: the days staff look at first). */
  private readDay(): void {
    const { files, cipher, logger } = this.options;
    this.unread ??= files
      .dirs(DIR)
      .filter((d) => DAY.test(d))
      .sort();
    const day = this.unread.pop();
    if (day === undefined) return;
    for (const name of files.list(`${DIR}/${day}`)) {
      let text: string;
      try {
        text = readFileSync(path.join(files.root, DIR, day, `${name}.json`), 'utf8');
      } catch {
        // Gone meanwhile, or unreadable at the disk: listed like a damaged file.
        text = '';
      }
      const read = openRecord(cipher, text, name, day);
      if (read.ok) this.keep(read.record);
      else {
        this.unreadable.push(read.unreadable);
        logger.warn('journal.unreadable', { id: name, day, problem: read.unreadable.problem });
      }
    }
    this.byDay.get(day)?.sort((a, b) => a.at - b.at);
    if (this.loaded)
      logger.info('journal.opened', {
        records: this.byId.size,
        unreadable: this.unreadable.length,
      });
  }

  private keep(record: JournalRecord): void {
    this.byId.set(record.id, record);
    const day = this.byDay.get(record.businessDate) ?? [];
    day.push(record);
    this.byDay.set(record.businessDate, day);
    if ('refersTo' in record) {
      const about = this.refersTo.get(record.refersTo) ?? [];
      about.push(record);
      this.refersTo.set(record.refersTo, about);
    }
  }

  append(record: NewRecord): JournalRecord {
    this.whole();
    checkNotLocked(this.byDay.get(record.businessDate) ?? [], record);
    const full = {
      ...stamped(record, this.options.stamp),
      id: record.id ?? randomUUID(),
      at: record.at ?? this.now(),
    } as JournalRecord;
    if (this.byId.has(full.id)) throw new RangeError(`journal record ${full.id} exists`);
    // Written (renamed into place) before it is kept: what the journal holds is on disk.
    this.options.files.write(
      `${DIR}/${full.businessDate}`,
      full.id,
      sealRecord(this.options.cipher, full),
      {
        remember: false,
      },
    );
    this.keep(full);
    this.appended.tell(full, (error) =>
      this.options.logger.warn('journal.listener_failed', { error: (error as Error).name }),
    );
    return full;
  }

  onAppended(listener: (record: JournalRecord) => void): () => void {
    return this.appended.add(listener);
  }

  get(id: string): JournalRecord | null {
    this.whole();
    return this.byId.get(id) ?? null;
  }

  day(businessDate: string): JournalDay {
    return this.range(businessDate, businessDate);
  }

  range(from: string, to: string): JournalDay {
    this.whole();
    const records = [...this.byDay.entries()]
      .filter(([day]) => day >= from && day <= to)
      .flatMap(([, list]) => list)
      .sort((a, b) => a.at - b.at);
    const unreadable = this.unreadable.filter(
      (u) => u.businessDate !== null && u.businessDate >= from && u.businessDate <= to,
    );
    return { records, unreadable };
  }

  about(id: string): JournalRecord[] {
    this.whole();
    return [...(this.refersTo.get(id) ?? [])];
  }

  /** Every record, oldest first (the refunds owed look at every sale still kept). */
  all(): JournalRecord[] {
    this.whole();
    return [...this.byId.values()].sort((a, b) => a.at - b.at);
  }

  /**
   * Remove the days before `before` (a business date) that this counter closed, unless `keep`
   * says a record of the day is still needed (a refund owed). Unreadable files of such a day go
   * with it: the day was closed and counted. Returns how many files were removed.
   */
  purge(before: string, counterId: string, keep: (r: JournalRecord) => boolean): number {
    this.whole();
    let removed = 0;
    const { files, logger } = this.options;
    for (const day of files.dirs(DIR).filter((d) => DAY.test(d) && d < before)) {
      const records = this.byDay.get(day) ?? [];
      const closed = records.some((r) => r.kind === 'close' && r.counterId === counterId);
      if (!closed || records.some(keep)) continue;
      files.removeTree(`${DIR}/${day}`);
      for (const r of records) this.forget(r);
      removed += records.length;
      const lost = this.unreadable.filter((u) => u.businessDate === day);
      removed += lost.length;
      this.unreadable = this.unreadable.filter((u) => u.businessDate !== day);
      this.byDay.delete(day);
    }
    if (removed) logger.info('journal.purged', { before, removed });
    return removed;
  }

  private forget(record: JournalRecord): void {
    this.byId.delete(record.id);
    if ('refersTo' in record) {
      const rest = (this.refersTo.get(record.refersTo) ?? []).filter((r) => r.id !== record.id);
      if (rest.length) this.refersTo.set(record.refersTo, rest);
      else this.refersTo.delete(record.refersTo);
    }
  }
}
