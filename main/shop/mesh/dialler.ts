/**
 * The counters a mesh dials: each address from the peer list or discovery is a candidate,
 * dialled at once and after each failure again with capped exponential backoff and jitter, not
 * while the counter that answered there is connected, and never again once it turned out to be our
 * own listener. An address only discovery gave is forgotten after failing for 10 minutes in a
 * row (a counter gone for good, or moved to another address): the counter dials us itself when
 * it comes back, and its own discovery finds us. Addresses from the peer list are kept for good.
 */
import type { TLSSocket } from 'node:tls';
import type { Logger } from '../../api/log';
import type { CounterId } from '../bus';
import type { ShopSecrets } from './keys';
import { dialPeer } from './tls';

/** Dialling again after a failure: 250 ms doubling to 5 s, each wait 50–100 % of that. */
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 5_000;
/** An address discovery gave that fails this long in a row is forgotten. */
export const FORGET_DISCOVERED_AFTER_MS = 10 * 60_000;

export interface Candidate {
  host: string;
  port: number;
  /** Failures in a row (reset when a hello arrives). */
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  dialling: boolean;
  /** Who answered there last time (so it is not dialled while connected). */
  counterId: CounterId | null;
  /** Our own listener: never dialled again. */
  self: boolean;
  /** Given by discovery only (not the peer list): forgotten after failing long enough. */
  discovered: boolean;
  /** When the failures in a row began (null: the last attempt worked, or none yet). */
  failingSince: number | null;
}

/** "host:port" or "[v6]:port" → its parts; null when it is not an address. */
export function parsePeerAddress(address: string): { host: string; port: number } | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]]+)):(\d{1,5})$/.exec(address.trim());
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65_535) return null;
  return { host: match[1] ?? match[2]!, port };
}

export const formatAddress = (host: string, port: number) =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;

export class Dialler {
  private readonly candidates = new Map<string, Candidate>();
  private stopped = false;

  constructor(
    private readonly secrets: ShopSecrets,
    private readonly logger: Logger,
    /** Whether that counter has a connection now. */
    private readonly connected: (counterId: CounterId) => boolean,
    private readonly onConnection: (
      socket: TLSSocket,
      address: string,
      candidate: Candidate,
    ) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Addresses being dialled (or waiting to be dialled again). */
  addresses(): string[] {
    return [...this.candidates.keys()];
  }

  /**
   * A counter to dial; an address already known is left as it is (except that the peer list
   * makes a discovered address one to keep).
   */
  add(host: string, port: number, from: 'list' | 'discovery' = 'list'): void {
    const key = formatAddress(host, port);
    const known = this.candidates.get(key);
    if (known && from === 'list') known.discovered = false;
    if (this.stopped || known) return;
    const candidate: Candidate = {
      host,
      port,
      attempt: 0,
      timer: null,
      dialling: false,
      counterId: null,
      self: false,
      discovered: from === 'discovery',
      failingSince: null,
    };
    this.candidates.set(key, candidate);
    this.dial(candidate);
  }

  /** The connection to that counter went down: dial it again wherever it was reached. */
  redial(counterId: CounterId): void {
    for (const c of this.candidates.values()) if (c.counterId === counterId) this.retry(c);
  }

  retry(candidate: Candidate): void {
    if (this.stopped || candidate.self || candidate.timer) return;
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** candidate.attempt);
    candidate.attempt++;
    candidate.timer = setTimeout(() => this.dial(candidate), ceiling * (0.5 + Math.random() * 0.5));
  }

  stop(): void {
    this.stopped = true;
    for (const c of this.candidates.values()) if (c.timer) clearTimeout(c.timer);
  }

  private dial(candidate: Candidate): void {
    candidate.timer = null;
    if (this.stopped || candidate.self || candidate.dialling) return;
    if (candidate.counterId && this.connected(candidate.counterId)) return;
    candidate.dialling = true;
    const address = formatAddress(candidate.host, candidate.port);
    dialPeer(candidate.host, candidate.port, this.secrets).then(
      (socket) => {
        candidate.dialling = false;
        if (this.stopped) socket.destroy();
        else this.onConnection(socket, address, candidate);
      },
      (error: Error) => {
        candidate.dialling = false;
        // The first failure in a row is worth a line; the retries that follow are not.
        const log = candidate.attempt === 0 ? this.logger.info : this.logger.debug;
        log('shop.mesh.dial_failed', { address, reason: error.message });
        candidate.failingSince ??= this.now();
        if (
          candidate.discovered &&
          this.now() - candidate.failingSince >= FORGET_DISCOVERED_AFTER_MS
        ) {
          this.candidates.delete(address);
          this.logger.info('shop.mesh.forgotten', { address });
          return;
        }
        this.retry(candidate);
      },
    );
  }
}
