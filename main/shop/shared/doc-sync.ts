/**
 * Keeps one Yjs doc in step with the same doc at every other counter, over any `ShopBus`, with
 * the y-protocols sync messages (step 1: my state vector; step 2: what you lack; update) carried
 * as `{ kind: 'doc', data: base64 }`. No protocol of our own: only when each message is sent.
 *
 * - A peer becoming present is sent step 1 (it does the same: each side gets what it lacks).
 * - Every change is broadcast as an update; a change that came from a peer is relayed to the
 *   others (not back to it), so a counter that reaches only one peer still converges. Relaying
 *   stops by itself: applying what a doc already has changes nothing and emits no update.
 * - Anti-entropy: every `antiEntropyMs` step 1 goes to every present peer, so a lost message or
 *   a delete heals (step 2 carries what the asker lacks and the whole delete set).
 *
 * A payload that cannot be read is logged with the peer's id only and ignored: it never throws
 * out of the bus listener. Messages are read here rather than by y-protocols' readSyncMessage
 * because that one writes errors to the console, around our logger.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import {
  messageYjsSyncStep1,
  messageYjsSyncStep2,
  messageYjsUpdate,
  readSyncStep1,
  writeSyncStep1,
  writeUpdate,
} from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Logger } from '../../api/log';
import {
  MAX_MESSAGE_BYTES,
  type CounterId,
  type DocEpoch,
  type ShopBus,
  type ShopMessage,
} from '../bus';
import { FIRST_EPOCH as FIRST, sameEpoch } from './epochs';

/** The origin of a change applied from a peer's message (what is relayed, and to whom not). */
export class FromPeer {
  constructor(readonly counterId: CounterId) {}
}

/** The origin of what is loaded from this counter's own storage: not news to anyone. */
export const LOADED = Symbol('loaded');

export interface DocSyncOptions {
  doc: Y.Doc;
  bus: ShopBus;
  logger: Logger;
  /** Step 1 to every present peer this often (ms); 0 turns it off. */
  antiEntropyMs: number;
  /** The doc's epoch: every message carries it, and one of another epoch is not applied. */
  epoch?: DocEpoch;
  /** A peer spoke of another epoch (`asked`: it sent its step 1); its payload was not applied. */
  onOtherEpoch?: (from: CounterId, epoch: DocEpoch, asked: boolean) => void;
  /** A peer's step 2 was applied: this doc holds everything that peer had. */
  onSynced?: (from: CounterId) => void;
}

/** The largest sync payload before base64 (what fits in one message). */
const MAX_PAYLOAD = Math.floor((MAX_MESSAGE_BYTES / 4) * 3) - 1024;

export class DocSync {
  private readonly doc: Y.Doc;
  private readonly bus: ShopBus;
  private readonly logger: Logger;
  private readonly options: DocSyncOptions;
  private present = new Set<CounterId>();
  private readonly stop: Array<() => void> = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(options: DocSyncOptions) {
    this.doc = options.doc;
    this.bus = options.bus;
    this.logger = options.logger;
    this.options = options;
    const onUpdate = (update: Uint8Array, origin: unknown) => this.spread(update, origin);
    this.doc.on('update', onUpdate);
    this.stop.push(
      () => this.doc.off('update', onUpdate),
      this.bus.onMessage((from, message) => {
        if (message.kind === 'doc') this.receive(from, message);
      }),
      this.bus.onPeers(() => this.peersChanged()),
    );
    this.peersChanged();
    if (options.antiEntropyMs > 0) {
      this.timer = setInterval(() => this.antiEntropy(), options.antiEntropyMs);
      this.timer.unref?.();
    }
  }

  /** Ask every present peer for what this counter lacks (also what the timer does). */
  antiEntropy(): void {
    for (const id of this.present) this.sendStep1(id);
  }

  /** Ask one peer for what this counter lacks. */
  askFor(to: CounterId): void {
    this.sendStep1(to);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const s of this.stop.splice(0)) s();
  }

  private peersChanged(): void {
    const now = new Set(
      this.bus
        .peers()
        .filter((p) => p.present)
        .map((p) => p.presence.counterId),
    );
    for (const id of now) if (!this.present.has(id)) this.sendStep1(id);
    this.present = now;
  }

  private sendStep1(to: CounterId): void {
    const encoder = encoding.createEncoder();
    writeSyncStep1(encoder, this.doc);
    this.send(to, encoding.toUint8Array(encoder));
  }

  /** A change to pass on: ours to every peer, a peer's to the others. Loading is not news. */
  private spread(update: Uint8Array, origin: unknown): void {
    if (origin === LOADED) return;
    const encoder = encoding.createEncoder();
    writeUpdate(encoder, update);
    const payload = encoding.toUint8Array(encoder);
    if (payload.length > MAX_PAYLOAD) return this.tooLarge(payload.length);
    this.bus.broadcast(
      this.message(payload),
      origin instanceof FromPeer ? origin.counterId : undefined,
    );
  }

  private send(to: CounterId, payload: Uint8Array): void {
    if (payload.length > MAX_PAYLOAD) return this.tooLarge(payload.length);
    this.bus.send(to, this.message(payload));
  }

  /** The first epoch's messages carry none, as before epochs. */
  private message(payload: Uint8Array): ShopMessage {
    const data = Buffer.from(payload).toString('base64');
    const epoch = this.options.epoch;
    return epoch && epoch.n > 0 ? { kind: 'doc', data, epoch } : { kind: 'doc', data };
  }

  private tooLarge(bytes: number): void {
    this.logger.error('shop.doc.too_large', { bytes, limit: MAX_PAYLOAD });
  }

  private receive(from: CounterId, { data, epoch }: { data: string; epoch?: DocEpoch }): void {
    try {
      const decoder = decoding.createDecoder(Buffer.from(data, 'base64'));
      const type = decoding.readVarUint(decoder);
      if (!sameEpoch(epoch, this.options.epoch)) {
        // Another generation's items never mix with this one's (decision H16): the owner decides.
        if (
          type !== messageYjsSyncStep1 &&
          type !== messageYjsSyncStep2 &&
          type !== messageYjsUpdate
        )
          throw new Error(`unknown sync message type ${type}`);
        this.options.onOtherEpoch?.(from, epoch ?? FIRST, type === messageYjsSyncStep1);
        return;
      }
      if (type === messageYjsSyncStep1) {
        const reply = encoding.createEncoder();
        readSyncStep1(decoder, reply, this.doc);
        this.send(from, encoding.toUint8Array(reply));
      } else if (type === messageYjsSyncStep2 || type === messageYjsUpdate) {
        Y.applyUpdate(this.doc, decoding.readVarUint8Array(decoder), new FromPeer(from));
        if (type === messageYjsSyncStep2) this.options.onSynced?.(from);
      } else {
        throw new Error(`unknown sync message type ${type}`);
      }
    } catch {
      // The error's text may quote the payload: the peer's id is what operations need.
      this.logger.warn('shop.doc.unreadable', { from });
    }
  }
}
