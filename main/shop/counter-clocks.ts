/**
 * The other counters' clocks (issue 28, H12): each present counter is asked its PC's own time
 * (`clock`, which also answers the poller's time for H7) when it comes and every
 * `CLOCK_EVERY_MS`. The answer against this PC's own clock at the middle of the round trip is
 * how far the two PCs' clocks differ — kept so, since this counter's own correction may still
 * move — and less this counter's correction, how far that PC's clock is off the shop's time. A counter off by more than
 * `SKEW_BOUND_MS` is listed so staff have it set right ("受付3's clock is 7 min slow"); its own
 * status bar says the same from its side (H8). A counter that does not answer, or answers without
 * its PC's time (an older version), is simply not listed.
 */
import type { Clock, Timer } from '../common/clock';
import { SKEW_BOUND_MS, type ReferenceClock } from '../local/index';
import type { CounterId, ShopBus } from './bus';
import { CLOCK_EVERY_MS } from './poller/clock';
import { clockOf } from './poller/methods';
import type { ShopRpc } from './rpc';

/** A round trip longer than this tells too little (half of it is the reading's error). */
const MAX_ROUND_TRIP_MS = 10_000;

export interface CounterClocksOptions {
  bus: ShopBus;
  rpc: ShopRpc;
  /** The shop's timers. */
  clock: Clock;
  /** This counter's time: its PC's clock and the correction applied to it. */
  time: ReferenceClock;
  /** What a counter's skew shows changed (over the bound or not, its minutes). */
  onChange?: () => void;
}

export class CounterClocks {
  /** Each counter's PC clock minus this PC's, as last read (ms). */
  private readonly skews = new Map<CounterId, number>();
  private readonly asked = new Set<CounterId>();
  private readonly stops: Array<() => void> = [];
  private timer: Timer | null = null;
  private closed = false;

  constructor(private readonly options: CounterClocksOptions) {
    this.stops.push(options.bus.onPeers(() => this.peersChanged()));
    this.peersChanged();
    this.tick();
  }

  /** That counter's PC clock minus the shop's time, when off by more than the bound; else null. */
  skewOf(counterId: CounterId): number | null {
    const apart = this.skews.get(counterId);
    const skew = apart === undefined ? undefined : apart - this.options.time.offsetMs();
    return skew !== undefined && Math.abs(skew) > SKEW_BOUND_MS ? skew : null;
  }

  /** What staff read of it: whole minutes off, or nothing. */
  private shown(counterId: CounterId): number | null {
    const skew = this.skewOf(counterId);
    return skew === null ? null : Math.round(skew / 60_000);
  }

  close(): void {
    this.closed = true;
    this.timer?.cancel();
    for (const stop of this.stops) stop();
  }

  /** A counter that came is asked at once; one that left is asked again when it comes back. */
  private peersChanged(): void {
    for (const peer of this.options.bus.peers()) {
      const id = peer.presence.counterId;
      if (!peer.present) this.asked.delete(id);
      else if (!this.asked.has(id)) {
        this.asked.add(id);
        this.read(id);
      }
    }
  }

  private tick(): void {
    this.timer = this.options.clock
      .after(CLOCK_EVERY_MS, () => {
        if (this.closed) return;
        for (const peer of this.options.bus.peers())
          if (peer.present) this.read(peer.presence.counterId);
        this.tick();
      })
      .unref();
  }

  private read(counterId: CounterId): void {
    const { rpc, time } = this.options;
    const sent = time.pcNow();
    void rpc.call(counterId, clockOf, {}).then(
      ({ pcNow }) => {
        const received = time.pcNow();
        if (this.closed || pcNow === undefined || received - sent > MAX_ROUND_TRIP_MS) return;
        const before = this.shown(counterId);
        this.skews.set(counterId, Math.round(pcNow - (sent + received) / 2));
        if (before !== this.shown(counterId)) this.options.onChange?.();
      },
      () => undefined, // gone meanwhile: asked again when it comes back
    );
  }
}
