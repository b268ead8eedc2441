/**
 * The showing counter's side of a join (H13): each code shown is an invite with its own
 * one-time secret, valid `JOIN_CODE_LIFE_MS` and used once. One listener serves them all (bound
 * when the first code is shown, closed with the shop): a TLS handshake keyed by the code's secret
 * (`joinSecrets`: the identity finds the invite, the PSK proves the secret) and then one frame
 * each way. A code used or expired still completes its handshake, so its holder is told why it no
 * longer joins; an unknown identity gets no handshake at all. Only a counter already set up on
 * this shop's key and store (the same tag) is answered, and only with addresses: the API key never
 * goes to a peer (the standard; every counter of a shop holds it already).
 */
import { randomBytes } from 'node:crypto';
import type { Server, TLSSocket } from 'node:tls';
import type { Logger } from '../../api/log';
import { encodeFrame, readFrames } from '../mesh/frames';
import { joinSecrets } from '../mesh/keys';
import { createPskServer, listen } from '../mesh/tls';
import { formatJoinCode, JOIN_SECRET_BYTES } from './code';
import { JoinRequest, MAX_JOIN_FRAME_BYTES, type JoinAnswer } from './wire';

/** How long a code shown may be used. */
export const JOIN_CODE_LIFE_MS = 10 * 60_000;
/** Codes remembered (so an old one is told "used" or "expired" rather than "wrong"). */
const REMEMBERED = 16;
/** The joining counter's one frame must come this soon after the handshake. */
const REQUEST_TIMEOUT_MS = 10_000;

interface Invite {
  psk: Buffer;
  expiresAt: number;
  used: boolean;
}

export interface JoinHostOptions {
  /** Where the join listener binds: the mesh's own (every interface, or loopback in tests). */
  listenHost: string;
  /** The IPv4 address the code carries (this PC's on the shop's LAN); null: none to give. */
  address: () => string | null;
  /** This shop's discovery tag: only a joining counter with the same is answered. */
  tag: string;
  /** This counter's name, as the joining counter will show it. */
  name: () => string;
  /** Where this counter and the others present can be dialled ("host:port"), this one first. */
  peers: (address: string) => string[];
  /** This PC's clock: the code's minutes are the PC's, whatever the shop's correction. */
  now: () => number;
  logger: Logger;
  /** A counter joined with a code (its name, as it gave it). */
  onJoined?: (name: string) => void;
}

export class JoinHost {
  private readonly invites = new Map<string, Invite>();
  private server: Server | null = null;
  private port: Promise<number> | null = null;
  private closed = false;

  constructor(private readonly options: JoinHostOptions) {}

  /** A new code (the older ones stay valid until used or expired). */
  async show(): Promise<{ code: string; expiresAt: number }> {
    const host = this.options.address();
    if (!host) throw new Error('no_address');
    const port = await this.listening();
    const secret = randomBytes(JOIN_SECRET_BYTES);
    const { psk, identity } = joinSecrets(secret);
    const expiresAt = this.options.now() + JOIN_CODE_LIFE_MS;
    this.invites.set(identity, { psk, expiresAt, used: false });
    for (const old of this.invites.keys())
      if (this.invites.size > REMEMBERED) this.invites.delete(old);
    return { code: formatJoinCode({ host, port, secret }), expiresAt };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.invites.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private listening(): Promise<number> {
    if (this.closed) return Promise.reject(new Error('closed'));
    if (this.port) return this.port;
    const used = new WeakMap<TLSSocket, string>();
    const server = createPskServer(
      (identity, socket) => {
        const invite = this.invites.get(identity);
        if (invite) used.set(socket, identity);
        return invite?.psk ?? null;
      },
      (socket) => this.serve(socket, used.get(socket)),
      (reason) => this.options.logger.info('shop.join.refused', { reason }),
    );
    this.server = server;
    this.port = listen(server, this.options.listenHost, 0);
    return this.port;
  }

  private serve(socket: TLSSocket, identity: string | undefined): void {
    const { logger } = this.options;
    const timer = setTimeout(() => socket.destroy(), REQUEST_TIMEOUT_MS);
    socket.once('close', () => clearTimeout(timer));
    socket.on('error', () => socket.destroy());
    let answered = false;
    readFrames(
      socket,
      (frame) => {
        if (answered) return;
        answered = true;
        const request = JoinRequest.safeParse(frame);
        if (!request.success || !identity) {
          logger.info('shop.join.bad_request', {});
          return void socket.destroy();
        }
        const answer = this.answer(identity, request.data);
        socket.end(encodeFrame(answer, MAX_JOIN_FRAME_BYTES));
        logger.info('shop.join.answered', {
          counterId: request.data.counterId,
          outcome: answer.type === 'refused' ? answer.reason : answer.type,
        });
        if (answer.type !== 'refused') this.options.onJoined?.(request.data.name);
      },
      () => socket.destroy(),
      MAX_JOIN_FRAME_BYTES,
    );
  }

  private answer(identity: string, request: JoinRequest): JoinAnswer {
    const invite = this.invites.get(identity);
    if (!invite) return { type: 'refused', reason: 'expired' };
    if (invite.used) return { type: 'refused', reason: 'used' };
    if (this.options.now() > invite.expiresAt) return { type: 'refused', reason: 'expired' };
    // Not set up, or set up for another shop: set-up first (the joining counter says so before it
    // sends anything; said here too, whatever it sends). The code stays for the counter meant.
    if (request.tag === null) return { type: 'refused', reason: 'not_set_up' };
    if (request.tag !== this.options.tag) return { type: 'refused', reason: 'other_shop' };
    invite.used = true;
    const peers = this.options.peers(this.options.address() ?? '127.0.0.1');
    return { type: 'already', name: this.options.name(), peers };
  }
}
