/**
 * When background work runs. Reservations are polled often while the day view is open and the
 * link is up, rarely when idle, not at all while offline (the connectivity probe watches for the
 * link's return, which triggers a poll and the outbox). Availability is refreshed for the
 * products of the visible day, paced to keep the whole under a small share of the key's budget.
 * All of it uses the client's background lane; a walk-in's own refresh uses the read lane.
 */
import { DateTime } from 'luxon';
import type { ReservationClient } from '../api/client';
import type { Logger } from '../api/log';
import type { LocalCache } from './cache';
import type { Connectivity } from './connectivity';
import type { Outbox } from './outbox';
import type { SyncEngine } from './sync';

export interface Intervals {
  /** Reservation polls while the day view is open. */
  viewingPollMs: number;
  idlePollMs: number;
  /** Availability requests per minute allowed while viewing (one request = one product-month). */
  availabilityPerMinute: number;
  catalogueMs: number;
  purgeMs: number;
}

export const DEFAULT_INTERVALS: Intervals = {
  viewingPollMs: 20_000,
  idlePollMs: 120_000,
  availabilityPerMinute: 6,
  catalogueMs: 30 * 60_000,
  purgeMs: 6 * 3_600_000,
};

export interface SchedulerOptions {
  client: ReservationClient;
  cache: LocalCache;
  sync: SyncEngine;
  outbox: Outbox;
  connectivity: Connectivity;
  logger: Logger;
  storeId: string;
  timeZone: string;
  intervals?: Partial<Intervals>;
  now?: () => number;
}

interface Viewing {
  date: string;
  productIds: string[];
}

export class SyncScheduler {
  private readonly intervals: Intervals;
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private busy = false;
  private viewing: Viewing | null = null;
  private nextPollAt = 0;
  private nextCatalogueAt = 0;
  private nextPurgeAt = 0;
  /** Product id → when its availability is next due. */
  private readonly availabilityDue = new Map<string, number>();
  private readonly controller = new AbortController();
  private stopLink: (() => void) | null = null;

  constructor(private readonly options: SchedulerOptions) {
    this.intervals = { ...DEFAULT_INTERVALS, ...options.intervals };
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopLink = this.options.connectivity.on('change', ({ link }) => {
      // The link is back: bring the cache up to date and send what waited.
      if (link !== 'offline') this.nextPollAt = 0;
      this.wake();
    });
    this.wake();
  }

  stop(): void {
    this.running = false;
    this.stopLink?.();
    this.controller.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The day view shows this date and these products (null: the day view is closed). */
  setViewing(viewing: Viewing | null): void {
    const before = this.viewing;
    this.viewing = viewing;
    if (viewing && (!before || before.date !== viewing.date)) {
      this.availabilityDue.clear();
      this.nextPollAt = Math.min(this.nextPollAt, this.now());
    }
    this.wake();
  }

  /** Fresh availability for a walk-in, on the interactive lane. */
  async refreshAvailability(date: string, productIds: string[]): Promise<void> {
    const d = DateTime.fromISO(date);
    await Promise.all(
      productIds.map(async (productId) => {
        const availability = await this.options.client.availability(
          this.options.storeId,
          productId,
          d.year,
          d.month,
          {
            lane: 'read',
          },
        );
        this.options.cache.saveAvailability(this.options.storeId, availability);
        this.availabilityDue.set(productId, this.now() + this.availabilityEveryMs());
      }),
    );
  }

  /** Poll now (e.g. staff pressed refresh). */
  async pollNow(): Promise<void> {
    this.nextPollAt = 0;
    await this.tick();
  }

  private availabilityEveryMs(): number {
    const products = Math.max(1, this.viewing?.productIds.length ?? 1);
    return Math.max(60_000, (products * 60_000) / this.intervals.availabilityPerMinute);
  }

  private wake(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  private scheduleNext(): void {
    if (!this.running) return;
    const dues = [
      this.nextPollAt,
      this.nextCatalogueAt,
      this.nextPurgeAt,
      ...this.availabilityDue.values(),
    ];
    const wait = Math.max(250, Math.min(...dues) - this.now());
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), Math.min(wait, 60_000));
  }

  private async tick(): Promise<void> {
    if (!this.running || this.busy) return;
    this.busy = true;
    try {
      if (this.options.connectivity.state.link !== 'offline') await this.runDue();
    } finally {
      this.busy = false;
      this.scheduleNext();
    }
  }

  private async runDue(): Promise<void> {
    const { cache, client, sync, outbox, logger, storeId, timeZone } = this.options;
    const signal = this.controller.signal;
    const now = this.now();
    const slow = this.options.connectivity.state.link === 'degraded' ? 2 : 1;
    try {
      if (now >= this.nextCatalogueAt) {
        this.nextCatalogueAt = now + this.intervals.catalogueMs * slow;
        const products = await client.products(storeId, { lane: 'background', signal });
        cache.saveCatalogue(storeId, products, cache.catalogue(storeId)?.store ?? null);
      }
      if (outbox.pending() > 0) await outbox.replay(signal);
      if (now >= this.nextPollAt) {
        this.nextPollAt =
          now + (this.viewing ? this.intervals.viewingPollMs : this.intervals.idlePollMs) * slow;
        await sync.syncStore(storeId, timeZone, signal);
      }
      if (this.viewing) {
        for (const productId of this.viewing.productIds) {
          if ((this.availabilityDue.get(productId) ?? 0) > this.now()) continue;
          this.availabilityDue.set(productId, this.now() + this.availabilityEveryMs() * slow);
          const d = DateTime.fromISO(this.viewing.date);
          cache.saveAvailability(
            storeId,
            await client.availability(storeId, productId, d.year, d.month, {
              lane: 'background',
              signal,
            }),
          );
        }
      }
      if (now >= this.nextPurgeAt) {
        this.nextPurgeAt = now + this.intervals.purgeMs;
        cache.purge(storeId, timeZone);
      }
    } catch (error) {
      // Failures are reported to connectivity by the client; the next tick tries again.
      if (!signal.aborted) logger.info('scheduler.deferred', { error: (error as Error).name });
    }
  }
}
