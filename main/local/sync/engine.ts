/**
 * The sync engine (rule 10): a first full sync, then incremental polls by `updatedSince`.
 *
 * The watermark is the service's own time (the largest `updatedAt` seen), never ours, so the two
 * clocks may differ freely. Each poll asks from a little before it (an overlap window), because a
 * record can be committed with an `updatedAt` earlier than one already listed; the cache drops
 * what it already has by id and update time. A first sync that is interrupted resumes from the
 * last record it stored, since the listing is in update order.
 *
 * A first sync keeps what it lists in memory (reads see it) and writes it at the end, or when the
 * buffer grows large or old: the listing is in update order, not date order, so every write
 * during the pass would rewrite nearly every date file again.
 */
import type { ReservationClient } from '../../api/client';
import type { Lane } from '../../api/governor';
import type { Logger } from '../../api/log';
import type { LocalCache } from '../cache/cache';

export interface SyncProgress {
  storeId: string;
  phase: 'full' | 'incremental';
  pages: number;
  records: number;
  /** Estimate of what is left, from the share of the update-time range covered so far. */
  estimatedPagesLeft: number | null;
  estimatedMsLeft: number | null;
  done: boolean;
}

export interface SyncResult {
  phase: 'full' | 'incremental';
  requests: number;
  records: number;
  changed: number;
  filesWritten: number;
}

export interface SyncOptions {
  client: ReservationClient;
  /** The cache to fill: its store is the one synced. */
  cache: LocalCache;
  logger: Logger;
  /** Re-read this much before the watermark on every poll. */
  overlapMs?: number;
  /** During a full sync, write to disk when this much time has passed since the last write... */
  flushEveryMs?: number;
  /** ...or when this many changed records wait in memory. */
  flushEveryRecords?: number;
  onProgress?: (progress: SyncProgress) => void;
  /**
   * A background pass under way was stopped because another counter of the shop polls for this
   * one (`setBackground(false)`): the progress it showed goes no further, and the follower's
   * catch-up from the poller brings the data instead.
   */
  onHandedOver?: () => void;
  now?: () => number;
}

/**
 * Commit delays and clock differences between the service's own servers are seconds at most; a
 * minute covers them with room. (A wider window re-reads more on every poll: the records of the
 * last minutes, plus all that share the newest update time, since `updatedSince` is inclusive.)
 */
export const DEFAULT_OVERLAP_MS = 60_000;
const DEFAULT_FLUSH_EVERY_MS = 5 * 60_000;
const DEFAULT_FLUSH_EVERY_RECORDS = 50_000;
/** Pages whose pace estimates what is left (see `estimate`). */
const RECENT_PAGES = 10;
/** Passes in a row when a file set aside meanwhile asks for a full one. */
const MAX_PASSES = 3;

/** The watermark of a complete pass that saw nothing: everything is after it. */
const BEGINNING = new Date(0).toISOString();

const later = (a: string | null, b: string): string =>
  a === null || Date.parse(b) > Date.parse(a) ? b : a;

export class SyncEngine {
  private running: Promise<SyncResult> | null = null;
  /** The running pass's lane, and what stops it when background passes are turned off. */
  private runningLane: Lane | null = null;
  private stopRunning: AbortController | null = null;
  private background = true;

  constructor(private readonly options: SyncOptions) {}

  /**
   * Bring the cache's store's reservations up to date. Concurrent calls share one pass.
   * Background work by default; staff asking for a refresh may use the read lane. While
   * background passes are off (`setBackground`), a background call asks the service nothing.
   */
  syncStore(signal?: AbortSignal, lane: Lane = 'background'): Promise<SyncResult> {
    if (!this.running && lane === 'background' && !this.background) {
      const phase = this.options.cache.syncState().watermark === null ? 'full' : 'incremental';
      return Promise.resolve({ phase, requests: 0, records: 0, changed: 0, filesWritten: 0 });
    }
    if (!this.running) {
      const stop = new AbortController();
      this.stopRunning = stop;
      this.runningLane = lane;
      const stopped = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
      this.running = this.passes(lane, stopped).finally(() => {
        this.running = null;
        this.runningLane = null;
        this.stopRunning = null;
      });
    }
    return this.running;
  }

  /**
   * Let background passes reach the service (true) or not: another counter of the shop polls
   * for this one and relays what moved. Turning them off stops a background pass under way at
   * once — a counter's first sync, begun while it was alone, would otherwise go on paging through
   * the service behind the poller's back; what it stored stays, and a first sync resumes from it.
   */
  setBackground(enabled: boolean): void {
    this.background = enabled;
    if (!enabled && this.runningLane === 'background' && this.stopRunning) {
      this.stopRunning.abort();
      this.options.onHandedOver?.();
    }
  }

  /** A pass, and another if a file set aside meanwhile reset the store's sync state. */
  private async passes(lane: Lane, signal?: AbortSignal): Promise<SyncResult> {
    let result: SyncResult | null = null;
    for (let i = 0; i < MAX_PASSES; i++) {
      const resets = this.options.cache.resetCount();
      const next = await this.pass(lane, signal);
      result = result
        ? {
            ...next,
            requests: result.requests + next.requests,
            records: result.records + next.records,
            changed: result.changed + next.changed,
            filesWritten: result.filesWritten + next.filesWritten,
          }
        : next;
      if (this.options.cache.resetCount() === resets) break;
    }
    return result!;
  }

  private async pass(lane: Lane, signal?: AbortSignal): Promise<SyncResult> {
    const { client, cache, logger } = this.options;
    const { storeId } = cache;
    const now = this.options.now ?? Date.now;
    const overlap = this.options.overlapMs ?? DEFAULT_OVERLAP_MS;
    const flushEvery = this.options.flushEveryMs ?? DEFAULT_FLUSH_EVERY_MS;
    const flushRecords = this.options.flushEveryRecords ?? DEFAULT_FLUSH_EVERY_RECORDS;
    const resets = cache.resetCount();
    const state = cache.syncState();
    const phase = state.watermark === null ? 'full' : 'incremental';
    const from = state.watermark ?? state.resumeFrom;
    const updatedSince =
      from === null ? undefined : new Date(Math.max(0, Date.parse(from) - overlap)).toISOString();
    const cutoff = cache.retentionCutoff();

    let requests = 0;
    let records = 0;
    let changed = 0;
    let filesWritten = 0;
    let newest: string | null = from;
    let firstSeen: number | null = null;
    /** Update time at the end of the last few pages. */
    const pageEnds: number[] = [];
    let lastFlush = now();
    const started = now();

    const save = (complete: boolean) => {
      filesWritten += cache.flush();
      // A file was set aside meanwhile: the state was reset and must stay so (a full pass follows).
      if (cache.resetCount() !== resets) return;
      // Only what is on disk may move the marks: a crash before a flush re-reads those pages.
      if (complete) {
        cache.setSyncState({
          watermark: newest ?? BEGINNING,
          resumeFrom: null,
          lastSyncedAt: now(),
        });
      } else if (phase === 'full') {
        cache.setSyncState({ ...cache.syncState(), resumeFrom: newest });
      }
      lastFlush = now();
    };

    try {
      for await (const page of client.reservationPages(
        storeId,
        { updatedSince },
        { lane, signal },
      )) {
        requests++;
        records += page.data.length;
        changed += cache.applyReservations(page.data, cutoff);
        // A record the client cannot read stands alone: the others are kept, staff are told.
        if (page.unreadable.length) cache.noteUnreadableFromService(page.unreadable);
        for (const r of page.data) newest = later(newest, r.updatedAt);
        const last = page.data[page.data.length - 1];
        if (firstSeen === null && page.data[0]) firstSeen = Date.parse(page.data[0].updatedAt);
        if (last) pageEnds.push(Date.parse(last.updatedAt));
        if (pageEnds.length > RECENT_PAGES + 1) pageEnds.shift();
        if (
          phase === 'full' &&
          (now() - lastFlush >= flushEvery || cache.pendingRecords >= flushRecords)
        ) {
          save(false);
        }
        this.options.onProgress?.({
          storeId,
          phase,
          pages: requests,
          records,
          ...this.estimate(
            firstSeen,
            pageEnds,
            requests,
            now() - started,
            page.nextCursor === null,
          ),
          done: page.nextCursor === null,
        });
      }
      save(true);
    } catch (error) {
      save(false);
      throw error;
    }
    const result = { phase, requests, records, changed, filesWritten } as const;
    logger.info('sync.pass', { storeId, ...result });
    return result;
  }

  /**
   * The listing is in update-time order, so what is left is the update-time range from the last
   * page to now. Pages per unit of that time: the average so far, or that of the last few pages
   * if higher (bookings crowd towards the present, so the average alone promises too little). The
   * pace so far, never faster than the rate budget allows, gives the time.
   */
  private estimate(
    first: number | null,
    pageEnds: number[],
    pages: number,
    elapsedMs: number,
    done: boolean,
  ): Pick<SyncProgress, 'estimatedPagesLeft' | 'estimatedMsLeft'> {
    if (done) return { estimatedPagesLeft: 0, estimatedMsLeft: 0 };
    const now = (this.options.now ?? Date.now)();
    const last = pageEnds[pageEnds.length - 1];
    if (first === null || last === undefined || now <= last || last <= first) {
      return { estimatedPagesLeft: null, estimatedMsLeft: null };
    }
    const average = pages / (last - first);
    const span = last - pageEnds[0]!;
    const recent = pageEnds.length > 1 && span > 0 ? (pageEnds.length - 1) / span : 0;
    const pagesLeft = Math.max(1, Math.round((now - last) * Math.max(average, recent)));
    // The rate budget bounds the pace: background pages get the governor's background share.
    const g = this.options.client.governor.state();
    const budgetMsPerPage = g.limit.windowMs / Math.max(1e-9, g.effectiveLimit * g.backgroundShare);
    const msPerPage = Math.max(elapsedMs / pages, budgetMsPerPage);
    return { estimatedPagesLeft: pagesLeft, estimatedMsLeft: Math.round(msPerPage * pagesLeft) };
  }
}
