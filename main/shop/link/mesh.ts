/**
 * The shop's bus between processes: every counter listens (TLS-PSK, `tls-link.ts`) and dials
 * every candidate it knows — the static peer list and what discovery finds — keeping one link
 * per pair of counters. A counter is present while its link is up and frames arrive; one that
 * left stays in `peers()` with when it was last seen. Logs say which counter and why, never the
 * key, the PSK or what a message carries.
 */
import type { AddressInfo, Socket } from 'node:net';
import type { Server, TLSSocket } from 'node:tls';
import { silentLogger, type Logger } from '../../api/log';
import {
  CounterPresence,
  SHOP_PROTOCOL,
  ShopMessage,
  type CounterId,
  type Peer,
  type ShopBus,
} from '../bus';
import type { ShopSecrets } from '../keys';
import { Connection, type ConnectionEvents } from './connection';
import { startDiscovery, type Discovery } from './discovery';
import { createLinkServer, dialLink } from './tls-link';
import { LINK_PROTOCOL, type Hello } from './wire';

/** The port a counter listens on unless set up otherwise. */
export const DEFAULT_SHOP_PORT = 47110;

export interface MeshOptions {
  counterId: CounterId;
  /** This counter's display name (its presence). */
  name: string;
  secrets: ShopSecrets;
  listen: { host: string; port: number };
  /** Counters to dial ("host:port"), for networks without multicast. */
  peers?: string[];
  /** Publish and browse the shop's counters by mDNS. */
  discovery?: boolean;
  heartbeatMs?: number;
  deadAfterMs?: number;
  logger?: Logger;
  now?: () => number;
}

/** Dialling again after a failure: 250 ms doubling to 5 s, each wait 50–100 % of that. */
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 5_000;

interface Candidate {
  host: string;
  port: number;
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  dialling: boolean;
  /** Who answered there last time (so it is not dialled while linked). */
  counterId: CounterId | null;
  /** Our own listener: never dialled again. */
  self: boolean;
}

/** "host:port" or "[v6]:port" → its parts; null when it is not an address. */
export function parsePeerAddress(address: string): { host: string; port: number } | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]]+)):(\d{1,5})$/.exec(address.trim());
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65_535) return null;
  return { host: match[1] ?? match[2]!, port };
}

const formatAddress = (host: string, port: number) =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;

export class Mesh implements ShopBus {
  readonly counterId: CounterId;
  private own: CounterPresence;
  private readonly known = new Map<CounterId, Peer>();
  /** The one link per counter that messages go on. */
  private readonly active = new Map<CounterId, Connection>();
  private readonly connections = new Set<Connection>();
  private readonly candidates = new Map<string, Candidate>();
  private readonly dialledFrom = new WeakMap<Connection, Candidate>();
  /** Every accepted TCP socket, so that close() also ends handshakes under way. */
  private readonly accepted = new Set<Socket>();
  private readonly messageListeners = new Set<(from: CounterId, m: ShopMessage) => void>();
  private readonly peerListeners = new Set<() => void>();
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly heartbeatMs: number;
  private readonly deadAfterMs: number;
  private server: Server | null = null;
  private port: number | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private discovery: Discovery | null = null;
  private closed = false;
  private readonly events: ConnectionEvents = {
    hello: (c, hello) => this.onHello(c, hello),
    presence: (c, presence) => this.onPresence(c, presence),
    message: (c, message) => this.deliver(c, message),
    closed: (c, reason) => this.onClosed(c, reason),
  };

  constructor(private readonly options: MeshOptions) {
    this.counterId = options.counterId;
    this.logger = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
    this.heartbeatMs = options.heartbeatMs ?? 1_000;
    this.deadAfterMs = options.deadAfterMs ?? 4_000;
    this.own = CounterPresence.parse({
      counterId: options.counterId,
      name: options.name,
      polling: false,
      link: 'unknown',
      recentRequests: 0,
      protocol: SHOP_PROTOCOL,
    });
  }

  /** Listen, start dialling and discovery; resolves with the port bound. */
  async start(): Promise<number> {
    const server = createLinkServer(
      this.options.secrets,
      (socket) => this.adopt(socket, false, this.seenAddress(socket), null),
      (reason) => this.logger.info('shop.link.refused', { reason }),
    );
    this.server = server;
    server.on('connection', (socket: Socket) => {
      this.accepted.add(socket);
      socket.once('close', () => this.accepted.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.listen.port, this.options.listen.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error: NodeJS.ErrnoException) =>
      this.logger.warn('shop.mesh.listener_error', { code: error.code }),
    );
    this.port = (server.address() as AddressInfo).port;
    this.heartbeat = setInterval(() => {
      for (const c of this.connections) c.sendPresence(this.own);
    }, this.heartbeatMs);
    for (const address of this.options.peers ?? []) {
      const parsed = parsePeerAddress(address);
      if (parsed) this.addCandidate(parsed.host, parsed.port);
      else this.logger.warn('shop.mesh.bad_peer_address', { address });
    }
    if (this.options.discovery)
      this.discovery = startDiscovery({
        counterId: this.counterId,
        tag: this.options.secrets.tag,
        port: this.port,
        logger: this.logger,
        onFound: (host, port) => this.addCandidate(host, port),
      });
    this.logger.info('shop.mesh.listening', { port: this.port });
    return this.port;
  }

  /** A counter to dial (from the peer list or discovery); known ones are left as they are. */
  addCandidate(host: string, port: number): void {
    const key = formatAddress(host, port);
    if (this.closed || this.candidates.has(key)) return;
    const candidate: Candidate = {
      host,
      port,
      attempt: 0,
      timer: null,
      dialling: false,
      counterId: null,
      self: false,
    };
    this.candidates.set(key, candidate);
    this.dial(candidate);
  }

  setPresence(presence: Omit<CounterPresence, 'counterId' | 'protocol'>): void {
    this.own = CounterPresence.parse({ ...this.own, ...presence });
    for (const c of this.connections) c.sendPresence(this.own);
  }

  presence(): CounterPresence {
    return this.own;
  }

  peers(): Peer[] {
    return [...this.known.values()].map((p) => ({ ...p }));
  }

  send(to: CounterId, message: ShopMessage): boolean {
    const link = this.active.get(to);
    return !!link && link.sendMessage(ShopMessage.parse(message));
  }

  broadcast(message: ShopMessage, except?: CounterId): number {
    const checked = ShopMessage.parse(message);
    let sent = 0;
    for (const [id, link] of this.active) if (id !== except && link.sendMessage(checked)) sent++;
    return sent;
  }

  /** Links open now, duplicates being closed included (diagnostics; tests of one link per pair). */
  linkCount(): number {
    return this.connections.size;
  }

  onMessage(listener: (from: CounterId, message: ShopMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onPeers(listener: () => void): () => void {
    this.peerListeners.add(listener);
    return () => this.peerListeners.delete(listener);
  }

  /** Say bye to every counter, stop listening, dialling and discovery. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const c of this.candidates.values()) if (c.timer) clearTimeout(c.timer);
    const closing = [...this.connections].map(
      (c) => new Promise<void>((resolve) => (c.socket.once('close', resolve), c.bye())),
    );
    const server = this.server;
    const stopped = server && new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([...closing, this.discovery?.stop()]);
    for (const socket of this.accepted) socket.destroy();
    await stopped;
    this.active.clear();
    let changed = false;
    for (const p of this.known.values()) if (p.present) ((p.present = false), (changed = true));
    if (changed) this.emitPeers();
  }

  private seenAddress(socket: TLSSocket): string {
    return formatAddress(socket.remoteAddress ?? '?', socket.remotePort ?? 0);
  }

  private dial(candidate: Candidate): void {
    candidate.timer = null;
    if (this.closed || candidate.self || candidate.dialling) return;
    if (candidate.counterId && this.active.has(candidate.counterId)) return;
    candidate.dialling = true;
    const address = formatAddress(candidate.host, candidate.port);
    dialLink(candidate.host, candidate.port, this.options.secrets).then(
      (socket) => {
        candidate.dialling = false;
        if (this.closed) socket.destroy();
        else this.adopt(socket, true, address, candidate);
      },
      (error: Error) => {
        candidate.dialling = false;
        // The first failure in a row is worth a line; the retries that follow are not.
        const log = candidate.attempt === 0 ? this.logger.info : this.logger.debug;
        log('shop.link.dial_failed', { address, reason: error.message });
        this.retry(candidate);
      },
    );
  }

  private retry(candidate: Candidate): void {
    if (this.closed || candidate.self || candidate.timer) return;
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** candidate.attempt);
    candidate.attempt++;
    candidate.timer = setTimeout(() => this.dial(candidate), ceiling * (0.5 + Math.random() * 0.5));
  }

  private adopt(
    socket: TLSSocket,
    dialled: boolean,
    address: string,
    candidate: Candidate | null,
  ): void {
    if (this.closed) return void socket.destroy();
    const hello: Omit<Hello, 'type' | 'nonce'> = {
      counterId: this.counterId,
      presence: this.own,
      protocol: LINK_PROTOCOL,
      listenPort: this.port,
    };
    const connection = new Connection(
      socket,
      { dialled, address, hello, deadAfterMs: this.deadAfterMs, logger: this.logger },
      this.events,
    );
    this.connections.add(connection);
    if (candidate) this.dialledFrom.set(connection, candidate);
  }

  private onHello(connection: Connection, hello: Hello): void {
    const candidate = this.dialledFrom.get(connection);
    if (hello.counterId === this.counterId) {
      // We dialled our own listener (an address of this machine in the list, or found by mDNS).
      if (candidate) candidate.self = true;
      if (connection.options.dialled)
        this.logger.debug('shop.link.self', { address: connection.options.address });
      return connection.end('self');
    }
    if (candidate) ((candidate.counterId = hello.counterId), (candidate.attempt = 0));
    const current = this.active.get(hello.counterId);
    if (current && !this.preferred(connection, current)) {
      connection.retired = true;
      return connection.end('duplicate');
    }
    if (current) ((current.retired = true), current.end('duplicate'));
    this.active.set(hello.counterId, connection);
    const address =
      connection.options.dialled || hello.listenPort === null
        ? connection.options.address
        : formatAddress(connection.socket.remoteAddress ?? '?', hello.listenPort);
    const before = this.known.get(hello.counterId);
    this.known.set(hello.counterId, {
      presence: hello.presence,
      present: true,
      lastSeen: this.now(),
      address,
    });
    if (!current) {
      this.logger.info('shop.link.up', { counterId: hello.counterId, address });
      this.emitPeers();
    } else if (JSON.stringify(before?.presence) !== JSON.stringify(hello.presence))
      this.emitPeers();
  }

  /**
   * Of two links between the same pair, both ends keep the same one: the link dialled by the
   * lower counter id; between two dialled by the same counter, the one with the lower nonce.
   */
  private preferred(a: Connection, b: Connection): boolean {
    const key = (c: Connection) =>
      `${c.options.dialled ? this.counterId : c.peerId}\u0000${c.diallerNonce}`;
    return key(a) < key(b);
  }

  private onPresence(connection: Connection, presence: CounterPresence): void {
    const peer = this.known.get(presence.counterId);
    if (!peer) return;
    peer.lastSeen = this.now();
    if (this.active.get(presence.counterId) !== connection) return;
    if (JSON.stringify(peer.presence) === JSON.stringify(presence)) return;
    peer.presence = presence;
    this.emitPeers();
  }

  private deliver(connection: Connection, message: ShopMessage): void {
    const from = connection.peerId;
    if (!from || this.closed) return;
    const peer = this.known.get(from);
    if (peer) peer.lastSeen = this.now();
    for (const l of this.messageListeners) l(from, message);
  }

  private onClosed(connection: Connection, reason: string): void {
    this.connections.delete(connection);
    const id = connection.peerId;
    const candidate = this.dialledFrom.get(connection);
    if (id && this.active.get(id) === connection) {
      this.active.delete(id);
      const peer = this.known.get(id);
      if (peer) peer.present = false;
      this.logger.info('shop.link.down', { counterId: id, reason });
      if (!this.closed) this.emitPeers();
      // Dial it again wherever it was reached (the other end may be the one to dial back).
      for (const c of this.candidates.values()) if (c.counterId === id) this.retry(c);
    }
    if (candidate && !(id && this.active.has(id))) this.retry(candidate);
  }

  private emitPeers(): void {
    for (const l of this.peerListeners) l();
  }
}
