/**
 * The sandbox's clock. It runs with real time from a settable starting point, or stands still
 * when frozen, so that tests and training can put "now" anywhere (a busy Saturday, a deadline).
 * Rate limiting and injected latency use real time; only business time comes from here.
 */
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  constructor(start?: number | Date | string, options: { frozen?: boolean } = {}) {
    // Freeze first: set-then-freeze would read real time twice and may land a millisecond late.
    if (options.frozen) this.freeze();
    if (start !== undefined) this.set(start);
  }

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  /** Put the clock at a moment; it keeps running from there unless frozen. */
  set(at: number | Date | string): void {
    const ms = typeof at === 'number' ? at : new Date(at).getTime();
    if (!Number.isFinite(ms)) throw new RangeError(`not a time: ${String(at)}`);
    if (this.frozenAt !== null) this.frozenAt = ms;
    else this.offsetMs = ms - Date.now();
  }

  advance(ms: number): void {
    this.set(this.now() + ms);
  }

  freeze(): void {
    this.frozenAt = this.now();
  }

  unfreeze(): void {
    if (this.frozenAt === null) return;
    this.offsetMs = this.frozenAt - Date.now();
    this.frozenAt = null;
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }
}
