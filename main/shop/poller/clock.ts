/**
 * The shop's time where the service sends none (H7): every counter answers `clock` with its time
 * (its clock corrected to the service's, when its answers carry a `Date`); a follower reads the
 * poller's when it meets it and every `CLOCK_EVERY_MS`, and takes it as its reference unless the
 * service's own is fresher (`ReferenceClock` decides). So the counters stamp alike even when no
 * answer of the service says the time.
 */
import type { Clock, Timer } from '../../common/clock';
import type { ReferenceClock } from '../../local/index';
import type { CounterId, ShopBus } from '../bus';
import type { ShopRpc } from '../rpc';
import { clockOf } from './methods';

/** How often a follower reads the poller's time (and on meeting a new poller). */
export const CLOCK_EVERY_MS = 60_000;

export interface PollerClockOptions {
  bus: ShopBus;
  rpc: ShopRpc;
  /** The shop's timers and this counter's (corrected) time. */
  clock: Clock;
  time: ReferenceClock;
}

export class PollerClock {
  private timer: Timer | null = null;
  private poller: CounterId | null = null;
  private closed = false;

  constructor(private readonly options: PollerClockOptions) {
    options.rpc.handle(clockOf, () => ({
      now: Math.round(options.clock.now()),
      reference: options.time.reference(),
      pcNow: Math.round(options.time.pcNow()),
    }));
  }

  /** Follow this poller's time (null: this counter polls, or none is known). Reads it at once. */
  follow(poller: CounterId | null): void {
    this.poller = poller;
    this.read();
  }

  close(): void {
    this.closed = true;
    this.poller = null;
    this.timer?.cancel();
  }

  private read(): void {
    this.timer?.cancel();
    this.timer = null;
    const poller = this.poller;
    if (this.closed || poller === null) return;
    const { bus, rpc, clock, time } = this.options;
    const sent = clock.now();
    void rpc.call(poller, clockOf, {}).then(
      (answer) => {
        if (this.closed || this.poller !== poller) return;
        const name = bus.peers().find((p) => p.presence.counterId === poller)?.presence.name;
        time.noteCounter(answer.now, Math.max(0, clock.now() - sent), name ?? poller);
      },
      () => undefined, // an older poller, or none: the next reading, or the service, decides
    );
    this.timer = clock.after(CLOCK_EVERY_MS, () => this.read()).unref();
  }
}
