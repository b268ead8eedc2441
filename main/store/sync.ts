/**
 * The sync engine (rule 10): a first full sync, then incremental polls by `updatedSince`.
 *
 * The watermark is the service's own time (the largest `updatedAt` seen), never ours, so the two
 * clocks may differ freely. Each poll asks from a little before it (an overlap window), because a
 * record can be committed with an `updatedAt` earlier than one already listed; the cache drops
 * what it already has by id and update time. A first sync that is interrupted resumes from the
 * last record it stored, since the listing is in update order.
 */
import type { ReservationClient } from '../api/client';
import type { Logger } from '../api/log';
import type { LocalCache } from './cache';

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
  cache: LocalCache;
  logger: Logger;
  /** Re-read this much before the watermark on every poll. */
  overlapMs?: number;
  /** During a full sync, write to disk at most this often. */
  flushEveryMs?: number;
  onProgress?: (progress: SyncProgress) => void;
  now?: () => number;
}

export const DEFAULT_OVERLAP_MS = 5 * 60_000;

const later = (a: string | null, b: string): string =>
  a === null || Date.parse(b) > Date.parse(a) ? b : a;

export class SyncEngine {
  private readonly running = new Map<string, Promise<SyncResult>>();

  constructor(private readonly options: SyncOptions) {}

  /** Bring one store's reservations up to date. Concurrent calls for a store share one pass. */
  syncStore(storeId: string, timeZone: string, signal?: AbortSignal): Promise<SyncResult> {
    const known = this.running.get(storeId);
    if (known) return known;
    const pass = this.pass(storeId, timeZone, signal).finally(() => this.running.delete(storeId));
    this.running.set(storeId, pass);
    return pass;
  }

  private async pass(storeId: string, timeZone: string, signal?: AbortSignal): Promise<SyncResult> {
    const { client, cache, logger } = this.options;
    const now = this.options.now ?? Date.now;
    const overlap = this.options.overlapMs ?? DEFAULT_OVERLAP_MS;
    const flushEvery = this.options.flushEveryMs ?? 2_000;
    const state = cache.syncState(storeId);
    const phase = state.watermark === null ? 'full' : 'incremental';
    const from = state.watermark ?? state.resumeFrom;
    const updatedSince =
      from === null ? undefined : new Date(Date.parse(from) - overlap).toISOString();
    const cutoff = cache.retentionCutoff(timeZone);

    let requests = 0;
    let records = 0;
    let changed = 0;
    let filesWritten = 0;
    let newest: string | null = from;
    let firstSeen: number | null = null;
    let lastFlush = now();
    const started = now();

    const save = (complete: boolean) => {
      filesWritten += cache.flush();
      // Only what is on disk may move the marks: a crash before a flush re-reads those pages.
      if (complete) {
        cache.setSyncState(storeId, { watermark: newest, resumeFrom: null, lastSyncedAt: now() });
      } else if (phase === 'full') {
        cache.setSyncState(storeId, { ...cache.syncState(storeId), resumeFrom: newest });
      }
      lastFlush = now();
    };

    try {
      for await (const page of client.reservationPages(
        storeId,
        { updatedSince },
        { lane: 'background', signal },
      )) {
        requests++;
        records += page.data.length;
        changed += cache.applyReservations(storeId, page.data, cutoff);
        for (const r of page.data) newest = later(newest, r.updatedAt);
        const last = page.data[page.data.length - 1];
        if (firstSeen === null && page.data[0]) firstSeen = Date.parse(page.data[0].updatedAt);
        if (phase === 'full' && now() - lastFlush >= flushEvery) save(false);
        this.options.onProgress?.({
          storeId,
          phase,
          pages: requests,
          records,
          ...this.estimate(
            firstSeen,
            last ? Date.parse(last.updatedAt) : null,
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
   * The listing is in update-time order, so the share of the range from the first record to now
   * that the pages have covered estimates how much is left; the pace so far gives the time.
   */
  private estimate(
    first: number | null,
    last: number | null,
    pages: number,
    elapsedMs: number,
    done: boolean,
  ): Pick<SyncProgress, 'estimatedPagesLeft' | 'estimatedMsLeft'> {
    if (done) return { estimatedPagesLeft: 0, estimatedMsLeft: 0 };
    const now = (this.options.now ?? Date.now)();
    if (first === null || last === null || now <= first || last <= first) {
      return { estimatedPagesLeft: null, estimatedMsLeft: null };
    }
    const covered = Math.min(1, (last - first) / (now - first));
    if (covered <= 0) return { estimatedPagesLeft: null, estimatedMsLeft: null };
    const pagesLeft = Math.max(1, Math.round((pages / covered) * (1 - covered)));
    // The rate budget bounds the pace: background pages get the governor's background share.
    const g = this.options.client.governor.state();
    const budgetMsPerPage = g.limit.windowMs / Math.max(1e-9, g.effectiveLimit * g.backgroundShare);
    const msPerPage = Math.max(elapsedMs / pages, budgetMsPerPage);
    return { estimatedPagesLeft: pagesLeft, estimatedMsLeft: Math.round(msPerPage * pagesLeft) };
  }
}
