/**
 * The shop's bus between processes: every counter listens (TLS-PSK, `tls.ts`) and dials
 * every candidate it knows — the static peer list and what discovery finds — keeping one
 * connection per pair of counters. A counter is present while its connection is up and frames arrive; one that
 * left stays in `peers()` with when it was last seen. Logs say which counter and why, never the
 * key, the PSK or what a message carries.
 *
 * Over 300 lines: choosing the one connection of a pair, presence and the peer table change
 * together on every connection's hello and close, so they stay in one class (frames, dialling
 * and a connection's own heartbeats are in their modules).
 */
import type { Socket } from 'node:net';
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
import type { ShopSecrets } from './keys';
import { Connection, type ConnectionEvents } from './connection';
import { startDiscovery, type Discovery } from './discovery';
import { Dialler, formatAddress, parsePeerAddress, type Candidate } from './dialler';
import { createMeshServer, listen } from './tls';
import { MESH_PROTOCOL, type Hello } from './wire';

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

/** How long a duplicate connection stays open (quiet) after the other one was chosen. */
const DUPLICATE_GRACE_MS = 500;

export class Mesh implements ShopBus {
  readonly counterId: CounterId;
  private own: CounterPresence;
  private readonly known = new Map<CounterId, Peer>();
  /** The one connection per counter that messages go on. */
  private readonly active = new Map<CounterId, Connection>();
  private readonly connections = new Set<Connection>();
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
  private readonly dialler: Dialler;
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
    this.dialler = new Dialler(
      options.secrets,
      this.logger,
      (id) => this.active.has(id),
      (socket, address, candidate) => this.adopt(socket, true, address, candidate),
    );
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
    const server = createMeshServer(
      this.options.secrets,
      (socket) =>
        this.adopt(
          socket,
          false,
          formatAddress(socket.remoteAddress ?? '?', socket.remotePort ?? 0),
          null,
        ),
      (reason) => this.logger.info('shop.mesh.refused', { reason }),
    );
    this.server = server;
    server.on('connection', (socket: Socket) => {
      this.accepted.add(socket);
      socket.once('close', () => this.accepted.delete(socket));
    });
    this.port = await listen(server, this.options.listen.host, this.options.listen.port);
    server.on('error', (error: NodeJS.ErrnoException) =>
      this.logger.warn('shop.mesh.listener_error', { code: error.code }),
    );
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
        onFound: (host, port) => {
          if (!this.closed) this.dialler.add(host, port, 'discovery');
        },
      });
    this.logger.info('shop.mesh.listening', { port: this.port });
    return this.port;
  }

  /** A counter to dial ("host", port), as the peer list or discovery give them. */
  addCandidate(host: string, port: number): void {
    if (!this.closed) this.dialler.add(host, port);
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
    const connection = this.active.get(to);
    return !!connection && connection.sendMessage(ShopMessage.parse(message));
  }

  broadcast(message: ShopMessage, except?: CounterId): number {
    const checked = ShopMessage.parse(message);
    let sent = 0;
    for (const [id, c] of this.active) if (id !== except && c.sendMessage(checked)) sent++;
    return sent;
  }

  /** Connections open now, duplicates being closed included (diagnostics; tests of one per pair). */
  connectionCount(): number {
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
    this.dialler.stop();
    const closing = [...this.connections].map(
      (c) => new Promise<void>((resolve) => (c.socket.once('close', resolve), c.bye())),
    );
    const server = this.server;
    const stopped = server && new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([...closing, this.discovery?.stop()]);
    for (const socket of this.accepted) socket.destroy();
    await stopped;
    this.active.clear();
    const present = [...this.known.values()].filter((p) => p.present);
    for (const p of present) p.present = false;
    if (present.length > 0) this.emitPeers();
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
      protocol: MESH_PROTOCOL,
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
        this.logger.debug('shop.mesh.self', { address: connection.options.address });
      return connection.end('self');
    }
    if (candidate) {
      candidate.counterId = hello.counterId;
      candidate.attempt = 0;
      candidate.failingSince = null;
    }
    const current = this.active.get(hello.counterId);
    if (current && !this.preferred(connection, current))
      return connection.retire(DUPLICATE_GRACE_MS);
    current?.retire(DUPLICATE_GRACE_MS);
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
      this.logger.info('shop.mesh.up', { counterId: hello.counterId, address });
      this.emitPeers();
    } else if (JSON.stringify(before?.presence) !== JSON.stringify(hello.presence))
      this.emitPeers();
  }

  /**
   * Of two connections between the same pair, both ends keep the same one: the one dialled by the
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
      this.logger.info('shop.mesh.down', { counterId: id, reason });
      if (!this.closed) this.emitPeers();
      // Dial it again wherever it was reached (the other end may be the one to dial back).
      this.dialler.redial(id);
    }
    if (candidate && !(id && this.active.has(id))) this.dialler.retry(candidate);
  }

  private emitPeers(): void {
    for (const l of this.peerListeners) l();
  }
}
