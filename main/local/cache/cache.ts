/**
 * The local cache of one store: what the counter shows when the service is slow or out of reach.
 * The stores, the store's products and availability (`catalogue.ts`); its reservations by date,
 * sealed, with their number index (`reservations.ts`); check-ins recorded here, apart from synced
 * data (`../checkins/`); what sync knows (`sync-state.ts`). Every item knows its age.
 *
 * The store and its time zone are given once, when the cache is opened: the retention cutoff is
 * a date in the store's zone.
 *
 * Over 300 lines: it is the one facade every writer goes through (sync, the shop's relay, the
 * counter's own changes), so the revisions a day view is kept by and the search index stay in
 * step with what is written; each part's logic lives in its own module.
 */
import { DateTime } from 'luxon';
import type { Availability, Product, Reservation, Store } from '../../api/client';
import type { Logger } from '../../api/log';
import {
  CATALOGUE_KEY,
  CatalogueCache,
  availabilityKey,
  type CachedAvailability,
  type ProductSeatChange,
} from './catalogue';
import {
  CheckIns,
  checkInsKey,
  type CheckInCounter,
  type CheckInRecord,
  type NewCheckIn,
} from '../checkins/checkins';
import type { Cipher } from '../files/crypto';
import type { DamageLog } from '../files/damage';
import type { Files } from '../files/files';
import { Reservations, reservationsKey } from './reservations';
import { Revisions } from './revisions';
import type { CheckInEvent, StoreSyncState } from './schema';
import { CacheSearch } from '../search/cache-search';
import type { ReadingSource } from '../search/reading-service';
import { SYNC_KEY, SyncState } from './sync-state';

/** Bumped when retention removes data: every view of an earlier date is out of date. */
const PURGE_KEY = 'purge';

export type { CachedAvailability, CheckInCounter, CheckInRecord, NewCheckIn, ProductSeatChange };

export const DEFAULT_RETENTION_DAYS = 30;

export interface CachedDay {
  reservations: Reservation[];
  /** Our clock when the store's reservations were last brought up to date; null if never. */
  syncedAt: number | null;
}

export interface CacheOptions {
  files: Files;
  cipher: Cipher;
  logger: Logger;
  storeId: string;
  /** Where what is lost is reported. */
  damage: DamageLog;
  /** The store's time zone: dates are the store's. */
  timeZone: string;
  now?: () => number;
  retentionDays?: number;
  /** This counter, as its check-ins name it (none given: an unnamed one). */
  counter?: () => CheckInCounter;
  /** Reads kanji names for the search index (none: names are found as written only). */
  readings?: ReadingSource | null;
}

/** The counter a cache opened without one records as (tests, tools). */
const UNNAMED_COUNTER: CheckInCounter = { id: 'this-counter', name: '' };

type CheckInListener = (date: string, reservationId: string, events: CheckInEvent[]) => void;

export class LocalCache {
  private readonly checkInListeners = new Set<CheckInListener>();
  readonly storeId: string;
  readonly timeZone: string;
  readonly retentionDays: number;
  private readonly files: Files;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly listings: CatalogueCache;
  private readonly reservations: Reservations;
  private readonly checkIns: CheckIns;
  private readonly sync: SyncState;
  private readonly damage: DamageLog;
  /** The search index over the cached reservations, kept with them. */
  readonly search: CacheSearch;
  /** Records from the service already reported unreadable by this process (each once). */
  private readonly reportedUnreadable = new Set<string>();
  /** What changed, told by the code that writes it (see `dayRevision`). */
  private readonly revisions = new Revisions();
  /** The tree's modes were seen to by this process (the first `purge`). */
  private tightened = false;

  constructor(options: CacheOptions) {
    const { files, storeId } = options;
    this.storeId = storeId;
    this.timeZone = options.timeZone;
    this.files = files;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
    this.retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
    this.damage = options.damage;
    this.listings = new CatalogueCache(files, storeId, this.now, this.revisions);
    this.reservations = new Reservations({
      ...options,
      revisions: this.revisions,
      onUnreadable: (date, count) => {
        options.damage.report({ kind: 'cache_rebuilt', count, where: `reservations/${date}` });
        this.requireRebuild('cached records were unreadable');
      },
    });
    this.search = new CacheSearch({
      files,
      cipher: options.cipher,
      storeId,
      logger: options.logger,
      source: this.reservations,
      readings: options.readings ?? null,
    });
    this.checkIns = new CheckIns(
      files,
      storeId,
      options.counter ?? (() => UNNAMED_COUNTER),
      this.revisions,
    );
    this.sync = new SyncState(files, storeId, this.revisions);
  }

  /**
   * Changes with everything a day view of `date` reads from the cache: its reservations and
   * check-ins, its month's availability, the catalogue, the sync state, retention. Each is bumped
   * by the code here that writes it (sync, the shop's relay and this counter's own changes all
   * write through this cache), never guessed from files on disk (decision G4).
   */
  dayRevision(date: string): string {
    const r = this.revisions;
    return [
      r.of(reservationsKey(date)),
      r.of(checkInsKey(date)),
      r.of(availabilityKey(date.slice(0, 7))),
      r.of(CATALOGUE_KEY),
      r.of(SYNC_KEY),
      r.of(PURGE_KEY),
    ].join('.');
  }

  // --- stores, catalogue, availability -------------------------------------------------------

  saveStores(stores: Store[]): void {
    this.listings.saveStores(stores);
  }

  stores(): { stores: Store[]; fetchedAt: number } | null {
    return this.listings.stores();
  }

  saveCatalogue(products: Product[], store: Store | null = null): void {
    this.listings.saveCatalogue(products, store);
  }

  catalogue(): { products: Product[]; store: Store | null; fetchedAt: number } | null {
    return this.listings.catalogue();
  }

  saveAvailability(availability: Availability, fetchedAt?: number): void {
    this.listings.saveAvailability(availability, fetchedAt);
  }

  /** The cached availability of each product on a date, with its age and our own changes. */
  availabilityOn(date: string): Map<string, CachedAvailability> {
    return this.listings.availabilityOn(date);
  }

  /** A month's cached availability of every product, with the seat changes noted since. */
  availabilityOfMonth(
    month: string,
  ): { availability: Availability; fetchedAt: number; local: ProductSeatChange[] }[] {
    return this.listings.availabilityOfMonth(month);
  }

  /** The counter's own bookings and cancellations, in remaining seats until the next fetch. */
  noteSeatChanges(changes: readonly ProductSeatChange[]): number {
    return this.listings.noteSeatChanges(changes);
  }

  // --- reservations --------------------------------------------------------------------------

  /** Cutoff date: reservations entirely before it are past their retention and not kept. */
  retentionCutoff(): string {
    return DateTime.fromMillis(this.now(), { zone: this.timeZone })
      .minus({ days: this.retentionDays })
      .toISODate()!;
  }

  /**
   * Merge reservations from the service: a record replaces the cached one only when it is newer
   * (by updatedAt). Returns how many records changed. Nothing is written until `flush()`.
   */
  applyReservations(reservations: Reservation[], cutoff: string): number {
    // The index first: a new cache's index opens empty before these records are in the files.
    this.search.apply(reservations, cutoff);
    return this.reservations.apply(reservations, cutoff);
  }

  /** Write everything buffered; returns the number of files written. */
  /**
   * Records the service sent that the client could not read (by id where they have one): left
   * out of the cache and reported once each, so staff know a reservation may be missing from the
   * day and look it up in the service's admin. A later listing may bring a readable version.
   */
  noteUnreadableFromService(records: readonly { id: string | null; problem: string }[]): number {
    // One without an id is known by what is wrong with it.
    const keyOf = (r: { id: string | null; problem: string }) => r.id ?? `?${r.problem}`;
    const fresh = records.filter((r) => !this.reportedUnreadable.has(keyOf(r)));
    if (fresh.length === 0) return 0;
    for (const r of fresh) this.reportedUnreadable.add(keyOf(r));
    const ids = fresh.flatMap((r) => (r.id === null ? [] : [r.id]));
    this.damage.report({
      kind: 'service_records_unreadable',
      count: fresh.length,
      where: ids.length ? ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', …' : '') : null,
    });
    this.logger.warn('sync.records_unreadable', { storeId: this.storeId, count: fresh.length });
    return fresh.length;
  }

  flush(): number {
    return this.reservations.flush() + this.search.flush();
  }

  /** Files waiting for `flush()`. */
  get pendingWrites(): number {
    return this.reservations.pendingWrites + this.search.pendingWrites;
  }

  /** Records changed since the last `flush()`. */
  get pendingRecords(): number {
    return this.reservations.pendingRecords;
  }

  /** The reservations on a date, as last synced. Shared with later reads: treat as read-only. */
  reservationsOn(date: string): CachedDay {
    return {
      reservations: this.reservations.on(date),
      syncedAt: this.sync.get().lastSyncedAt,
    };
  }

  /** The reservation a scanned number names, if it is cached. */
  findByNumber(number: string): Reservation | null {
    return this.reservations.findByNumber(number);
  }

  /** Dates with cached reservations (written or waiting for `flush()`), ascending. */
  cachedDates(): string[] {
    return this.reservations.dates();
  }

  // --- check-ins -----------------------------------------------------------------------------

  checkInsOn(date: string): Map<string, CheckInRecord> {
    return this.checkIns.on(date);
  }

  /** Dates with any check-in recorded: the others need not be looked at. */
  checkInDates(): Set<string> {
    return this.checkIns.recordedDates();
  }

  /** One reservation's check-ins on a date (an empty record when none). */
  checkInOf(date: string, reservationId: string): CheckInRecord {
    return this.checkIns.get(date, reservationId);
  }

  /**
   * Record a check-in state (or its undo, with `state: null`) made at this counter; its basis is
   * the record's head unless given (the event staff saw as current).
   */
  recordCheckIn(
    date: string,
    reservationId: string,
    event: NewCheckIn,
    basis?: string | null,
  ): CheckInRecord {
    const known = new Set(this.checkIns.get(date, reservationId).events.map((e) => e.id));
    const record = this.checkIns.record(date, reservationId, event, basis);
    const added = record.events.filter((e) => !known.has(e.id));
    for (const listener of this.checkInListeners) listener(date, reservationId, added);
    return record;
  }

  /** This counter recorded check-in events (the shop shares them with the other counters). */
  onCheckInRecorded(listener: CheckInListener): () => void {
    this.checkInListeners.add(listener);
    return () => this.checkInListeners.delete(listener);
  }

  /** Add check-in events other counters made: idempotent, in any order. */
  mergeCheckIns(
    date: string,
    reservationId: string,
    events: readonly CheckInEvent[],
  ): CheckInRecord {
    return this.checkIns.merge(date, reservationId, events);
  }

  // --- sync state ----------------------------------------------------------------------------

  syncState(): StoreSyncState {
    return this.sync.get();
  }

  /** Save the sync state (a pass that only moved its time is written every few minutes). */
  setSyncState(state: StoreSyncState): void {
    this.sync.set(state);
  }

  /** Forget what sync knows, so that the next pass is a full one. */
  requireFullSync(): void {
    this.sync.requireFull();
  }

  /**
   * Lost cached data is brought back by a full sync. One is asked for unless one is already
   * due (nothing synced yet), so that many unreadable records cost one reset, not one each.
   */
  requireRebuild(reason: string): void {
    const state = this.sync.get();
    if (state.watermark === null && state.resumeFrom === null) return;
    this.logger.warn('cache.rebuild', { storeId: this.storeId, reason });
    this.sync.requireFull();
  }

  /** How many times the sync state was reset (see `requireFullSync`). */
  resetCount(): number {
    return this.sync.resetCount;
  }

  // --- retention -----------------------------------------------------------------------------

  /**
   * Delete customer data of past reservations: every reservation and check-in file of a date
   * before the retention cutoff, their reservation numbers and search entries, availability of
   * months gone by, and files set aside longer ago than the retention period. Also the
   * housekeeping that walks the whole tree, kept off the start (decision G6): temp files a crash
   * left, and, the first time in this process, the modes of a tree written before the app set them.
   */
  purge(): { filesRemoved: number } {
    if (!this.tightened) {
      this.files.tighten();
      this.tightened = true;
    }
    const cutoff = this.retentionCutoff();
    this.search.purge(cutoff);
    let filesRemoved =
      this.reservations.purge(cutoff) +
      this.checkIns.purge(cutoff) +
      this.listings.purgeAvailability(cutoff.slice(0, 7));
    filesRemoved += this.files.sweep(this.now() - this.retentionDays * 86_400_000).setAside;
    if (filesRemoved) this.revisions.bump(PURGE_KEY);
    if (filesRemoved) {
      this.logger.info('cache.purged', { storeId: this.storeId, cutoff, filesRemoved });
    }
    return { filesRemoved };
  }
}
