/**
 * The poller's side of the relay: after each background step it tells every counter that its
 * data moved, and it answers their questions from its own cache — reservations updated since a
 * watermark (a page at a time, with the same overlap as the sync engine's polls), availability
 * of a month, the catalogue. Every counter answers these (a counter that just lost the role still
 * holds good data); one whose own first sync is not complete says `not_ready` rather than hand
 * out a part as if it were the whole.
 */
import type { Logger } from '../../api/log';
import { DEFAULT_OVERLAP_MS, type LocalCache, type SyncScheduler } from '../../local/index';
import type { ShopBus } from '../bus';
import type { ShopRpc } from '../rpc';
import { ShopRpcError } from '../rpc';
import {
  MOVED,
  PAGE_SIZE,
  availabilityOf,
  catalogueOf,
  reservationsSince,
  type Moved,
} from './methods';

export interface RelayOptions {
  bus: ShopBus;
  rpc: ShopRpc;
  cache: LocalCache;
  scheduler: SyncScheduler;
  logger: Logger;
  /** Whether this counter polls for the shop now. */
  isPoller: () => boolean;
  now?: () => number;
  overlapMs?: number;
}

type Cached = ReturnType<LocalCache['reservationsOn']>['reservations'][number];

/** Listing order, as the service's: by update time, then id. */
const keyOf = (r: Cached): [number, string] => [Date.parse(r.updatedAt), r.id];
const before = (a: [number, string], b: [number, string]) =>
  a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

export class PollerRelay {
  private readonly now: () => number;
  private availabilityAt: number | null = null;
  private readonly stop: () => void;

  constructor(private readonly options: RelayOptions) {
    this.now = options.now ?? Date.now;
    const { rpc, scheduler } = options;
    rpc.handle(reservationsSince, (p) => this.reservationsSince(p.watermark, p.cursor));
    rpc.handle(availabilityOf, (p) => this.availability(p.month, p.productIds));
    rpc.handle(catalogueOf, () => this.catalogue());
    this.stop = scheduler.onStep((step) => {
      // Strictly increasing: two fetches in one millisecond (a month fetched whole at once) are
      // still two changes a follower must pull, not one it already has.
      if (step === 'availability')
        this.availabilityAt = Math.max(this.now(), (this.availabilityAt ?? -Infinity) + 1);
      if (options.isPoller()) this.announce();
    });
  }

  /** Tell every counter what this one holds now (after a step; on taking the role). */
  announce(): void {
    const { cache, bus } = this.options;
    const body: Moved = {
      watermark: cache.syncState().watermark,
      availabilityAt: this.availabilityAt,
      catalogueAt: cache.catalogue()?.fetchedAt ?? null,
    };
    bus.broadcast({ kind: 'push', topic: MOVED, body });
  }

  close(): void {
    this.stop();
  }

  private reservationsSince(watermark: string | null, cursor: string | null) {
    const { cache } = this.options;
    const state = cache.syncState();
    if (state.watermark === null)
      throw new ShopRpcError('not_ready', 'this counter has not completed its first sync');
    const overlap = this.options.overlapMs ?? DEFAULT_OVERLAP_MS;
    const since = watermark === null ? -Infinity : Date.parse(watermark) - overlap;
    const after = cursor === null ? null : parseCursor(cursor);
    // A reservation with items on several dates is cached under each: listed once, newest copy.
    const byId = new Map<string, Cached>();
    for (const date of cache.cachedDates())
      for (const r of cache.reservationsOn(date).reservations) {
        const had = byId.get(r.id);
        if (!had || Date.parse(r.updatedAt) > Date.parse(had.updatedAt)) byId.set(r.id, r);
      }
    const wanted = [...byId.values()]
      .filter((r) => !(Date.parse(r.updatedAt) < since))
      .filter((r) => after === null || before(after, keyOf(r)))
      .sort((a, b) => (before(keyOf(a), keyOf(b)) ? -1 : before(keyOf(b), keyOf(a)) ? 1 : 0));
    const data = wanted.slice(0, PAGE_SIZE);
    const last = data[data.length - 1];
    const more = wanted.length > PAGE_SIZE && last !== undefined;
    return {
      page: { data, nextCursor: more ? `${last.updatedAt}|${last.id}` : null },
      watermark: state.watermark,
      syncedAgoMs: state.lastSyncedAt === null ? null : this.ago(state.lastSyncedAt),
    };
  }

  private availability(month: string, productIds?: string[]) {
    const wanted = productIds && new Set(productIds);
    return {
      items: this.options.cache
        .availabilityOfMonth(month)
        .filter(({ availability }) => !wanted || wanted.has(availability.productId))
        .map(({ availability, fetchedAt, local }) => ({
          availability,
          fetchedAgoMs: this.ago(fetchedAt),
          local: local.map(({ sentAt, ...change }) => ({ ...change, sentAgoMs: this.ago(sentAt) })),
        })),
    };
  }

  private catalogue() {
    const c = this.options.cache.catalogue();
    return c && { products: c.products, store: c.store, fetchedAgoMs: this.ago(c.fetchedAt) };
  }

  private ago(at: number): number {
    return Math.max(0, Math.round(this.now() - at));
  }
}

function parseCursor(cursor: string): [number, string] {
  const at = cursor.indexOf('|');
  const time = Date.parse(cursor.slice(0, at));
  if (at < 0 || Number.isNaN(time)) throw new ShopRpcError('bad_params', 'cursor');
  return [time, cursor.slice(at + 1)];
}
