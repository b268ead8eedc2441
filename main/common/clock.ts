/**
 * Time as a parameter: what code that waits (polls, heartbeats, backoff, a dead peer's silence)
 * asks for instead of the global timers, so that a test drives time with a fake clock
 * (test/support/fake-clock.ts) rather than sleeping through it. Code that only reads the time
 * takes `now: () => number`, as everywhere else (decision X21).
 */

/** A wait set on a `Clock`. */
export interface Timer {
  cancel(): void;
  /** Start the same wait again from now (a deadline pushed back by each sign of life). */
  refresh(): void;
  /** This wait alone does not keep the process alive (background housekeeping). */
  unref(): Timer;
}

export interface Clock {
  now(): number;
  /**
   * Call `fn` once, `ms` from now. What it returns is ignored here; a fake clock awaits a promise
   * (the work the timer started) before it moves on, so a test sees that work done.
   */
  after(ms: number, fn: () => unknown): Timer;
}

/** The machine's clock and Node's timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(() => void fn(), ms);
    const wait: Timer = {
      cancel: () => clearTimeout(timer),
      refresh: () => void timer.refresh(),
      unref: () => (timer.unref(), wait),
    };
    return wait;
  },
};

/** The timers of `clock`, reading the time from `now` (a session's own clock, training's). */
export const clockWith = (now: () => number, clock: Clock = systemClock): Clock => ({
  now,
  after: (ms, fn) => clock.after(ms, fn),
});
