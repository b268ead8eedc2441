/**
 * A clock a test moves by hand (the `Clock` port of main/common/clock.ts): time stands still until
 * `advance`, which runs each timer that falls due, in order, at its own moment, and waits for the
 * work a timer returns (a scheduler's tick over real HTTP) before it goes on. So a test of rates,
 * backoff or silence runs minutes of the subject's time in the milliseconds its work takes, and
 * one that proves nothing happened moves time past the moment it would have (decisions X22, X31).
 */
import type { Clock, Timer } from '../../main/common/clock';

interface Pending {
  due: number;
  /** Order of setting: timers due at the same moment run in the order they were set. */
  seq: number;
  fn: () => unknown;
}

export class FakeClock implements Clock {
  private at: number;
  private seq = 0;
  private readonly pending = new Set<Pending>();

  constructor(start = Date.now()) {
    this.at = start;
  }

  now(): number {
    return this.at;
  }

  after(ms: number, fn: () => unknown): Timer {
    const entry: Pending = { due: this.at + Math.max(0, ms), seq: this.seq++, fn };
    this.pending.add(entry);
    const timer: Timer = {
      cancel: () => void this.pending.delete(entry),
      refresh: () => {
        this.pending.delete(entry);
        entry.due = this.at + Math.max(0, ms);
        entry.seq = this.seq++;
        this.pending.add(entry);
      },
      // No process to keep alive: time moves only by `advance`.
      unref: () => timer,
    };
    return timer;
  }

  /** Timers set and not yet run. */
  get timers(): number {
    return this.pending.size;
  }

  /** When the next timer is due (null: none is set). */
  nextDue(): number | null {
    return this.next()?.due ?? null;
  }

  /**
   * Move time on by `ms`: each timer due by then runs at its moment (timers it sets run too, when
   * they fall inside), its returned promise awaited and what it set off in this process let run
   * (a question's timeout rejects a promise others wait on); then time stands at the end. So a
   * test sees at once what a timer did, or that it did nothing. `advance(0)` runs what is due now.
   */
  async advance(ms: number): Promise<void> {
    const end = this.at + ms;
    for (;;) {
      const next = this.next();
      if (!next || next.due > end) break;
      this.pending.delete(next);
      this.at = Math.max(this.at, next.due);
      await next.fn();
      // Promise callbacks chained on the timer's work run before the next timer, or the test.
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.at = end;
  }

  private next(): Pending | null {
    let first: Pending | null = null;
    for (const p of this.pending)
      if (!first || p.due < first.due || (p.due === first.due && p.seq < first.seq)) first = p;
    return first;
  }
}
