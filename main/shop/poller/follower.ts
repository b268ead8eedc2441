/**
 * The follower's side of the relay: when the poller says its data moved (and on meeting a new
 * poller) a follower asks for what it lacks and puts it in its own cache with the cache's own
 * methods, reading every record as the client reads the service's (one it cannot read is left
 * out and reported, the others applied). Once it has every page it takes the poller's watermark,
 * so that if it becomes the poller its first poll is incremental. A poller that does not answer
 * leaves the follower's data as it was: the follower says so and still does not poll the service
 * in the background (the shop's budget is one counter's).
 */
import { DateTime } from 'luxon';
import { ReadRecord, readEach } from '../../api/answers';
import { T } from '../../api/answers';
import type { Logger } from '../../api/log';
import type { LocalCache, SyncScheduler } from '../../local/index';
import type { CounterId } from '../bus';
import { ShopRpcError, type ShopRpc } from '../rpc';
import { availabilityOf, catalogueOf, reservationsSince, type Moved } from './methods';

export interface FollowerOptions {
  rpc: ShopRpc;
  cache: LocalCache;
  scheduler: SyncScheduler;
  logger: Logger;
  now?: () => number;
  /** Reservations on these dates changed in the cache. */
  onReservations?: (dates: string[]) => void;
  /** The follower's state changed (for the status bar). */
  onChange?: () => void;
}

export interface FollowState {
  /** The counter followed (null: this counter polls, or none is known yet). */
  poller: CounterId | null;
  /** Our clock: when the last pull from it completed. */
  pulledAt: number | null;
  /**
   * Why the last pull did not complete: the poller has not synced yet (`not_ready`), did not
   * answer (`no_answer`), or answered what we could not read (`bad_answer`).
   */
  problem: 'not_ready' | 'no_answer' | 'bad_answer' | null;
}

/** Pages in one catch-up at most (a cache of a million reservations): a bound, not a target. */
const MAX_PAGES = 5_000;

export class Follower {
  private readonly now: () => number;
  private poller: CounterId | null = null;
  private pulling: Promise<void> | null = null;
  private again = false;
  /** The last `moved` heard from the poller: what was already pulled. */
  private seen: Moved | null = null;
  private wanted: Moved | null = null;
  private availabilityMonth: string | null = null;
  private pulledAt: number | null = null;
  private problem: FollowState['problem'] = null;
  private closed = false;

  constructor(private readonly options: FollowerOptions) {
    this.now = options.now ?? Date.now;
  }

  state(): FollowState {
    return { poller: this.poller, pulledAt: this.pulledAt, problem: this.problem };
  }

  /** Follow this poller (null: this counter polls itself). Pulls at once from a new one. */
  follow(poller: CounterId | null): void {
    if (poller === this.poller) return;
    this.poller = poller;
    this.seen = null;
    this.wanted = null;
    this.problem = null;
    this.options.onChange?.();
    if (poller !== null) void this.pull();
  }

  /** The poller's data moved: pull what changed. */
  moved(from: CounterId, moved: Moved): void {
    if (from !== this.poller) return;
    this.wanted = moved;
    void this.pull();
  }

  /** Pull now (serialised: a request during a pull runs one more after it). Never throws. */
  pull(): Promise<void> {
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      do {
        this.again = false;
        await this.pullOnce();
      } while (this.again && !this.closed);
    })().finally(() => (this.pulling = null));
    return this.pulling;
  }

  close(): void {
    this.closed = true;
    this.poller = null;
  }

  private async pullOnce(): Promise<void> {
    const poller = this.poller;
    if (poller === null || this.closed) return;
    const wanted = this.wanted;
    const seen = this.seen;
    let problem: FollowState['problem'] = null;
    try {
      try {
        await this.pullReservations(poller);
      } catch (error) {
        // A poller still on its first sync may already hold the catalogue and availability.
        if (!(error instanceof ShopRpcError && error.code === 'not_ready')) throw error;
        problem = 'not_ready';
      }
      const month = this.month();
      if (
        !seen ||
        seen.availabilityAt !== wanted?.availabilityAt ||
        month !== this.availabilityMonth
      )
        await this.pullAvailability(poller, month);
      if (!seen || seen.catalogueAt !== wanted?.catalogueAt) await this.pullCatalogue(poller);
      if (poller !== this.poller) return;
      this.seen = wanted ?? seen ?? { watermark: null, availabilityAt: null, catalogueAt: null };
      this.pulledAt = this.now();
      this.problem = problem;
    } catch (error) {
      if (poller !== this.poller) return;
      const code = error instanceof ShopRpcError ? error.code : 'failed';
      this.problem =
        code === 'not_ready' ? 'not_ready' : code === 'bad_result' ? 'bad_answer' : 'no_answer';
      this.options.logger.info('shop.pull_failed', { code });
    }
    this.options.onChange?.();
  }

  private async pullReservations(poller: CounterId): Promise<void> {
    const { rpc, cache } = this.options;
    const resets = cache.resetCount();
    const since = cache.syncState().watermark;
    const dates = new Set<string>();
    let cursor: string | null = null;
    let watermark: string | null = null;
    let syncedAgoMs: number | null = null;
    let pages = 0;
    try {
      do {
        const answer = await rpc.call(poller, reservationsSince, { watermark: since, cursor });
        // The first page's watermark: anything newer listed meanwhile comes again next time.
        if (watermark === null) {
          watermark = answer.watermark;
          syncedAgoMs = answer.syncedAgoMs;
        }
        const page = T.ReservationPage.safeParse(answer.page);
        if (!page.success) throw new ShopRpcError('bad_result', 'reservations.since');
        cache.applyReservations(page.data.data, cache.retentionCutoff());
        if (page.data.unreadable.length) cache.noteUnreadableFromService(page.data.unreadable);
        for (const r of page.data.data)
          for (const item of r.items ?? []) if (typeof item.date === 'string') dates.add(item.date);
        cursor = page.data.nextCursor;
      } while (cursor !== null && ++pages < MAX_PAGES && poller === this.poller);
    } finally {
      // What came is kept, even when a later page did not.
      cache.flush();
    }
    // Every page is in (and no file was set aside meanwhile): the poller's watermark is ours.
    if (cursor === null && watermark !== null && cache.resetCount() === resets) {
      const state = cache.syncState();
      cache.setSyncState({
        watermark,
        resumeFrom: null,
        lastSyncedAt: syncedAgoMs === null ? state.lastSyncedAt : this.now() - syncedAgoMs,
      });
    }
    if (dates.size) this.options.onReservations?.([...dates].sort());
  }

  /** The month staff look at (the day view's, else this month in the store's zone). */
  private month(): string {
    const viewing = this.options.scheduler.viewingNow();
    if (viewing) return viewing.date.slice(0, 7);
    return DateTime.fromMillis(this.now(), { zone: this.options.cache.timeZone }).toFormat(
      'yyyy-MM',
    );
  }

  private async pullAvailability(poller: CounterId, month: string): Promise<void> {
    const { rpc, cache, logger } = this.options;
    const answer = await rpc.call(poller, availabilityOf, { month });
    const now = this.now();
    const ours = new Map(
      cache.availabilityOfMonth(month).map((a) => [a.availability.productId, a]),
    );
    let unreadable = 0;
    for (const item of answer.items) {
      const read = readEach(ReadRecord.Availability, [item.availability]).read[0];
      if (!read || `${read.year}-${String(read.month).padStart(2, '0')}` !== month) {
        unreadable++;
        continue;
      }
      const fetchedAt = now - item.fetchedAgoMs;
      const mine = ours.get(read.productId);
      const changes = item.local.map(({ sentAgoMs, ...c }) => ({ ...c, sentAt: now - sentAgoMs }));
      // A fetch newer than ours replaces it, and the changes noted since either fetch are noted
      // again on top (each once, by key; only those sent after the fetch count).
      if (!mine || mine.fetchedAt < fetchedAt) {
        cache.saveAvailability(read, fetchedAt);
        changes.push(...(mine?.local ?? []));
      }
      if (changes.length) cache.noteSeatChanges(changes);
    }
    if (unreadable) logger.warn('shop.availability_unreadable', { count: unreadable });
    this.availabilityMonth = month;
  }

  private async pullCatalogue(poller: CounterId): Promise<void> {
    const { rpc, cache, logger } = this.options;
    const answer = await rpc.call(poller, catalogueOf, {});
    if (answer === null) return;
    const theirs = this.now() - answer.fetchedAgoMs;
    // Our own save stamps the time it was saved: a catalogue the poller fetched since is newer.
    if ((cache.catalogue()?.fetchedAt ?? -Infinity) >= theirs) return;
    const { read, unreadable } = readEach(ReadRecord.Product, answer.products);
    if (unreadable.length) logger.warn('shop.products_unreadable', { count: unreadable.length });
    const store = ReadRecord.Store.safeParse(answer.store);
    cache.saveCatalogue(read, store.success ? store.data : (cache.catalogue()?.store ?? null));
  }
}
