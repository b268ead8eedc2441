/**
 * When background work runs. Reservations are polled often while the day view is open and the
 * link is up, rarely when idle, not at all while offline (the connectivity probe watches for the
 * link's return, which triggers the outbox and a poll). Availability is refreshed for the products
 * of the visible day, one request at a time and spaced out, to keep the whole a small share of
 * the key's budget (several counter PCs may share it). All of it uses the client's background
 * lane; a walk-in's own refresh and a refresh staff ask for use the read lane; sending queued
 * walk-ins is user work, on the drain lane (the outbox's replay).
 *
 * Over 300 lines: the timers of polls, availability and the outbox's retries decide together
 * (each yields to the others while one runs), so they stay in one class.
 */
import { DateTime } from 'luxon';
import type { ReservationClient } from '../../api/client';
import type { Logger } from '../../api/log';
import { systemClock, type Clock, type Timer } from '../../common/clock';
import type { LocalCache } from '../cache/cache';
import type { Connectivity, Link } from './connectivity';
import type { Outbox } from '../outbox/outbox';
import type { SyncEngine } from './engine';

export interface Intervals {
  /** Reservation polls while the day view is open. */
  viewingPollMs: number;
  /**
   * Reservation polls while this counter polls for the shop and another counter's day view is
   * open (H18): quicker than `viewingPollMs` by the relay's allowance (the push and the pull to
   * the follower), so a follower never waits longer than it would polling alone.
   */
  servingPollMs: number;
  idlePollMs: number;
  /** While offline, look again this often (the connectivity probe usually notices first). */
  offlineCheckMs: number;
  /** A viewed product's availability is refreshed at most this often... */
  availabilityMs: number;
  /** ...and availability requests are at least this far apart (10 s: six a minute). */
  availabilitySpacingMs: number;
  catalogueMs: number;
  purgeMs: number;
  /**
   * The first purge waits this long after the start: it walks the whole cache (retention, temp
   * files, modes), which must not compete with the first day view (decision G6).
   */
  firstPurgeMs: number;
  /** Walk-ins a replay left queued are tried again this soon; doubling while none goes through. */
  outboxRetryMs: number;
  /**
   * A paced background task (what an on-site booking owes: decision I4) sends at most one request
   * this often (5 s: twelve a minute, a fifth of the standard plan's sixty).
   */
  pacedMs: number;
}

export const DEFAULT_INTERVALS: Intervals = {
  viewingPollMs: 20_000,
  servingPollMs: 15_000,
  idlePollMs: 120_000,
  offlineCheckMs: 30_000,
  availabilityMs: 60_000,
  availabilitySpacingMs: 10_000,
  catalogueMs: 30 * 60_000,
  purgeMs: 6 * 3_600_000,
  firstPurgeMs: 30_000,
  outboxRetryMs: 5_000,
  pacedMs: 5_000,
};

/**
 * Background work beside the polls, one request at a time at the pace of `pacedMs`, run only
 * where the service is polled (the shop's poller): `run` does at most one request and says
 * whether it had one to do.
 */
export interface PacedTask {
  name: string;
  run(signal: AbortSignal): Promise<boolean>;
}

export interface SchedulerOptions {
  client: ReservationClient;
  /** The store's cache: the store whose data is kept up to date. */
  cache: LocalCache;
  sync: SyncEngine;
  outbox: Outbox;
  connectivity: Connectivity;
  logger: Logger;
  intervals?: Partial<Intervals>;
  /** Its timers and time (a test's fake clock); the machine's when left out. */
  clock?: Clock;
  /**
   * Run the background service steps (reservation poll, availability, catalogue); true unless
   * another counter of the shop polls for this one (`setBackground`).
   */
  background?: boolean;
  /** Paced background tasks, each at most one request per `pacedMs`. */
  paced?: PacedTask[];
  /** More of the store's files to purge with the cache (every counter purges its own). */
  alsoPurge?: () => void;
}

/** A background step that brought data from the service. */
export type BackgroundStep = 'poll' | 'availability' | 'catalogue';

export interface Viewing {
  date: string;
  productIds: string[];
}

export class SyncScheduler {
  readonly intervals: Intervals;
  private readonly clock: Clock;
  private timer: Timer | null = null;
  private running = false;
  private ticking: Promise<void> | null = null;
  private viewing: Viewing | null = null;
  /** Dates the shop's other counters show in their day views (the poller serves them too). */
  private shopDates: string[] = [];
  private readonly viewingListeners = new Set<(viewing: Viewing | null) => void>();
  private nextPollAt = 0;
  private nextCatalogueAt = 0;
  private nextPurgeAt = 0;
  private nextAvailabilityAt = 0;
  private nextOutboxAt = Infinity;
  /** Per paced task: when it may run next (our clock). */
  private readonly nextPacedAt = new Map<PacedTask, number>();
  private outboxWaitMs = 0;
  private controller = new AbortController();
  private stopLink: (() => void) | null = null;
  private link: Link;
  /** "YYYY-MM productId" → when availability was last asked for (our clock). */
  private readonly tried = new Map<string, number>();
  private background: boolean;
  private readonly stepListeners = new Set<(step: BackgroundStep) => void>();

  constructor(private readonly options: SchedulerOptions) {
    this.intervals = { ...DEFAULT_INTERVALS, ...options.intervals };
    this.clock = options.clock ?? systemClock;
    this.link = options.connectivity.state.link;
    this.background = options.background ?? true;
    options.sync.setBackground(this.background);
  }

  /**
   * Poll the service in the background (this counter polls for the shop) or not (another does
   * and relays what moved; queued walk-ins and refreshes staff ask for are still sent). Takes
   * effect at once: a counter taking over polls now.
   */
  setBackground(enabled: boolean): void {
    if (enabled === this.background) return;
    this.background = enabled;
    this.options.sync.setBackground(enabled);
    if (enabled) this.nextPollAt = 0;
    this.wake();
  }

  private now(): number {
    return this.clock.now();
  }

  /**
   * The counter's time was corrected by `ms` (H7): the waits already set keep their
   * length rather than falling due early or late by the correction.
   */
  clockMoved(ms: number): void {
    this.nextPollAt += ms;
    this.nextCatalogueAt += ms;
    this.nextPurgeAt += ms;
    this.nextAvailabilityAt += ms;
    this.nextOutboxAt += ms;
    for (const [task, at] of this.nextPacedAt) this.nextPacedAt.set(task, at + ms);
    for (const [key, at] of this.tried) this.tried.set(key, at + ms);
    this.wake();
  }

  /** What the day view shows (null: closed). */
  viewingNow(): Viewing | null {
    return this.viewing && { date: this.viewing.date, productIds: [...this.viewing.productIds] };
  }

  /** This counter's day view opened, moved or closed (the shop tells the poller, H10). */
  onViewing(listener: (viewing: Viewing | null) => void): () => void {
    this.viewingListeners.add(listener);
    return () => this.viewingListeners.delete(listener);
  }

  /**
   * The dates the shop's other counters show in their day views (H10). Where this counter polls
   * for the shop, they set its pace as its own day view does, and their months' availability is
   * kept fresh for every product of the catalogue: a follower waits no longer than it would alone.
   */
  setShopViewing(dates: readonly string[]): void {
    const next = [...new Set(dates)].sort();
    if (next.join() === this.shopDates.join()) return;
    const before = this.needed();
    const everyBefore = this.pollEveryMs();
    this.shopDates = next;
    // A day view opened somewhere in the shop: the faster pace starts now, as for our own.
    if (!before && this.needed()) this.nextPollAt = Math.min(this.nextPollAt, this.now());
    // Our own day view was open: the quicker pace of serving counts from the last poll (H18).
    else this.nextPollAt -= Math.max(0, everyBefore - this.pollEveryMs());
    this.wake();
  }

  /** Called after each background step that succeeded. */
  onStep(listener: (step: BackgroundStep) => void): () => void {
    this.stepListeners.add(listener);
    return () => this.stepListeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.nextPurgeAt === 0) this.nextPurgeAt = this.now() + this.intervals.firstPurgeMs;
    this.controller = new AbortController();
    this.stopLink = this.options.connectivity.on('change', ({ link }) => {
      const before = this.link;
      this.link = link;
      // The link is back: send what waited and bring the cache up to date at once.
      if (before === 'offline' && link !== 'offline') this.nextPollAt = 0;
      this.wake();
    });
    this.wake();
  }

  stop(): void {
    this.running = false;
    this.stopLink?.();
    this.stopLink = null;
    this.controller.abort();
    this.timer?.cancel();
    this.timer = null;
  }

  /** The day view shows this date and these products (null: the day view is closed). */
  setViewing(viewing: Viewing | null): void {
    const before = this.viewing;
    this.viewing = viewing && { date: viewing.date, productIds: [...viewing.productIds] };
    if (viewing && !before) {
      // Opening the day view: the faster pace starts now, not after the idle wait.
      this.nextPollAt = Math.min(this.nextPollAt, this.now());
    }
    if (before?.date !== viewing?.date) for (const l of this.viewingListeners) l(this.viewingNow());
    this.wake();
  }

  /** A day view is open here or, for the shop's poller, at another counter. */
  private needed(): boolean {
    return this.viewing !== null || this.serving();
  }

  /** This counter polls for the shop and another counter's day view is open (H10, H18). */
  private serving(): boolean {
    return this.background && this.shopDates.length > 0;
  }

  /**
   * Every month a day view shows, with the products to keep fresh: this counter's own (its
   * products), then each other month the shop's counters show (every product of the catalogue).
   */
  private viewings(): Viewing[] {
    const out: Viewing[] = this.viewing ? [this.viewing] : [];
    if (!this.background || this.shopDates.length === 0) return out;
    const products = (this.options.cache.catalogue()?.products ?? []).map((p) => p.id);
    for (const date of this.shopDates)
      if (!out.some((v) => v.date.slice(0, 7) === date.slice(0, 7)))
        out.push({ date, productIds: products });
    return out;
  }

  /** Fresh availability for a walk-in or a refresh staff asked for, on the read lane. */
  async refreshAvailability(date: string, productIds: string[]): Promise<void> {
    const { cache, client } = this.options;
    const d = DateTime.fromISO(date);
    await Promise.all(
      productIds.map(async (productId) => {
        const availability = await client.availability(cache.storeId, productId, d.year, d.month, {
          lane: 'read',
        });
        cache.saveAvailability(availability);
      }),
    );
  }

  /** Poll now (staff pressed refresh), on the read lane. Never throws; the link state tells. */
  async pollNow(): Promise<void> {
    const { sync, logger } = this.options;
    this.nextPollAt = this.now() + this.pollEveryMs();
    try {
      await sync.syncStore(this.controller.signal, 'read');
    } catch (error) {
      logger.info('scheduler.deferred', { step: 'poll', error: (error as Error).name });
    }
  }

  /**
   * Idle, a day view here, or serving another counter's (H18: never slower than a day view's own
   * pace). A follower's wait is the poller's poll and then the relay's push and pull, so serving
   * polls quicker by the relay's allowance: four requests a minute serve every counter, where
   * each counter polling alone on its day view would make three.
   */
  private pollEveryMs(): number {
    const { viewingPollMs, servingPollMs, idlePollMs } = this.intervals;
    const slow = this.link === 'degraded' ? 2 : 1;
    if (this.serving()) return Math.min(servingPollMs, viewingPollMs) * slow;
    return (this.viewing ? viewingPollMs : idlePollMs) * slow;
  }

  /** How long until a viewed product's availability is refreshed again. */
  private availabilityEveryMs(): number {
    const products = Math.max(
      1,
      this.viewings().reduce((n, v) => n + v.productIds.length, 0),
    );
    const slow = this.link === 'degraded' ? 2 : 1;
    return (
      Math.max(this.intervals.availabilityMs, products * this.intervals.availabilitySpacingMs) *
      slow
    );
  }

  private wake(): void {
    if (!this.running) return;
    this.timer?.cancel();
    this.timer = this.clock.after(0, () => this.tick());
  }

  private scheduleNext(): void {
    if (!this.running) return;
    let wait: number;
    if (this.options.connectivity.state.link === 'offline') {
      // Nothing to do until the link returns (its change wakes us); look now and then anyway.
      wait = this.intervals.offlineCheckMs;
    } else {
      const dues = [this.nextPollAt, this.nextPurgeAt, this.nextOutboxAt];
      if (this.background) dues.push(this.nextCatalogueAt);
      if (this.background && this.needed()) dues.push(this.nextAvailabilityDue());
      if (this.background)
        for (const task of this.options.paced ?? []) dues.push(this.nextPacedAt.get(task) ?? 0);
      wait = Math.min(...dues) - this.now();
    }
    this.timer?.cancel();
    this.timer = this.clock.after(Math.min(Math.max(wait, 50), 60_000), () => this.tick());
  }

  private tick(): Promise<void> {
    if (!this.running) return Promise.resolve();
    // One tick at a time; a wake-up during a tick is served by the next schedule.
    this.ticking ??= this.runDue().finally(() => {
      this.ticking = null;
      this.scheduleNext();
    });
    return this.ticking;
  }

  /** Run each due step; one failing (reported to connectivity by the client) skips only itself. */
  private async runDue(): Promise<void> {
    const { cache, client, sync, outbox } = this.options;
    const { storeId } = cache;
    if (this.options.connectivity.state.link === 'offline') return;
    const signal = this.controller.signal;
    const slow = this.link === 'degraded' ? 2 : 1;
    // Read at each step, not once a tick: a counter that became a follower during a step (the
    // shop elected another poller) sends nothing more of the background's.
    if (this.background && this.now() >= this.nextCatalogueAt) {
      this.nextCatalogueAt = this.now() + this.intervals.catalogueMs * slow;
      await this.step('catalogue', async () => {
        const products = await client.products(storeId, { lane: 'background', signal });
        cache.saveCatalogue(products, cache.catalogue()?.store ?? null);
      });
    }
    // Walk-ins first: they wait for the link more urgently than anything else.
    if (outbox.pending() > 0) await this.step('outbox', () => this.replay(signal));
    if (this.now() >= this.nextPollAt) {
      this.nextPollAt = this.now() + this.pollEveryMs();
      // A follower keeps the pace (its queued walk-ins are looked at above) but does not poll.
      if (this.background) await this.step('poll', () => sync.syncStore(signal));
    }
    if (this.background && this.needed()) {
      const ages = this.ages();
      // A month never fetched is fetched whole at once (the governor paces it); after that one
      // product at a time, the oldest first, spaced out.
      let targets = [...ages].filter(([, at]) => at === 0).map(([key]) => key);
      if (targets.length === 0 && this.now() >= this.nextAvailabilityAt) {
        const due = this.dueProduct(ages);
        targets = due ? [due] : [];
      }
      if (targets.length) {
        this.nextAvailabilityAt = this.now() + this.intervals.availabilitySpacingMs * slow;
        for (const key of targets) {
          if (!this.background) break;
          const [month, productId] = splitKey(key);
          const d = DateTime.fromISO(`${month}-01`);
          this.tried.set(key, this.now());
          await this.step('availability', async () => {
            cache.saveAvailability(
              await client.availability(storeId, productId, d.year, d.month, {
                lane: 'background',
                signal,
              }),
            );
          });
        }
      }
    }
    for (const task of this.options.paced ?? []) {
      if (!this.background || this.now() < (this.nextPacedAt.get(task) ?? 0)) continue;
      this.nextPacedAt.set(task, this.now() + this.intervals.pacedMs * slow);
      await this.step(task.name, () => task.run(signal));
    }
    if (this.now() >= this.nextPurgeAt) {
      this.nextPurgeAt = this.now() + this.intervals.purgeMs;
      await this.step('purge', () => {
        cache.purge();
        outbox.purge(this.now() - cache.retentionDays * 86_400_000);
        this.options.alsoPurge?.();
      });
    }
  }

  /** Send the queued walk-ins; if some remain, come back soon (sooner while some go through). */
  private async replay(signal: AbortSignal): Promise<void> {
    const { outbox } = this.options;
    let progressed = false;
    try {
      const result = await outbox.replay(signal);
      progressed = result.booked + result.refused + result.review > 0;
    } finally {
      const base = this.intervals.outboxRetryMs;
      const backoff = Math.min(Math.max(base, this.outboxWaitMs * 2), this.intervals.idlePollMs);
      this.outboxWaitMs = outbox.pending() === 0 ? 0 : progressed ? base : backoff;
      this.nextOutboxAt = this.outboxWaitMs ? this.now() + this.outboxWaitMs : Infinity;
    }
  }

  private async step(name: string, work: () => unknown): Promise<void> {
    try {
      await work();
      if (name === 'poll' || name === 'availability' || name === 'catalogue')
        for (const l of this.stepListeners) l(name);
    } catch (error) {
      if (!this.controller.signal.aborted) {
        this.options.logger.info('scheduler.deferred', {
          step: name,
          error: (error as Error).name,
        });
      }
    }
  }

  /**
   * How old each viewed product's availability is: when it was fetched (the cache knows, across
   * restarts) or last tried (a failing product waits like the others); 0 for never.
   */
  private ages(): Map<string, number> {
    const out = new Map<string, number>();
    for (const { date, productIds } of this.viewings()) {
      const cached = this.options.cache.availabilityOn(date);
      for (const id of productIds) {
        const key = `${date.slice(0, 7)} ${id}`;
        const tried = this.tried.get(key) ?? 0;
        // A fetch stamped ahead of now (before the clock was corrected back) counts as now.
        out.set(key, Math.min(this.now(), Math.max(cached.get(id)?.fetchedAt ?? 0, tried)));
      }
    }
    return out;
  }

  /** The viewed month and product (`"YYYY-MM productId"`) whose availability is oldest, if due. */
  private dueProduct(ages: Map<string, number>): string | null {
    let oldest: [string, number] | null = null;
    for (const entry of ages) if (!oldest || entry[1] < oldest[1]) oldest = entry;
    if (!oldest || oldest[1] + this.availabilityEveryMs() > this.now()) return null;
    return oldest[0];
  }

  /** When the next availability request is due (now for a month never fetched). */
  private nextAvailabilityDue(): number {
    let oldest = Infinity;
    for (const at of this.ages().values()) {
      if (at === 0) return this.now();
      oldest = Math.min(oldest, at);
    }
    if (oldest === Infinity) return Infinity;
    return Math.max(this.nextAvailabilityAt, oldest + this.availabilityEveryMs());
  }
}

/** `"YYYY-MM productId"` → month and product (a product id may hold spaces). */
function splitKey(key: string): [string, string] {
  const at = key.indexOf(' ');
  return [key.slice(0, at), key.slice(at + 1)];
}
