/**
 * The local cache: what the counter shows when the service is slow or out of reach. Stores,
 * products and custom fields; availability by product and month; reservations by store and date
 * (sealed); local check-ins apart from synced data; sync state. Every item knows its age.
 *
 * Reservations are buffered in memory and written by `flush()`, so a sync page that touches many
 * dates writes each date file once, and a poll that changes nothing writes nothing. Reads see the
 * buffer, so the counter works from the cache while a first sync is still running.
 */
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { Availability, Product, Reservation, Store } from '../api/client';
import type { Logger } from '../api/log';
import { SealError, type Cipher } from './crypto';
import type { Files } from './files';
import {
  AvailabilityFile,
  CatalogueFile,
  CheckInFile,
  DateFileAny,
  MetaFile,
  NumbersFile,
  StoresFile,
  type CheckInEvent,
  type DateFile,
  type StoreSyncState,
} from './schema';

export const DEFAULT_RETENTION_DAYS = 30;
const SYNCED_AT_WRITE_MS = 5 * 60_000;
/** Decrypted records kept for reads (a busy day is read again after every poll). */
const OPENED_LIMIT = 5_000;

/** A file-system-safe, reversible name for an opaque id: UTF-8 bytes outside [A-Za-z0-9_-] as ~XX. */
export function safeName(id: string): string {
  return encodeURIComponent(id)
    .replace(/[!'()*.~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%/g, '~');
}

export function fromSafeName(name: string): string {
  return decodeURIComponent(name.replace(/~/g, '%'));
}

const dirOf = (kind: string, storeId: string) => `${kind}/${safeName(storeId)}`;

export interface CachedDay {
  reservations: Reservation[];
  /** Our clock when the store's reservations were last brought up to date; null if never. */
  syncedAt: number | null;
}

export interface CachedAvailability {
  day: Availability['days'][number];
  fetchedAt: number;
}

export interface CheckInRecord {
  current: CheckInEvent | null;
  history: CheckInEvent[];
}

export interface CacheOptions {
  files: Files;
  cipher: Cipher;
  logger: Logger;
  now?: () => number;
  retentionDays?: number;
}

const EMPTY_SYNC: StoreSyncState = { watermark: null, resumeFrom: null, lastSyncedAt: null };

function itemDates(r: Reservation): string[] {
  return [
    ...new Set(
      (r.items ?? []).map((i) => i.date).filter((d): d is string => typeof d === 'string'),
    ),
  ];
}

export class LocalCache {
  readonly files: Files;
  private readonly cipher: Cipher;
  private readonly logger: Logger;
  private readonly now: () => number;
  readonly retentionDays: number;
  private readonly dirtyDates = new Map<
    string,
    { storeId: string; date: string; file: DateFile }
  >();
  /** Records changed since the last flush. */
  private dirtyRecords = 0;
  /** Number shards, loaded once: number → date. */
  private readonly shards = new Map<
    string,
    { storeId: string; shard: string; numbers: Record<string, string>; dirty: boolean }
  >();
  /** Store id + reservation id → the sealed value last opened and what it held. */
  private readonly opened = new Map<string, { s: string; r: Reservation }>();
  /** Bumped by `requireFullSync`, so that a pass running meanwhile does not move the marks. */
  private readonly resets = new Map<string, number>();

  constructor(options: CacheOptions) {
    this.files = options.files;
    this.cipher = options.cipher;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
    this.retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  }

  // --- stores and catalogue ------------------------------------------------------------------

  saveStores(stores: Store[]): void {
    this.files.write('catalogue', 'stores', { v: 1, fetchedAt: this.now(), stores });
  }

  stores(): { stores: Store[]; fetchedAt: number } | null {
    const file = this.files.read('catalogue', 'stores', StoresFile);
    return file && { stores: file.stores as Store[], fetchedAt: file.fetchedAt };
  }

  saveCatalogue(storeId: string, products: Product[], store: Store | null = null): void {
    this.files.write('catalogue', safeName(storeId), {
      v: 1,
      fetchedAt: this.now(),
      store,
      products,
    });
  }

  catalogue(
    storeId: string,
  ): { products: Product[]; store: Store | null; fetchedAt: number } | null {
    const file: CatalogueFile | null = this.files.read(
      'catalogue',
      safeName(storeId),
      CatalogueFile,
    );
    return (
      file && {
        products: file.products as Product[],
        store: file.store as Store | null,
        fetchedAt: file.fetchedAt,
      }
    );
  }

  // --- availability --------------------------------------------------------------------------

  saveAvailability(storeId: string, availability: Availability): void {
    const month = `${String(availability.year).padStart(4, '0')}-${String(availability.month).padStart(2, '0')}`;
    const dir = dirOf('availability', storeId);
    const file = this.files.read(dir, month, AvailabilityFile) ?? { v: 1 as const, products: {} };
    file.products[availability.productId] = { fetchedAt: this.now(), days: availability.days };
    this.files.write(dir, month, file);
  }

  /** The cached availability of each product on a date, with its age. */
  availabilityOn(storeId: string, date: string): Map<string, CachedAvailability> {
    const file = this.files.read(
      dirOf('availability', storeId),
      date.slice(0, 7),
      AvailabilityFile,
    );
    const out = new Map<string, CachedAvailability>();
    for (const [productId, entry] of Object.entries(file?.products ?? {})) {
      const day = entry.days.find((d) => d.date === date);
      if (day)
        out.set(productId, { day: day as CachedAvailability['day'], fetchedAt: entry.fetchedAt });
    }
    return out;
  }

  // --- reservations --------------------------------------------------------------------------

  /** Cutoff date: reservations entirely before it are past their retention and not kept. */
  retentionCutoff(timeZone: string): string {
    return DateTime.fromMillis(this.now(), { zone: timeZone })
      .minus({ days: this.retentionDays })
      .toISODate()!;
  }

  private readDateFile(storeId: string, date: string): DateFile {
    const key = `${storeId}\n${date}`;
    const dirty = this.dirtyDates.get(key);
    if (dirty) return dirty.file;
    const dir = dirOf('reservations', storeId);
    // Not remembered for write-if-changed: a date file is only written when a record changed.
    const file = this.files.read(dir, date, DateFileAny, { remember: false });
    if (!file) return { v: 2, records: {} };
    if (file.v === 2) return file;
    // Version 1 held plain records: seal them and write the file in the current version.
    const migrated: DateFile = { v: 2, records: {} };
    for (const r of file.reservations)
      migrated.records[r.id] = { u: r.updatedAt, s: this.cipher.seal(r, r.id) };
    this.files.write(dir, date, migrated, { remember: false });
    this.logger.info('cache.migrated', { file: `${dir}/${date}`, from: 1, to: 2 });
    return migrated;
  }

  /**
   * Merge reservations from the service: a record replaces the cached one only when it is newer
   * (by updatedAt), so overlapping polls and repeated pages change nothing. Returns how many
   * records changed. Nothing is written until `flush()`.
   */
  applyReservations(storeId: string, reservations: Reservation[], cutoff: string): number {
    let changed = 0;
    for (const r of reservations) {
      const dates = itemDates(r);
      if (dates.length === 0 || dates.every((d) => d < cutoff)) continue;
      const updated = Date.parse(r.updatedAt);
      let sealed: string | null = null;
      for (const date of dates) {
        const key = `${storeId}\n${date}`;
        const file = this.readDateFile(storeId, date);
        const known = file.records[r.id];
        if (known && Date.parse(known.u) >= updated) continue;
        sealed ??= this.cipher.seal(r, r.id);
        file.records[r.id] = { u: r.updatedAt, s: sealed };
        this.dirtyDates.set(key, { storeId, date, file });
        changed++;
      }
      if (sealed) this.dirtyRecords++;
      // Also for records already cached: a number shard set aside is rebuilt by a full pass.
      if (typeof r.reservationNumber === 'string' && r.reservationNumber) {
        this.noteNumber(storeId, r.reservationNumber, dates[0]!);
      }
    }
    return changed;
  }

  private numberShard(n: string): string {
    return /\d$/.test(n) ? n.slice(-1) : 'x';
  }

  private shardOf(storeId: string, shard: string) {
    const key = `${storeId}\n${shard}`;
    let entry = this.shards.get(key);
    if (!entry) {
      const file = this.files.read(dirOf('numbers', storeId), shard, NumbersFile);
      entry = { storeId, shard, numbers: { ...file?.numbers }, dirty: false };
      this.shards.set(key, entry);
    }
    return entry;
  }

  private noteNumber(storeId: string, number: string, date: string): void {
    const entry = this.shardOf(storeId, this.numberShard(number));
    if (entry.numbers[number] === date) return;
    entry.numbers[number] = date;
    entry.dirty = true;
  }

  /** Write everything buffered; returns the number of files written. */
  flush(): number {
    let written = 0;
    for (const [key, { storeId, date, file }] of this.dirtyDates) {
      // Only changed files are dirty: no copy kept for write-if-changed (a day's file is large).
      if (this.files.write(dirOf('reservations', storeId), date, file, { remember: false })) {
        written++;
      }
      // Let each day go once written: a first sync's buffer is the bulk of its memory.
      this.dirtyDates.delete(key);
    }
    this.dirtyRecords = 0;
    return written + this.flushNumbers();
  }

  private flushNumbers(): number {
    let written = 0;
    for (const entry of this.shards.values()) {
      if (!entry.dirty) continue;
      entry.dirty = false;
      const { storeId, shard, numbers } = entry;
      if (this.files.write(dirOf('numbers', storeId), shard, { v: 1, numbers })) written++;
    }
    return written;
  }

  /** Files waiting for `flush()`. */
  get pendingWrites(): number {
    let shards = 0;
    for (const entry of this.shards.values()) if (entry.dirty) shards++;
    return this.dirtyDates.size + shards;
  }

  /** Records changed since the last `flush()`. */
  get pendingRecords(): number {
    return this.dirtyRecords;
  }

  private open(storeId: string, id: string, sealed: string): Reservation | null {
    const key = `${storeId}\n${id}`;
    const known = this.opened.get(key);
    if (known?.s === sealed) return known.r;
    try {
      const r = this.cipher.open<Reservation>(sealed, id);
      this.opened.delete(key);
      this.opened.set(key, { s: sealed, r });
      if (this.opened.size > OPENED_LIMIT) {
        this.opened.delete(this.opened.keys().next().value!);
      }
      return r;
    } catch (error) {
      if (!(error instanceof SealError)) throw error;
      // A record sealed with another key (the key was replaced) is unreadable: sync brings it back.
      this.logger.warn('cache.record_unreadable', { storeId, reservationId: id });
      return null;
    }
  }

  /**
   * A store's reservations on a date, as last synced. The records are shared with later reads:
   * treat them as read-only.
   */
  reservationsOn(storeId: string, date: string): CachedDay {
    const file = this.readDateFile(storeId, date);
    const reservations: Reservation[] = [];
    for (const [id, { s }] of Object.entries(file.records)) {
      const r = this.open(storeId, id, s);
      if (r) reservations.push(r);
    }
    return { reservations, syncedAt: this.syncState(storeId).lastSyncedAt };
  }

  /** The reservation a scanned number names, if it is cached. */
  findByNumber(storeId: string, number: string): Reservation | null {
    const date = this.shardOf(storeId, this.numberShard(number)).numbers[number];
    if (!date) return null;
    return (
      this.reservationsOn(storeId, date).reservations.find((r) => r.reservationNumber === number) ??
      null
    );
  }

  /** Dates with cached reservations (written or waiting for `flush()`), ascending. */
  cachedDates(storeId: string): string[] {
    const dates = new Set(this.files.list(dirOf('reservations', storeId)));
    for (const d of this.dirtyDates.values()) if (d.storeId === storeId) dates.add(d.date);
    return [...dates].sort();
  }

  // --- check-ins -----------------------------------------------------------------------------

  checkInsOn(storeId: string, date: string): Map<string, CheckInRecord> {
    const file = this.files.read(dirOf('checkins', storeId), date, CheckInFile);
    return new Map(Object.entries(file?.records ?? {}));
  }

  /** Record a check-in state (or its undo, with `state: null`) for a reservation on a date. */
  recordCheckIn(
    storeId: string,
    date: string,
    reservationId: string,
    event: CheckInEvent,
  ): CheckInRecord {
    const dir = dirOf('checkins', storeId);
    const file: z.infer<typeof CheckInFile> = this.files.read(dir, date, CheckInFile) ?? {
      v: 1,
      records: {},
    };
    const record = file.records[reservationId] ?? { current: null, history: [] };
    record.history.push(event);
    record.current = event.state === null ? null : event;
    file.records[reservationId] = record;
    this.files.write(dir, date, file);
    return record;
  }

  // --- sync state ----------------------------------------------------------------------------

  /** When each store was last brought up to date, newer than the file may say (see below). */
  private readonly syncedAt = new Map<string, number>();

  syncState(storeId: string): StoreSyncState {
    const stored = this.files.read('meta', 'sync', MetaFile)?.stores[storeId] ?? { ...EMPTY_SYNC };
    const recent = this.syncedAt.get(storeId);
    return recent !== undefined && recent > (stored.lastSyncedAt ?? 0)
      ? { ...stored, lastSyncedAt: recent }
      : stored;
  }

  /**
   * Save a store's sync state. A pass that changed nothing but the time it ran is not worth a
   * file write every few seconds: that time is kept in memory and written at most every few
   * minutes (after a restart the data only looks a little older than it is).
   */
  setSyncState(storeId: string, state: StoreSyncState): void {
    const file = this.files.read('meta', 'sync', MetaFile) ?? { v: 1 as const, stores: {} };
    const stored = file.stores[storeId];
    if (state.lastSyncedAt !== null) this.syncedAt.set(storeId, state.lastSyncedAt);
    const onlyTimeMoved =
      stored !== undefined &&
      stored.watermark === state.watermark &&
      stored.resumeFrom === state.resumeFrom &&
      state.lastSyncedAt !== null &&
      stored.lastSyncedAt !== null &&
      state.lastSyncedAt - stored.lastSyncedAt < SYNCED_AT_WRITE_MS;
    if (onlyTimeMoved) return;
    file.stores[storeId] = state;
    this.files.write('meta', 'sync', file);
  }

  /** Forget what sync knows of a store, so that the next pass is a full one. */
  requireFullSync(storeId: string): void {
    this.resets.set(storeId, this.resetCount(storeId) + 1);
    this.syncedAt.delete(storeId);
    this.setSyncState(storeId, { ...EMPTY_SYNC });
  }

  /** How many times the store's sync state was reset (see `requireFullSync`). */
  resetCount(storeId: string): number {
    return this.resets.get(storeId) ?? 0;
  }

  // --- retention -----------------------------------------------------------------------------

  /**
   * Delete customer data of past reservations: every reservation and check-in file of a date
   * before the retention cutoff, their reservation numbers, availability of months gone by, and
   * files set aside longer ago than the retention period.
   */
  purge(storeId: string, timeZone: string): { filesRemoved: number } {
    const cutoff = this.retentionCutoff(timeZone);
    let filesRemoved = 0;
    for (const kind of ['reservations', 'checkins']) {
      const dir = dirOf(kind, storeId);
      for (const date of this.files.list(dir)) {
        if (date < cutoff) {
          this.files.remove(dir, date);
          filesRemoved++;
        }
      }
    }
    for (const [key, d] of this.dirtyDates) {
      if (d.storeId === storeId && d.date < cutoff) this.dirtyDates.delete(key);
    }
    for (const [key, { r }] of this.opened) {
      if (key.startsWith(`${storeId}\n`) && itemDates(r).every((d) => d < cutoff)) {
        this.opened.delete(key);
      }
    }
    const numbersDir = dirOf('numbers', storeId);
    for (const shard of this.files.list(numbersDir)) {
      const entry = this.shardOf(storeId, shard);
      for (const [number, date] of Object.entries(entry.numbers)) {
        if (date < cutoff) {
          delete entry.numbers[number];
          entry.dirty = true;
        }
      }
    }
    const availabilityDir = dirOf('availability', storeId);
    for (const month of this.files.list(availabilityDir)) {
      if (month < cutoff.slice(0, 7)) {
        this.files.remove(availabilityDir, month);
        filesRemoved++;
      }
    }
    this.flushNumbers();
    const swept = this.files.sweep(this.now() - this.retentionDays * 86_400_000);
    filesRemoved += swept.setAside;
    if (filesRemoved) this.logger.info('cache.purged', { storeId, cutoff, filesRemoved });
    return { filesRemoved };
  }
}
