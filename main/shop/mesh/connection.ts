/**
 * One TLS connection to another counter, after the handshake: frames in and out, the hello that says
 * who is at the other end, heartbeats, and the dead timer (a counter whose machine died sends no
 * FIN: no frame for `deadAfterMs` ends the connection). Which one to keep when two counters dial each
 * other is the mesh's choice; this file only reports what arrives.
 */
import { randomBytes } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { Logger } from '../../api/log';
import { ShopMessage, type CounterId, type CounterPresence } from '../bus';
import { encodeFrame, FrameError, MAX_FRAME_BYTES, readFrames } from './frames';
import { claimedKind, MESH_PROTOCOL, WireFrame, type Hello } from './wire';

/** More than this waiting to be written: the peer does not read, the connection is dropped. */
const MAX_BUFFERED_BYTES = 4 * MAX_FRAME_BYTES;

export interface ConnectionEvents {
  hello(connection: Connection, hello: Hello): void;
  presence(connection: Connection, presence: CounterPresence): void;
  message(connection: Connection, message: ShopMessage): void;
  closed(connection: Connection, reason: string): void;
}

export interface ConnectionOptions {
  /** This end dialled (rather than accepted). */
  dialled: boolean;
  /** Where the other end is ("host:port"), as dialled or as seen. */
  address: string;
  hello: Omit<Hello, 'type' | 'nonce'>;
  deadAfterMs: number;
  logger: Logger;
}

export class Connection {
  /** Random per connection, sent in the hello: the mesh's tiebreak between two of one pair. */
  readonly nonce = randomBytes(8).toString('hex');
  peer: Hello | null = null;
  /** The mesh no longer sends on it (another connection to the same counter won); still delivers. */
  retired = false;
  private closed = false;
  private reason = 'closed';
  private readonly deadTimer: ReturnType<typeof setTimeout>;

  constructor(
    readonly socket: TLSSocket,
    readonly options: ConnectionOptions,
    private readonly events: ConnectionEvents,
  ) {
    this.deadTimer = setTimeout(() => this.destroy('silent'), options.deadAfterMs);
    readFrames(
      socket,
      (value) => this.receive(value),
      (error: FrameError) => this.drop('bad_frame', error.code),
    );
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.reason = error.code ?? 'socket_error';
    });
    socket.on('close', () => {
      this.closed = true;
      clearTimeout(this.deadTimer);
      this.events.closed(this, this.reason);
    });
    this.write({ type: 'hello', ...options.hello, nonce: this.nonce });
  }

  get peerId(): CounterId | null {
    return this.peer?.counterId ?? null;
  }

  /** The nonce of the end that dialled: both ends agree on it once the hellos crossed. */
  get diallerNonce(): string {
    return this.options.dialled ? this.nonce : (this.peer?.nonce ?? '');
  }

  sendMessage(message: ShopMessage): boolean {
    return !this.retired && this.write({ type: 'message', message });
  }

  sendPresence(presence: CounterPresence): boolean {
    return this.write({ type: 'heartbeat', presence });
  }

  /** Say goodbye and end the connection (the other end marks this counter gone at once). */
  bye(): void {
    this.write({ type: 'bye' });
    this.end('bye');
  }

  /**
   * Another connection to the same counter won: stop sending on this one and end it a little later, so
   * that the other end has chosen too (it reaches the same choice) before it sees this one close.
   */
  retire(graceMs: number): void {
    this.retired = true;
    setTimeout(() => this.end('duplicate'), graceMs).unref();
  }

  /** End quietly after what is written has gone. */
  end(reason: string): void {
    this.reason = reason;
    this.socket.end();
    // A peer that never closes its side does not keep the socket open.
    setTimeout(() => this.socket.destroy(), 1_000).unref();
  }

  destroy(reason: string): void {
    this.reason = reason;
    this.socket.destroy();
  }

  private write(frame: WireFrame): boolean {
    if (this.closed || this.socket.destroyed || !this.socket.writable) return false;
    let bytes: Buffer;
    try {
      bytes = encodeFrame(frame);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      this.options.logger.warn('shop.mesh.send_too_large', {
        counterId: this.peerId,
        type: frame.type,
      });
      return false;
    }
    if (this.socket.writableLength + bytes.length > MAX_BUFFERED_BYTES) {
      this.drop('overrun', 'peer_not_reading');
      return false;
    }
    this.socket.write(bytes);
    return true;
  }

  private receive(value: unknown): void {
    if (this.closed) return;
    this.deadTimer.refresh();
    const parsed = WireFrame.safeParse(value);
    if (!parsed.success) return this.drop('bad_envelope', 'invalid');
    const frame = parsed.data;
    if (!this.peer) {
      if (frame.type !== 'hello') return this.drop('bad_envelope', 'no_hello');
      if (frame.protocol !== MESH_PROTOCOL || frame.presence.counterId !== frame.counterId)
        return this.drop('bad_hello', `protocol_${frame.protocol}`);
      this.peer = frame;
      this.events.hello(this, frame);
      return;
    }
    switch (frame.type) {
      case 'hello':
        return this.drop('bad_envelope', 'second_hello');
      case 'heartbeat':
        if (frame.presence.counterId !== this.peer.counterId)
          return this.drop('bad_envelope', 'foreign_presence');
        return this.events.presence(this, frame.presence);
      case 'message': {
        const message = ShopMessage.safeParse(frame.message);
        if (message.success) return this.events.message(this, message.data);
        // A counter of ours with a bug or another version: this message only is dropped.
        this.options.logger.warn('shop.mesh.bad_message', {
          counterId: this.peer.counterId,
          kind: claimedKind(frame.message),
        });
        return;
      }
      case 'bye':
        return this.destroy('bye');
    }
  }

  private drop(reason: string, detail: string): void {
    this.options.logger.warn('shop.mesh.dropped', {
      counterId: this.peerId,
      address: this.options.address,
      reason,
      detail,
    });
    this.destroy(reason);
  }
}
