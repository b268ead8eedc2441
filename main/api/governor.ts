/**
 * The rate governor: every request to the service passes through here first (after octokit's
 * throttling). A token bucket sized by the key's plan keeps our own traffic under the limit;
 * priority lanes let a walk-in go before a sync page; a 429 (other counter PCs share the key)
 * pauses everything for Retry-After, drains the bucket and shrinks background work, which then
 * recovers slowly. Sending queued walk-ins (`drain`) is user work: it runs at close to the plan's
 * full rate, after the counter's own requests, and always leaves them a turn.
 *
 * Over 300 lines: one bucket whose lanes, pauses and recovery share the same state; split, each
 * part would need the others' internals.
 */
import { NetworkError } from './errors';

/**
 * write, read: the person at the counter. drain: walk-ins queued while offline, being sent — user
 * work at the plan's rate, but after the counter's requests and leaving them headroom (see
 * `drainShare`). background: sync, polls, probes, at a small share.
 */
export type Lane = 'write' | 'read' | 'drain' | 'background';

export interface PlanLimit {
  requests: number;
  windowMs: number;
}

export const PLAN_LIMITS = {
  standard: { requests: 60, windowMs: 60_000 },
  facility: { requests: 300, windowMs: 60_000 },
} as const satisfies Record<string, PlanLimit>;

export interface GovernorOptions {
  /** The key's plan; the standard plan (the lower) until set-up says otherwise. */
  limit?: PlanLimit;
  maxConcurrency?: number;
  /** Largest fraction of the rate that background work may use. */
  backgroundShare?: number;
  /**
   * Largest fraction of the plan's window a drain may use (0.9: 54 of 60 a minute), so that the
   * counter's requests still find a turn at once. 429s slow it with the rest, never below
   * `MIN_RATE_FACTOR` of it.
   */
  drainShare?: number;
  now?: () => number;
}

export interface GovernorState {
  limit: PlanLimit;
  /** Requests per window we currently allow ourselves (lower after 429s). */
  effectiveLimit: number;
  tokens: number;
  backgroundShare: number;
  queued: Record<Lane, number>;
  inFlight: number;
  pausedUntil: number | null;
  /** 429 answers in the last ten minutes. */
  recent429s: number;
}

interface Waiter {
  lane: Lane;
  resolve: (release: () => void) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

const RECENT_MS = 10 * 60_000;
const MIN_SHARE = 0.05;
const MIN_RATE_FACTOR = 0.25;
/**
 * However much the shop's other counters report using, this counter keeps this share of the plan
 * for its own staff's actions (a walk-in must still go through when the others are busy).
 */
const MIN_SHARED_FACTOR = 0.25;

export class RateGovernor {
  private limit: PlanLimit;
  private readonly maxConcurrency: number;
  private readonly defaultShare: number;
  private readonly now: () => number;

  private tokens = 0;
  private backgroundTokens = 1;
  private drainTokens = 1;
  private readonly drainShare: number;
  private lastRefill: number;
  private share: number;
  /** Multiplies our rate after 429s (the key is shared with other PCs); recovers to 1. */
  private rateFactor = 1;
  private lastPenalty = 0;
  /** The plan's share left by the shop's other counters (`setOthersUsage`). */
  private sharedFactor = 1;
  /** When each turn was granted, for `recentRequests` (pruned to one window). */
  private readonly granted: number[] = [];
  private pausedUntil = 0;
  private inFlight = 0;
  private backgroundInFlight = 0;
  private readonly queues: Record<Lane, Waiter[]> = {
    write: [],
    read: [],
    drain: [],
    background: [],
  };
  private readonly penalties: number[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<(state: GovernorState) => void>();

  constructor(options: GovernorOptions = {}) {
    this.limit = options.limit ?? PLAN_LIMITS.standard;
    this.maxConcurrency = options.maxConcurrency ?? 4;
    this.defaultShare = options.backgroundShare ?? 0.5;
    this.share = this.defaultShare;
    this.drainShare = options.drainShare ?? 0.9;
    this.now = options.now ?? Date.now;
    this.lastRefill = this.now();
    this.tokens = this.capacity;
  }

  /**
   * Burst size. With a burst of b and a refill of (L − b) per window, no window of any alignment
   * ever sees more than L of our requests, whatever algorithm the service counts with.
   */
  private get capacity(): number {
    return Math.max(1, Math.floor(this.limit.requests * 0.04));
  }

  /** Tokens per millisecond. */
  private get rate(): number {
    return (
      ((this.limit.requests - this.capacity) * this.rateFactor * this.sharedFactor) /
      this.limit.windowMs
    );
  }

  /** Tokens per millisecond a drain may use: its share of the plan's window, slowed by 429s. */
  private get drainRate(): number {
    const share =
      (this.limit.requests * this.drainShare * this.rateFactor * this.sharedFactor) /
      this.limit.windowMs;
    return Math.min(this.rate, share);
  }

  /** Set the key's plan (from set-up). */
  configure(limit: PlanLimit): void {
    this.limit = { ...limit };
    this.tokens = Math.min(this.tokens, this.capacity);
    this.pump();
  }

  /**
   * The shop's other counters share the key: together they sent `requests` in the last window
   * (what their presence reports). Our rate leaves room for that much, never less than a floor
   * for this counter's own staff.
   */
  setOthersUsage(requests: number): void {
    const share = 1 - Math.max(0, requests) / this.limit.requests;
    const factor = Math.min(1, Math.max(MIN_SHARED_FACTOR, share));
    if (factor === this.sharedFactor) return;
    this.refill(); // what accrued so far accrued at the old rate
    this.sharedFactor = factor;
    this.pump();
  }

  /** Turns granted in the last window (the figure this counter reports to the others). */
  recentRequests(): number {
    const since = this.now() - this.limit.windowMs;
    while (this.granted.length && this.granted[0]! <= since) this.granted.shift();
    return this.granted.length;
  }

  /**
   * Wait for a turn. Resolves with a release function to call once the request is answered.
   * Each attempt of a request (retries included) takes its own turn.
   */
  acquire(lane: Lane, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted)
      return Promise.reject(new NetworkError('aborted', 'request cancelled', false));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { lane, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const queue = this.queues[lane];
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(new NetworkError('aborted', 'request cancelled', false));
          this.emit();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queues[lane].push(waiter);
      this.pump();
    });
  }

  /** The service answered 429: wait as told, drain, and leave more room for the other PCs. */
  penalize(retryAfterMs: number | null): void {
    const now = this.now();
    this.penalties.push(now);
    this.lastPenalty = now;
    this.pausedUntil = Math.max(this.pausedUntil, now + (retryAfterMs ?? this.limit.windowMs / 10));
    this.tokens = 0;
    this.backgroundTokens = 0;
    this.drainTokens = 0;
    this.share = Math.max(MIN_SHARE, this.share / 2);
    this.rateFactor = Math.max(MIN_RATE_FACTOR, this.rateFactor * 0.75);
    this.lastRefill = now;
    this.pump();
  }

  state(): GovernorState {
    this.refill();
    const now = this.now();
    while (this.penalties.length && this.penalties[0]! < now - RECENT_MS) this.penalties.shift();
    return {
      limit: { ...this.limit },
      effectiveLimit:
        Math.floor((this.limit.requests - this.capacity) * this.rateFactor * this.sharedFactor) +
        this.capacity,
      tokens: Math.floor(this.tokens * 100) / 100,
      backgroundShare: this.share,
      queued: {
        write: this.queues.write.length,
        read: this.queues.read.length,
        drain: this.queues.drain.length,
        background: this.queues.background.length,
      },
      inFlight: this.inFlight,
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : null,
      recent429s: this.penalties.length,
    };
  }

  onChange(listener: (state: GovernorState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    if (this.listeners.size === 0) return;
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }

  private refill(): void {
    const now = this.now();
    // Nothing accrues during a pause: the service told us to wait.
    const from = Math.max(this.lastRefill, this.pausedUntil);
    this.lastRefill = now;
    if (now <= from) return;
    const elapsed = now - from;
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.rate);
    this.backgroundTokens = Math.min(1, this.backgroundTokens + elapsed * this.rate * this.share);
    this.drainTokens = Math.min(1, this.drainTokens + elapsed * this.drainRate);
    // Additive recovery: a window without 429 gives back a step of rate and background share.
    if (this.lastPenalty && now - this.lastPenalty >= this.limit.windowMs) {
      const steps = Math.floor((now - this.lastPenalty) / this.limit.windowMs);
      this.rateFactor = Math.min(1, this.rateFactor + 0.05 * steps);
      this.share = Math.min(this.defaultShare, this.share + 0.05 * steps);
      this.lastPenalty =
        this.rateFactor === 1 && this.share === this.defaultShare
          ? 0
          : this.lastPenalty + steps * this.limit.windowMs;
    }
  }

  /** Grant turns while tokens and concurrency allow, highest lane first. */
  private pump(): void {
    this.refill();
    let granted = false;
    for (;;) {
      const now = this.now();
      if (now < this.pausedUntil || this.inFlight >= this.maxConcurrency) break;
      const lane = this.nextLane();
      if (!lane) break;
      const waiter = this.queues[lane].shift()!;
      this.tokens -= 1;
      this.inFlight++;
      this.granted.push(now);
      if (this.granted.length > 4 * this.limit.requests) this.recentRequests();
      if (lane === 'background') {
        this.backgroundTokens -= 1;
        this.backgroundInFlight++;
      }
      if (lane === 'drain') this.drainTokens -= 1;
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      let released = false;
      waiter.resolve(() => {
        if (released) return;
        released = true;
        this.inFlight--;
        if (lane === 'background') this.backgroundInFlight--;
        this.pump();
      });
      granted = true;
    }
    this.schedule();
    if (granted || this.listeners.size) this.emit();
  }

  /** Tokens background work and a drain must leave behind: one stays free for the counter. */
  private get reserve(): number {
    return this.capacity >= 2 ? 2 : 1;
  }

  private get backgroundConcurrency(): number {
    return Math.max(1, this.maxConcurrency - 2);
  }

  private nextLane(): Lane | null {
    if (this.tokens < 1) return null;
    if (this.queues.write.length) return 'write';
    if (this.queues.read.length) return 'read';
    if (this.queues.drain.length && this.tokens >= this.reserve && this.drainTokens >= 1)
      return 'drain';
    if (
      this.queues.background.length &&
      this.tokens >= this.reserve &&
      this.backgroundTokens >= 1 &&
      this.backgroundInFlight < this.backgroundConcurrency &&
      this.leavesDrainItsTurn()
    ) {
      return 'background';
    }
    return null;
  }

  /**
   * Background work takes a token only if a waiting drain still finds its reserve when its own
   * share allows it the next turn: a sync running beside a drain gets what the drain leaves.
   */
  private leavesDrainItsTurn(): boolean {
    if (this.queues.drain.length === 0) return true;
    const untilDrain = Math.max(0, (1 - this.drainTokens) / Math.max(this.drainRate, 1e-12));
    return Math.min(this.capacity, this.tokens - 1 + untilDrain * this.rate) >= this.reserve;
  }

  /** Wake up when the next queued request could be granted by time (not by a release). */
  private schedule(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const interactive = this.queues.write.length + this.queues.read.length > 0;
    const drain = this.queues.drain.length > 0;
    const background =
      this.queues.background.length > 0 && this.backgroundInFlight < this.backgroundConcurrency;
    if ((!interactive && !drain && !background) || this.inFlight >= this.maxConcurrency) return;
    const now = this.now();
    let wait: number;
    if (now < this.pausedUntil) wait = this.pausedUntil - now;
    else if (interactive) wait = (1 - this.tokens) / this.rate;
    else {
      // The sooner of the drain's and background's next turns, each bound by the reserve too.
      const reserved = (this.reserve - this.tokens) / this.rate;
      wait = Infinity;
      if (drain)
        wait = Math.max(reserved, (1 - this.drainTokens) / Math.max(this.drainRate, 1e-12));
      if (background) {
        const share = (1 - this.backgroundTokens) / (this.rate * Math.max(this.share, 1e-9));
        wait = Math.min(wait, Math.max(reserved, share));
      }
    }
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(1, Math.ceil(wait)),
    );
  }
}
