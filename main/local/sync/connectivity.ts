/**
 * Is the service reachable? Judged from what requests meet (every attempt the client makes is
 * reported here) and, while offline, from a cheap ping probe with backoff.
 *
 * online   — requests succeed
 * degraded — the service answers but struggles: 5xx, 429, or slow answers in the last minute
 * offline  — requests cannot reach it (refused, unreachable, timed out, cut) twice in a row
 */
import type { ReservationClient } from '../../api/client';
import { ApiError, HttpError, NetworkError } from '../../api/errors';
import type { Logger } from '../../api/log';
import { TypedEmitter } from '../events';

export type Link = 'online' | 'degraded' | 'offline';

export type ConnectivityEvents = {
  change: { link: Link; since: number };
};

export interface ConnectivityOptions {
  logger: Logger;
  now?: () => number;
  /** An answer slower than this counts as a sign of trouble. */
  slowMs?: number;
  probeMinMs?: number;
  probeMaxMs?: number;
}

const TROUBLE_WINDOW_MS = 60_000;

export class Connectivity extends TypedEmitter<ConnectivityEvents> {
  private link: Link = 'online';
  private since: number;
  private networkFailuresInRow = 0;
  private trouble: number[] = [];
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  private probeDelay: number;
  private client: ReservationClient | null = null;
  private readonly now: () => number;

  constructor(private readonly options: ConnectivityOptions) {
    super();
    this.now = options.now ?? Date.now;
    this.since = this.now();
    this.probeDelay = options.probeMinMs ?? 2_000;
  }

  get state(): { link: Link; since: number } {
    return { link: this.link, since: this.since };
  }

  /** Probe with this client while offline. */
  useClient(client: ReservationClient | null): void {
    this.client = client;
    if (!client) this.stopProbe();
  }

  /** Report the outcome of one attempt. */
  report(outcome: { ok: true; ms: number } | { ok: false; error: unknown }): void {
    const now = this.now();
    this.trouble = this.trouble.filter((t) => t > now - TROUBLE_WINDOW_MS);
    if (outcome.ok) {
      this.networkFailuresInRow = 0;
      if (outcome.ms > (this.options.slowMs ?? 5_000)) this.trouble.push(now);
      this.set(this.trouble.length >= 2 ? 'degraded' : 'online');
      return;
    }
    const error = outcome.error;
    if (error instanceof NetworkError) {
      if (error.reason === 'aborted') return;
      this.networkFailuresInRow++;
      const unreachable = error.reason === 'offline' || error.reason === 'refused';
      if (unreachable || this.networkFailuresInRow >= 2) this.set('offline');
      else this.set('degraded');
    } else if (error instanceof HttpError && (error.status >= 500 || error.status === 429)) {
      this.networkFailuresInRow = 0;
      this.trouble.push(now);
      this.set('degraded');
    } else if (error instanceof ApiError) {
      // A 4xx is an answer: the link works.
      this.networkFailuresInRow = 0;
      this.set(this.trouble.length >= 2 ? 'degraded' : 'online');
    }
  }

  private set(link: Link): void {
    if (link === this.link) return;
    this.link = link;
    this.since = this.now();
    this.options.logger.info('link.changed', { link });
    this.emit('change', this.state);
    if (link === 'offline') this.scheduleProbe();
    else {
      this.stopProbe();
      this.probeDelay = this.options.probeMinMs ?? 2_000;
    }
  }

  private scheduleProbe(): void {
    if (this.probeTimer || !this.client) return;
    this.probeTimer = setTimeout(() => void this.probe(), this.probeDelay);
  }

  private stopProbe(): void {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  /** One cheap ping; its outcome is reported like any request. Backs off while offline. */
  private async probe(): Promise<void> {
    this.probeTimer = null;
    const client = this.client;
    if (!client || this.link !== 'offline') return;
    try {
      // One attempt, short deadline: the probe itself must not pile up retries.
      await client.ping({ lane: 'background', deadlineMs: 5_000, timeoutMs: 5_000 });
    } catch {
      // Reported through the client's observer already.
    }
    if (this.link === 'offline') {
      this.probeDelay = Math.min(this.options.probeMaxMs ?? 60_000, this.probeDelay * 2);
      this.scheduleProbe();
    }
  }

  dispose(): void {
    this.stopProbe();
  }
}
