/**
 * A small fixed-window limiter with the office's clock (so a test moves time, not waits): log-in
 * per e-mail and per address, enrolment and set-up per address. In memory: one office process;
 * a restart forgets counts, which costs an attacker nothing they could not get by waiting.
 */
export class Limiter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts one try for `key`; false when it is over the limit in this window. */
  take(key: string): boolean {
    const now = this.now();
    let w = this.#windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.#windows.size > 100_000) this.#sweep(now);
      w = { start: now, count: 0 };
      this.#windows.set(key, w);
    }
    w.count += 1;
    return w.count <= this.limit;
  }

  /** Whether `key` has used up this window (without counting a try). */
  spent(key: string): boolean {
    const w = this.#windows.get(key);
    return !!w && this.now() - w.start < this.windowMs && w.count >= this.limit;
  }

  #sweep(now: number): void {
    for (const [key, w] of this.#windows)
      if (now - w.start >= this.windowMs) this.#windows.delete(key);
  }
}
