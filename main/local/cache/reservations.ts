/**
 * The store's reservations, one sealed file per date, and the number index beside them.
 *
 * Changes are buffered in memory and written by `flush()`, so a sync page that touches many dates
 * writes each date file once, and a poll that changes nothing writes nothing. Reads see the
 * buffer, so the counter works from the cache while a first sync is still running.
 *
 * Each record opens or fails alone: one that cannot be opened (sealed with another key, damaged)
 * is dropped from its file, so that the next full sync stores it anew, and reported to the owner
 * (`onUnreadable`: counted in the damage log, a full sync asked for). It never fails a read.
 *
 * The days being looked at are kept parsed, with their opened records (decision G4): every change
 * of a date goes through `apply`, `on` (an unreadable record dropped) or `purge` here, which
 * update what is kept and bump the date's revision, so a busy day is not read, checked and
 * opened again after every poll. Nothing else writes these files (one process per cache).
 */
import type { Reservation } from '../../api/client';
import type { Logger } from '../../api/log';
import { SealError, type Cipher } from '../files/crypto';
import type { Files } from '../files/files';
import { storeDir } from '../files/layout';
import { ReservationNumbers } from './reservation-numbers';
import { Revisions } from './revisions';
import { DateFileAny, type DateFile } from './schema';

/** Decrypted records kept for reads (a busy day is read again after every poll). */
const OPENED_LIMIT = 5_000;
/** Dates kept parsed with their records: the day on screen and the few looked at around it. */
const DAYS_KEPT = 8;

/** The revision key of a date's reservations (see `Revisions`). */
export const reservationsKey = (date: string) => `reservations ${date}`;

function itemDates(r: Reservation): string[] {
  return [
    ...new Set(
      (r.items ?? []).map((i) => i.date).filter((d): d is string => typeof d === 'string'),
    ),
  ];
}

export interface ReservationsOptions {
  files: Files;
  cipher: Cipher;
  logger: Logger;
  storeId: string;
  /** Records found unreadable on a date (already dropped from the cache). */
  onUnreadable?: (date: string, count: number) => void;
  /** Where a change of a date is told (the cache's revisions). */
  revisions?: Revisions;
}

export class Reservations {
  private readonly files: Files;
  private readonly cipher: Cipher;
  private readonly logger: Logger;
  private readonly storeId: string;
  private readonly dir: string;
  private readonly numbers: ReservationNumbers;
  /** Date files changed since the last flush, by date. */
  private readonly dirtyDates = new Map<string, DateFile>();
  /** Records changed since the last flush. */
  private dirtyRecords = 0;
  /** Reservation id → the sealed value last opened and what it held. */
  private readonly opened = new Map<string, { s: string; r: Reservation }>();
  private readonly onUnreadable: (date: string, count: number) => void;
  /** Date files read and kept as parsed (clean, or the same object as in `dirtyDates`). */
  private readonly kept = new Map<string, DateFile>();
  /** A kept date's records, opened; dropped when the date changes. */
  private readonly lists = new Map<string, Reservation[]>();
  private readonly revisions: Revisions;

  constructor(options: ReservationsOptions) {
    this.files = options.files;
    this.cipher = options.cipher;
    this.logger = options.logger;
    this.storeId = options.storeId;
    this.dir = storeDir('reservations', options.storeId);
    this.numbers = new ReservationNumbers(options.files, options.storeId);
    this.onUnreadable = options.onUnreadable ?? (() => {});
    this.revisions = options.revisions ?? new Revisions();
  }

  /** The date changed: what was opened of it goes, and views built from it are out of date. */
  private changed(date: string): void {
    this.lists.delete(date);
    this.revisions.bump(reservationsKey(date));
  }

  /**
   * The date's file as parsed: the buffered one, the kept one, or read now. `keep` keeps a file
   * read now (a day being looked at); a sync's pass over many dates keeps none.
   */
  private readDateFile(date: string, keep: boolean): DateFile {
    const dirty = this.dirtyDates.get(date);
    if (dirty) return dirty;
    const kept = this.kept.get(date);
    if (kept) {
      // Most recently used last: the oldest goes first when too many are kept.
      this.kept.delete(date);
      this.kept.set(date, kept);
      return kept;
    }
    const file = this.readFromDisk(date);
    if (keep) {
      this.kept.set(date, file);
      if (this.kept.size > DAYS_KEPT) this.forgetDay(this.kept.keys().next().value!);
    }
    return file;
  }

  private forgetDay(date: string): void {
    this.kept.delete(date);
    this.lists.delete(date);
  }

  private readFromDisk(date: string): DateFile {
    // Not remembered for write-if-changed: a date file is only written when a record changed.
    const file = this.files.read(this.dir, date, DateFileAny, { remember: false });
    if (!file) return { v: 2, records: {} };
    if (file.v === 2) return file;
    // Version 1 held plain records: seal them and write the file in the current version.
    const migrated: DateFile = { v: 2, records: {} };
    for (const r of file.reservations)
      migrated.records[r.id] = { u: r.updatedAt, s: this.cipher.seal(r, r.id) };
    this.files.write(this.dir, date, migrated, { remember: false });
    this.logger.info('cache.migrated', { file: `${this.dir}/${date}`, from: 1, to: 2 });
    return migrated;
  }

  /**
   * Merge reservations from the service: a record replaces the cached one only when it is newer
   * (by updatedAt), so overlapping polls and repeated pages change nothing. Returns how many
   * records changed. Nothing is written until `flush()`.
   */
  apply(reservations: Reservation[], cutoff: string): number {
    let changed = 0;
    for (const r of reservations) {
      const dates = itemDates(r);
      if (dates.length === 0 || dates.every((d) => d < cutoff)) continue;
      const updated = Date.parse(r.updatedAt);
      let sealed: string | null = null;
      for (const date of dates) {
        const file = this.readDateFile(date, false);
        const known = file.records[r.id];
        if (known && Date.parse(known.u) >= updated) continue;
        sealed ??= this.cipher.seal(r, r.id);
        // A kept file is this same object: it stays right, only its opened records go.
        file.records[r.id] = { u: r.updatedAt, s: sealed };
        this.dirtyDates.set(date, file);
        this.changed(date);
        changed++;
      }
      if (sealed) this.dirtyRecords++;
      // Also for records already cached: a number shard set aside is rebuilt by a full pass.
      if (typeof r.reservationNumber === 'string' && r.reservationNumber) {
        this.numbers.note(r.reservationNumber, dates[0]!);
      }
    }
    return changed;
  }

  /** Write everything buffered; returns the number of files written. */
  flush(): number {
    let written = 0;
    for (const [date, file] of this.dirtyDates) {
      // Only changed files are dirty: no copy kept for write-if-changed (a day's file is large).
      if (this.files.write(this.dir, date, file, { remember: false })) written++;
      // Let each day go once written: a first sync's buffer is the bulk of its memory.
      this.dirtyDates.delete(date);
    }
    this.dirtyRecords = 0;
    return written + this.numbers.flush();
  }

  /** Files waiting for `flush()`. */
  get pendingWrites(): number {
    return this.dirtyDates.size + this.numbers.pendingWrites;
  }

  /** Records changed since the last `flush()`. */
  get pendingRecords(): number {
    return this.dirtyRecords;
  }

  private open(id: string, sealed: string): Reservation | null {
    const known = this.opened.get(id);
    if (known?.s === sealed) return known.r;
    try {
      const r = this.cipher.open<Reservation>(sealed, id);
      this.opened.delete(id);
      this.opened.set(id, { s: sealed, r });
      if (this.opened.size > OPENED_LIMIT) {
        this.opened.delete(this.opened.keys().next().value!);
      }
      return r;
    } catch (error) {
      // Whatever went wrong with this one record, the others are still read.
      const why = error instanceof SealError ? 'sealed' : 'content';
      this.logger.warn('cache.record_unreadable', {
        storeId: this.storeId,
        reservationId: id,
        why,
      });
      return null;
    }
  }

  /**
   * The reservations on a date. The list and its records are shared with later reads until the
   * date changes: treat them as read-only.
   */
  on(date: string): Reservation[] {
    const listed = this.lists.get(date);
    if (listed) return listed;
    const out: Reservation[] = [];
    const file = this.readDateFile(date, true);
    let unreadable = 0;
    for (const [id, { s }] of Object.entries(file.records)) {
      const r = this.open(id, s);
      if (r && typeof r === 'object') out.push(r);
      else {
        // Dropped, so that a full sync stores it again (a newer-only merge would skip it).
        delete file.records[id];
        unreadable++;
      }
    }
    if (unreadable) {
      this.dirtyDates.set(date, file);
      this.changed(date);
      this.onUnreadable(date, unreadable);
    }
    if (this.kept.get(date) === file) this.lists.set(date, out);
    return out;
  }

  /**
   * A date's records as sealed in its file, with their update times (not opened, not kept):
   * the search index takes the values of the results it shows from here after a restart.
   */
  sealedOn(date: string): Readonly<Record<string, { u: string; s: string }>> {
    return this.readDateFile(date, false).records;
  }

  /** The reservation a scanned number names, if it is cached. */
  findByNumber(number: string): Reservation | null {
    const date = this.numbers.dateOf(number);
    if (!date) return null;
    return this.on(date).find((r) => r.reservationNumber === number) ?? null;
  }

  /** Dates with cached reservations (written or waiting for `flush()`), ascending. */
  dates(): string[] {
    const dates = new Set(this.files.list(this.dir));
    for (const date of this.dirtyDates.keys()) dates.add(date);
    return [...dates].sort();
  }

  /**
   * Delete reservations entirely before the cutoff: the files of earlier dates, what waits to be
   * written for them, their numbers. Returns the files removed.
   */
  purge(cutoff: string): number {
    const removed = this.files.removeBefore(this.dir, cutoff);
    for (const date of this.dirtyDates.keys()) {
      if (date < cutoff) this.dirtyDates.delete(date);
    }
    for (const date of [...this.kept.keys()]) {
      if (date < cutoff) {
        this.forgetDay(date);
        this.changed(date);
      }
    }
    for (const [id, { r }] of this.opened) {
      if (itemDates(r).every((d) => d < cutoff)) this.opened.delete(id);
    }
    this.numbers.purge(cutoff);
    return removed;
  }
}
