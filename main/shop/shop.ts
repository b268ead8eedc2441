/**
 * A counter's part in the shop, over any bus: who polls the service (election), what the poller
 * passes on (relay) and what followers pull (follower), the reservations a counter's own
 * walk-ins and cancellations returned (pushed to every counter at once), this counter's presence
 * (name, polling, link, requests sent in the rate window) and one rate budget (each governor
 * leaves room for what the others report using). The session attaches it; the bus is the
 * caller's (opened and closed by whoever made it).
 */
import type { Reservation } from '../api/client';
import { readEach, ReadRecord } from '../api/answers';
import type { RateGovernor } from '../api/governor';
import type { Logger } from '../api/log';
import { systemClock, type Clock, type Timer } from '../common/clock';
import type { LocalCache, Connectivity, ReferenceClock, SyncScheduler } from '../local/index';
import type { CounterId, CounterPresence, ShopBus } from './bus';
import { Claims } from './claims';
import { ShopRpc } from './rpc';
import { Election } from './poller/election';
import { Follower, type FollowState } from './poller/follower';
import { PollerClock } from './poller/clock';
import { CounterClocks } from './counter-clocks';
import { MOVED, Moved, OwnReservations, PAGE_SIZE, RESERVATIONS } from './poller/methods';
import { PollerRelay } from './poller/relay';

export interface ShopOptions {
  bus: ShopBus;
  /** This counter's name as staff chose it ("受付1"). */
  name: string;
  cache: LocalCache;
  scheduler: SyncScheduler;
  governor: RateGovernor;
  connectivity: Connectivity;
  logger: Logger;
  /**
   * Put reservations another counter's own walk-in or cancellation returned into the cache, the
   * seats they took or gave back noted as for our own (`sentAt`: our clock) — never pushed again.
   */
  remember: (reservations: Reservation[], sentAt?: number) => void;
  /** Reservations pulled from the poller changed these dates. */
  onReservations?: (dates: string[]) => void;
  /** Something `view()` shows changed. */
  onChange?: () => void;
  /** A counter claimed a booking paid on site, or ended its claim (decision I6). */
  onClaims?: (reservationId: string) => void;
  /**
   * Its time and timers: the presence's refresh, the questions' timeouts (decision X30; a test's
   * fake clock moves them). The machine's when left out.
   */
  clock?: Clock;
  /** How often the presence's request count is brought up to date (`PRESENCE_EVERY_MS`). */
  presenceEveryMs?: number;
  /**
   * The counter's time corrected to the service's (H7): the poller answers with it, a
   * follower takes the poller's as its reference where the service gives none. None: not asked.
   */
  time?: ReferenceClock;
}

/** How often a counter's presence is brought up to date by default (its request count). */
export const PRESENCE_EVERY_MS = 2_000;

export interface CounterView {
  counterId: CounterId;
  name: string;
  present: boolean;
  /** Our clock (epoch ms). */
  lastSeen: number;
  polling: boolean;
  link: CounterPresence['link'];
  /** Its PC's clock minus the shop's time, when off by more than the bound (H12); else null. */
  clockSkewMs: number | null;
}

export interface ShopView {
  sharing: true;
  self: { counterId: CounterId; name: string; polling: boolean };
  counters: CounterView[];
  /** A follower's view of its poller: whom it follows, when it last pulled, what went wrong. */
  relay: FollowState;
  /** The same for the status: the poller by name (null: this counter polls, or none is known). */
  following: {
    counterId: CounterId;
    name: string;
    pulledAt: number | null;
    problem: FollowState['problem'];
  } | null;
}

export class Shop {
  readonly election: Election;
  /** Who takes the money of a booking paid on site: one counter of the shop (decision I6). */
  readonly claims: Claims;
  private readonly rpc: ShopRpc;
  private readonly relay: PollerRelay;
  private readonly follower: Follower;
  private readonly clock: Clock;
  private readonly now: () => number;
  private readonly stops: Array<() => void> = [];
  private timer: Timer | null = null;
  /** The poller's time, where the service's answers carry none (H7). */
  private readonly pollerClock: PollerClock | null;
  /** The other counters' clocks, listed when off (H12). */
  private readonly counterClocks: CounterClocks | null;
  private closed = false;

  constructor(private readonly options: ShopOptions) {
    const { bus, logger } = options;
    this.clock = options.clock ?? systemClock;
    this.now = () => this.clock.now();
    this.rpc = new ShopRpc(bus, this.clock);
    this.pollerClock = options.time
      ? new PollerClock({ bus, rpc: this.rpc, clock: this.clock, time: options.time })
      : null;
    const { time, onChange } = options;
    this.counterClocks = time
      ? new CounterClocks({ bus, rpc: this.rpc, clock: this.clock, time, onChange })
      : null;
    this.election = new Election(bus);
    const parts = { ...options, now: this.now, rpc: this.rpc };
    this.relay = new PollerRelay({ ...parts, isPoller: () => this.isPoller() });
    this.follower = new Follower(parts);
    this.claims = new Claims({
      bus,
      rpc: this.rpc,
      name: () => options.name,
      now: this.now,
      onChange: (reservationId) => options.onClaims?.(reservationId),
    });
    // Part B's shared state (check-ins, holds, names) is attached here by the lead, beside the
    // relay: it needs only the bus (`doc` messages) and is closed with the rest in `close()`.
    this.stops.push(
      this.election.onChange(() => this.roleChanged()),
      bus.onPeers(() => this.peersChanged()),
      bus.onMessage((from, message) => {
        if (message.kind === 'push') this.pushed(from, message.topic, message.body);
      }),
      options.connectivity.on('change', () => this.updatePresence()),
      options.scheduler.onViewing(() => this.updatePresence()),
    );
    this.refreshPresence();
    logger.info('shop.attached', { counterId: bus.counterId });
    this.roleChanged();
    this.peersChanged();
  }

  isPoller(): boolean {
    return this.election.isPoller();
  }

  /**
   * This counter's own walk-in or cancellation returned these reservations (`sentAt`: our clock,
   * when the request was first sent): every other counter puts them in its cache at once.
   */
  share(reservations: readonly Reservation[], sentAt?: number): void {
    if (this.closed) return;
    const sentAgoMs = sentAt === undefined ? null : Math.max(0, Math.round(this.now() - sentAt));
    for (let i = 0; i < reservations.length; i += PAGE_SIZE) {
      const body = { reservations: reservations.slice(i, i + PAGE_SIZE), sentAgoMs };
      this.options.bus.broadcast({ kind: 'push', topic: RESERVATIONS, body });
    }
  }

  view(): ShopView {
    const { bus } = this.options;
    const self = bus.presence();
    const relay = this.follower.state();
    const peers = bus.peers();
    const poller = this.isPoller() ? null : relay.poller;
    // The bus stamps with this PC's own clock; the view is in the counter's corrected time (H7).
    const offset = this.options.time?.offsetMs() ?? 0;
    return {
      sharing: true,
      self: { counterId: self.counterId, name: self.name, polling: this.isPoller() },
      counters: peers
        .map(({ presence, present, lastSeen }) => ({
          counterId: presence.counterId,
          name: presence.name,
          present,
          lastSeen: lastSeen + offset,
          polling: present && presence.polling,
          link: presence.link,
          clockSkewMs: this.counterClocks?.skewOf(presence.counterId) ?? null,
        }))
        .sort((a, b) => (a.counterId < b.counterId ? -1 : a.counterId > b.counterId ? 1 : 0)),
      relay,
      following:
        poller === null
          ? null
          : {
              counterId: poller,
              name: peers.find((p) => p.presence.counterId === poller)?.presence.name ?? poller,
              pulledAt: relay.pulledAt,
              problem: relay.problem,
            },
    };
  }

  /** Stop sharing: this counter polls for itself again, with the whole budget. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.timer?.cancel();
    this.pollerClock?.close();
    this.counterClocks?.close();
    for (const stop of this.stops) stop();
    this.relay.close();
    this.follower.close();
    this.claims.close();
    this.election.close();
    this.rpc.close();
    this.options.governor.setOthersUsage(0);
    this.options.scheduler.setShopViewing([]);
    this.options.scheduler.setBackground(true);
  }

  private roleChanged(): void {
    if (this.closed) return;
    const poller = this.isPoller();
    this.options.scheduler.setBackground(poller);
    this.follower.follow(poller ? null : this.election.poller());
    this.pollerClock?.follow(poller ? null : this.election.poller());
    this.updatePresence();
    if (poller) this.relay.announce();
    this.options.onChange?.();
  }

  /**
   * The others' requests in their last window come off our budget; the days their day views show
   * set the poller's pace and the availability it keeps fresh (H10).
   */
  private peersChanged(): void {
    if (this.closed) return;
    let others = 0;
    const showing: string[] = [];
    for (const p of this.options.bus.peers()) {
      if (!p.present) continue;
      others += p.presence.recentRequests;
      if (p.presence.showing) showing.push(p.presence.showing.date);
    }
    this.options.governor.setOthersUsage(others);
    this.options.scheduler.setShopViewing(showing);
    this.options.onChange?.();
  }

  /** The presence brought up to date every `presenceEveryMs` (its request count moves alone). */
  private refreshPresence(): void {
    this.timer = this.clock
      .after(this.options.presenceEveryMs ?? PRESENCE_EVERY_MS, () => {
        this.updatePresence();
        if (!this.closed) this.refreshPresence();
      })
      .unref();
  }

  private updatePresence(): void {
    if (this.closed) return;
    const { bus, name, connectivity, governor, scheduler } = this.options;
    const viewing = scheduler.viewingNow();
    const next = {
      name,
      polling: this.isPoller(),
      link: connectivity.state.link,
      recentRequests: governor.recentRequests(),
      showing: viewing && { date: viewing.date },
    };
    const now = bus.presence();
    if (
      now.name !== next.name ||
      now.polling !== next.polling ||
      now.link !== next.link ||
      now.recentRequests !== next.recentRequests ||
      (now.showing?.date ?? null) !== (next.showing?.date ?? null)
    )
      bus.setPresence(next);
  }

  private pushed(from: CounterId, topic: string, body: unknown): void {
    if (this.closed) return;
    if (topic === MOVED) {
      const moved = Moved.safeParse(body);
      if (moved.success) this.follower.moved(from, moved.data);
      else this.options.logger.warn('shop.push_refused', { topic });
      return;
    }
    if (topic === RESERVATIONS) {
      const own = OwnReservations.safeParse(body);
      if (!own.success) {
        this.options.logger.warn('shop.push_refused', { topic });
        return;
      }
      const { read, unreadable } = readEach(ReadRecord.Reservation, own.data.reservations);
      if (unreadable.length) this.options.cache.noteUnreadableFromService(unreadable);
      const { sentAgoMs } = own.data;
      if (read.length)
        this.options.remember(read, sentAgoMs === null ? undefined : this.now() - sentAgoMs);
    }
    // Other topics belong to other parts of the shop (or a newer version): not ours to refuse.
  }
}
