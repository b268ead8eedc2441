/**
 * The cache's search index (search-index.ts) kept with the cache: fed by every write of
 * reservations (sync, the shop's relay, the counter's own walk-ins and cancellations all go
 * through `LocalCache.applyReservations`), written with it (`flush`), purged with it, and kept on
 * disk so that a restart loads it instead of rebuilding it.
 *
 * On disk (search-shards.ts): `search/<store>/sNN.json`, what the index keeps of each record (not
 * the record: decision N12) in 32 shards by a hash of the reservation id, each sealed whole with
 * the cache's AES-GCM cipher (names and phones are personal data), and `meta.json` (format,
 * shards written). A result's record is opened from its date file (record-book.ts), only for the
 * results shown. A shard that cannot be read (damaged,
 * sealed with another key, of another shape) is set aside and reported like any cache file, and
 * rebuilt from the cached reservations; so is the whole index when it is missing (a cache from
 * before it) or of another format. Loading and rebuilding run in small steps in the background,
 * never on the start-up path; a search waits for them only when it comes first.
 *
 * Kanji names are read (kana readings) by a ReadingSource off the main thread, after the record
 * is indexed: the record is found by its name at once, by its reading moments later.
 *
 * Over 300 lines: loading, rebuilding, persisting and purging share one state machine (unopened,
 * loading, ready) and the writes that arrive meanwhile; split, each part would need all of it.
 */
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { Reservation } from '../../api/client';
import type { Logger } from '../../api/log';
import type { Cipher } from '../files/crypto';
import type { Files } from '../files/files';
import { storeDir } from '../files/layout';
import type { ReadingSource } from './reading-service';
import { RecordBook, type SealedSource } from './record-book';
import { SearchIndex, itemDates, type IndexHit, type SearchQuery } from './search-index';
import { FORMAT, Meta, shardFile, shardOf, shardSchema, type ShardContent } from './search-shards';

/** Of the readings (readings.ts): a shard of others is rebuilt from the records, read again. */
export const READINGS_VERSION = 1;
/** Names sent to the reader at once. */
const READ_BATCH = 500;
const DEFAULT_WRITE_DELAY_MS = 2_000;
const READ_RETRY_MS = 60_000;

/** One reservation's item on its date: what a result shows. */
export interface SearchHit {
  record: Reservation;
  itemIndex: number;
  date: string;
}

export interface SearchFound {
  /** The reservation whose number (or id) is the query: the scanner's answer. */
  exact: SearchHit | null;
  hits: SearchHit[];
  /** Matching items, counted no further than the results asked for (then `more`). */
  total: number;
  /** More matched than `total`. */
  more: boolean;
}

/** The cached reservations, to build the index from. */
export interface RecordSource extends SealedSource {
  dates(): string[];
  on(date: string): Reservation[];
}

export interface CacheSearchOptions {
  files: Files;
  cipher: Cipher;
  storeId: string;
  logger: Logger;
  source: RecordSource;
  readings?: ReadingSource | null;
  /** How long readings wait to be written after the last was read. */
  writeDelayMs?: number;
}

export class CacheSearch {
  readonly index = new SearchIndex();
  /** The records results are shown from: opened from their date files, only those shown. */
  private readonly book: RecordBook;
  private readonly dir: string;
  private phase: 'unopened' | 'loading' | 'ready' = 'unopened';
  private loading: Promise<void> | null = null;
  /** Records applied before the index was loaded: indexed once it is. */
  private buffered: { records: Reservation[]; cutoff: string }[] = [];
  /** A purge asked before the index was loaded: done once it is. */
  private purgeAfterLoad: string | null = null;
  private readonly dirty = new Set<string>();
  /** Shards on disk (meta.json). */
  private written = new Set<string>();
  private readonly rebuild: { all: boolean; shards: Set<string> } = {
    all: false,
    shards: new Set(),
  };
  private reading: Promise<void> | null = null;
  private readingsFailed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly options: CacheSearchOptions) {
    this.dir = storeDir('search', options.storeId);
    this.book = new RecordBook(options.cipher, options.source, options.logger);
  }

  // --- loading ---------------------------------------------------------------------------------

  /** Start loading in the background (a session does, once it has started). */
  warm(): void {
    this.ready().catch(() => {});
  }

  /** Loaded (or built) and up to date with every record applied so far. */
  ready(): Promise<void> {
    if (this.phase === 'ready') return Promise.resolve();
    this.loading ??= this.load();
    return this.loading;
  }

  get isReady(): boolean {
    return this.phase === 'ready';
  }

  private async load(): Promise<void> {
    const { files, logger, storeId } = this.options;
    this.phase = 'loading';
    const started = performance.now();
    try {
      const meta = files.read(this.dir, 'meta', Meta);
      if (!meta || meta.format !== FORMAT) {
        // None yet (a new cache, or one from before the index), or of another format.
        for (const name of files.list(this.dir)) if (name !== 'meta') files.remove(this.dir, name);
        this.rebuild.all = this.options.source.dates().length > 0;
      } else {
        this.written = new Set(meta.shards);
        const present = new Set(files.list(this.dir));
        for (const shard of meta.shards) {
          if (this.closed) return;
          const content = present.has(shard)
            ? files.read(
                this.dir,
                shard,
                shardSchema(this.options.cipher, `${this.dir}/${shard}`),
                {
                  remember: false,
                },
              )
            : null;
          // Unreadable (set aside and reported by Files) or gone: rebuilt from the records; so
          // is one read by another version of the readings (their names are read again).
          if (!content || content.r !== READINGS_VERSION) this.rebuild.shards.add(shard);
          else
            for (const entry of content.e) if (this.index.restore(entry)) this.noteMember(entry[0]);
          // Put under their n-grams shard by shard: a step each, not one long one at the end.
          this.index.build();
          await yieldToEvents();
        }
      }
      if (this.rebuild.all || this.rebuild.shards.size) await this.rebuildFromRecords();
    } catch (error) {
      // Whatever went wrong, search must work: the index is built from the records instead.
      logger.error('search.load_failed', { storeId, error: (error as Error).name });
      this.rebuild.all = true;
      await this.rebuildFromRecords();
    }
    if (this.closed) return;
    this.index.build();
    this.phase = 'ready';
    for (const { records, cutoff } of this.buffered) this.applyNow(records, cutoff);
    this.buffered = [];
    if (this.purgeAfterLoad !== null) {
      for (const id of this.index.purge(this.purgeAfterLoad)) this.drop(id);
      this.purgeAfterLoad = null;
    }
    // Written with the cache's next flush, or soon (what was rebuilt must not wait for a sync).
    if (this.dirty.size) this.writeSoon();
    logger.info('search.loaded', {
      storeId,
      records: this.index.size,
      ms: Math.round(performance.now() - started),
    });
    this.readSoon();
  }

  private async rebuildFromRecords(): Promise<void> {
    const { all, shards } = this.rebuild;
    this.options.logger.warn('search.rebuild', {
      storeId: this.options.storeId,
      shards: all ? 'all' : [...shards].join(','),
    });
    for (const date of this.options.source.dates()) {
      if (this.closed) return;
      for (const r of this.options.source.on(date)) {
        if (all || shards.has(shardOf(r.id))) this.put(r);
      }
      this.index.build();
      await yieldToEvents();
    }
    if (all) for (const id of this.index.ids()) this.dirty.add(shardOf(id));
    // A shard that is now empty is written empty, so that it is no longer missed.
    for (const shard of shards) this.dirty.add(shard);
    this.rebuild.all = false;
    this.rebuild.shards.clear();
  }

  // --- writing into it -------------------------------------------------------------------------

  private put(record: Reservation): boolean {
    if (!this.index.put(record)) return false;
    this.noteMember(record.id);
    return true;
  }

  /** The record's shard is written with the next flush (its members are found then). */
  private noteMember(id: string): void {
    this.dirty.add(shardOf(id));
  }

  private drop(id: string): void {
    if (this.index.remove(id)) this.dirty.add(shardOf(id));
  }

  /**
   * Index what the cache was given (the same records, newer than what the index holds). Before
   * the index is loaded they wait, and are indexed once it is.
   */
  apply(records: Reservation[], cutoff: string): void {
    if (this.closed) return;
    // Loading starts with the first write (a new cache's index is ready at once).
    if (this.phase === 'unopened') this.warm();
    if (this.phase !== 'ready') {
      if (records.length) this.buffered.push({ records, cutoff });
      return;
    }
    this.applyNow(records, cutoff);
    this.readSoon();
  }

  private applyNow(records: Reservation[], cutoff: string): void {
    for (const r of records) {
      const dates = itemDates(r);
      if (dates.length === 0 || dates.every((d) => d < cutoff)) continue;
      this.put(r);
    }
  }

  /** Records entirely before the cutoff leave the index (retention). Returns files written. */
  purge(cutoff: string): number {
    if (this.phase !== 'ready') {
      // Not loaded yet (or closed while loading): purged as the load ends, if it does.
      if (!this.closed) this.purgeAfterLoad = cutoff;
      return 0;
    }
    for (const id of this.index.purge(cutoff)) this.drop(id);
    return this.flush();
  }

  /** Write the shards that changed; returns the files written. */
  flush(): number {
    if (this.phase !== 'ready') return 0;
    // Written records go under their n-grams in one go (pages of a sync are applied one by one).
    this.index.build();
    if (this.dirty.size === 0) return 0;
    const { files, cipher } = this.options;
    let written = 0;
    // Members found by hashing the ids again (no set of ids per shard kept beside the index).
    const members = new Map<string, string[]>();
    for (const shard of this.dirty) members.set(shard, []);
    for (const id of this.index.ids()) members.get(shardOf(id))?.push(id);
    for (const [shard, ids] of members) {
      const content: ShardContent = { r: READINGS_VERSION, e: [] };
      for (const id of ids) content.e.push(this.index.stored(id)!);
      const file = shardFile(cipher, `${this.dir}/${shard}`, content);
      // Rewritten only when changed (the caller knows): no copy kept for write-if-changed.
      if (files.write(this.dir, shard, file, { remember: false })) written++;
      this.written.add(shard);
    }
    this.dirty.clear();
    if (files.write(this.dir, 'meta', { v: 1, format: FORMAT, shards: [...this.written].sort() }))
      written++;
    return written;
  }

  /** Shards waiting for `flush()`. */
  get pendingWrites(): number {
    return this.phase === 'ready' ? this.dirty.size : 0;
  }

  // --- readings --------------------------------------------------------------------------------

  private readSoon(): void {
    const source = this.options.readings;
    if (!source || this.reading || this.closed || this.index.unreadCount === 0) return;
    if (this.readingsFailed) return;
    this.reading = this.readAll(source).finally(() => {
      this.reading = null;
    });
  }

  private async readAll(source: ReadingSource): Promise<void> {
    let changed = false;
    while (!this.closed) {
      const batch = this.index.unreadNames(READ_BATCH);
      if (batch.length === 0) break;
      let readings: string[][];
      try {
        readings = await source.read(batch.map((b) => b.parts));
      } catch (error) {
        // Names are still found as written; their readings come when the reader works again.
        this.options.logger.warn('search.readings_unavailable', {
          error: (error as Error).message,
        });
        this.readingsFailed = true;
        const retry = setTimeout(() => {
          this.readingsFailed = false;
          this.readSoon();
        }, READ_RETRY_MS);
        retry.unref();
        break;
      }
      batch.forEach((b, i) => {
        if (this.index.setReadings(b.id, b.name, readings[i] ?? [])) {
          this.dirty.add(shardOf(b.id));
          changed = true;
        }
      });
      this.index.build();
    }
    if (changed) this.writeSoon();
  }

  private writeSoon(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) this.flush();
    }, this.options.writeDelayMs ?? DEFAULT_WRITE_DELAY_MS);
    this.timer.unref();
  }

  /** Loaded, and every name read that can be (tests and the benchmark wait for it). */
  async settled(): Promise<void> {
    await this.ready();
    this.readSoon();
    while (this.reading) await this.reading;
  }

  // --- searching -------------------------------------------------------------------------------

  /**
   * A search over the loaded index (`ready()` first): the hits' records opened, only those shown.
   * A record that cannot be opened is left out (the cache reports it when it reads its date).
   */
  find(query: SearchQuery): SearchFound {
    if (this.phase !== 'ready') throw new Error('the search index is not loaded yet');
    const found = this.index.find(query);
    const show = (hit: IndexHit): SearchHit | null => {
      const record = this.book.record(hit.id, hit.date, hit.updated);
      return record && { record, itemIndex: hit.itemIndex, date: hit.date };
    };
    const hits: SearchHit[] = [];
    for (const hit of found.hits) {
      const shown = show(hit);
      if (shown) hits.push(shown);
    }
    return {
      exact: found.exact && show(found.exact),
      hits,
      total: found.total,
      more: found.more,
    };
  }

  /** Stop background work: the session ends. What is dirty is written first. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.phase === 'ready') this.flush();
    this.closed = true;
  }
}
