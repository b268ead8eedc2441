/**
 * The outbox: every walk-in is written here, durably, before anything is sent, with its
 * Idempotency-Key and full request. It is then sent — at once when the link is up, later when it
 * returns — in order, always with the same key, so a crash, a lost answer or a long outage books
 * it exactly once. Every entry ends with a recorded outcome: booked (the reservation) or refused
 * (the service's code and a reason staff can act on); none disappears without one.
 *
 * It lives in its own file (`outbox-file.ts`), which cache recovery never touches. An outbox
 * belongs to one store: the store's walk-ins are queued in it.
 */
import { randomUUID } from 'node:crypto';
import { ResponseError, type ApiError } from '../api/errors';
import type { Reservation, ReservationClient } from '../api/client';
import type { Logger } from '../api/log';
import type { CreateReservationRequest } from '../api/schemas';
import type { Cipher } from './crypto';
import { TypedEmitter } from './events';
import type { Files } from './files';
import { describeFailure, isFinalRefusal, refusalOf } from './outbox-failures';
import { FINAL, OutboxFile, type OutboxEntry, type StoredEntry } from './outbox-file';

export type { OutboxEntry };

export type OutboxEvents = { change: OutboxEntry[] };

export interface OutboxOptions {
  files: Files;
  cipher: Cipher;
  client: ReservationClient;
  logger: Logger;
  /** The store whose walk-ins are queued here. */
  storeId: string;
  now?: () => number;
  /**
   * Told of every booking, to put the new reservation in the cache at once; `sentAt` is when the
   * walk-in was taken, before any attempt could have reached the service.
   */
  onBooked?: (reservation: Reservation, sentAt: number) => void;
  /**
   * After this long, a request that may have reached the service is not sent again blindly: the
   * service may have forgotten its Idempotency-Key (24 h, decision 40), and a resend could book
   * twice. Staff check it instead.
   */
  reviewAfterMs?: number;
}

export class OutboxError extends Error {
  override name = 'OutboxError';
}

export interface ReplayResult {
  booked: number;
  refused: number;
  review: number;
  remaining: number;
}

export class Outbox extends TypedEmitter<OutboxEvents> {
  private readonly now: () => number;
  private readonly reviewAfterMs: number;
  private replaying: Promise<ReplayResult> | null = null;
  /** Entries being sent by this process, so that a send and a replay never send one twice. */
  private readonly inFlight = new Map<string, Promise<StoredEntry>>();
  private readonly file: OutboxFile;

  constructor(private readonly options: OutboxOptions) {
    super();
    this.now = options.now ?? Date.now;
    this.reviewAfterMs = options.reviewAfterMs ?? 23 * 3_600_000;
    this.file = new OutboxFile(options.files, options.cipher, options.logger);
  }

  /** Write the entries, and tell listeners how they stand. */
  private save(entries: StoredEntry[]): void {
    this.file.save(entries);
    this.emit(
      'change',
      entries.map((e) => this.file.reveal(e)),
    );
  }

  private update(id: string, change: (e: StoredEntry) => void): StoredEntry {
    const entries = this.file.load();
    const entry = entries.find((e) => e.id === id);
    if (!entry) throw new OutboxError(`no outbox entry ${id}`);
    change(entry);
    this.save(entries);
    return entry;
  }

  list(): OutboxEntry[] {
    return this.file.load().map((e) => this.file.reveal(e));
  }

  get(id: string): OutboxEntry | null {
    const e = this.file.load().find((x) => x.id === id);
    return e ? this.file.reveal(e) : null;
  }

  /** Write a walk-in durably. Only when this returns may staff be told it is queued. */
  enqueue(request: CreateReservationRequest, idempotencyKey: string = randomUUID()): OutboxEntry {
    const { storeId } = this.options;
    const entries = this.file.load();
    const entry = this.file.newEntry(storeId, request, idempotencyKey, this.now());
    entries.push(entry);
    this.save(entries);
    this.options.logger.info('outbox.queued', { entryId: entry.id, storeId });
    return this.file.reveal(entry);
  }

  /**
   * Send one entry now (walk-in at the counter). Resolves with the entry as it ends: booked,
   * refused, or still queued when the failure was transient (the replay will send it).
   */
  async send(id: string, signal?: AbortSignal): Promise<OutboxEntry> {
    const entry = this.file.load().find((e) => e.id === id);
    if (!entry) throw new OutboxError(`no outbox entry ${id}`);
    if (entry.state !== 'queued' && entry.state !== 'sending') return this.file.reveal(entry);
    return this.file.reveal(await this.attemptOnce(entry, 'write', signal));
  }

  /** Send every queued entry in order; stops at the first transient failure to keep the order. */
  replay(signal?: AbortSignal): Promise<ReplayResult> {
    this.replaying ??= this.replayAll(signal).finally(() => (this.replaying = null));
    return this.replaying;
  }

  private async replayAll(signal?: AbortSignal): Promise<ReplayResult> {
    const result: ReplayResult = { booked: 0, refused: 0, review: 0, remaining: 0 };
    // Each turn ends an entry or stops: bounded by the entries there are.
    for (let turns = this.file.load().length + 1; turns > 0; turns--) {
      const next = this.file.load().find((e) => e.state === 'queued' || e.state === 'sending');
      if (!next) break;
      const done = await this.attemptOnce(next, 'drain', signal);
      if (done.state === 'booked') result.booked++;
      else if (done.state === 'refused') result.refused++;
      else if (done.state === 'needs_review') result.review++;
      else break;
    }
    result.remaining = this.file
      .load()
      .filter((e) => e.state === 'queued' || e.state === 'sending').length;
    return result;
  }

  /** One attempt per entry at a time: a second caller waits for the first one's outcome. */
  private attemptOnce(
    entry: StoredEntry,
    lane: 'write' | 'drain',
    signal?: AbortSignal,
  ): Promise<StoredEntry> {
    const running = this.inFlight.get(entry.id);
    if (running) return running;
    const attempt = this.attempt(entry, lane, signal).finally(() => this.inFlight.delete(entry.id));
    this.inFlight.set(entry.id, attempt);
    return attempt;
  }

  private async attempt(
    entry: StoredEntry,
    lane: 'write' | 'drain',
    signal?: AbortSignal,
  ): Promise<StoredEntry> {
    const { client, logger } = this.options;
    if (entry.firstSentAt !== null && this.now() - entry.firstSentAt > this.reviewAfterMs) {
      logger.warn('outbox.needs_review', { entryId: entry.id });
      return this.update(entry.id, (e) => (e.state = 'needs_review'));
    }
    // Marked before sending: after a crash, "sending" means "may have reached the service".
    const sending = this.update(entry.id, (e) => {
      e.state = 'sending';
      e.attempts++;
      e.firstSentAt ??= this.now();
      e.lastAttemptAt = this.now();
    });
    const request = this.file.openRequest(sending);
    try {
      const reservation = await client.createReservation(
        sending.storeId,
        request,
        sending.idempotencyKey,
        { lane, signal },
      );
      logger.info('outbox.booked', {
        entryId: entry.id,
        reservationId: reservation.id,
        attempts: sending.attempts,
      });
      try {
        this.options.onBooked?.(reservation, sending.createdAt);
      } catch (error) {
        // The booking stands; the next sync brings it to the cache.
        logger.warn('outbox.cache_failed', { entryId: entry.id, error: (error as Error).name });
      }
      return this.update(entry.id, (e) => {
        e.state = 'booked';
        e.lastError = null;
        e.booked = {
          reservationId: reservation.id,
          reservationNumber:
            typeof reservation.reservationNumber === 'string'
              ? reservation.reservationNumber
              : null,
          status: reservation.status,
        };
      });
    } catch (error) {
      const failure = error as ApiError;
      if (isFinalRefusal(failure)) {
        const refused = refusalOf(failure);
        logger.warn('outbox.refused', { entryId: entry.id, code: refused.code });
        return this.update(entry.id, (e) => {
          e.state = 'refused';
          e.refused = this.file.sealRefusal({ id: e.id, refused });
        });
      }
      if (failure instanceof ResponseError && failure.status >= 200 && failure.status < 300) {
        // The service accepted it but its answer makes no sense to us: do not send it again.
        logger.warn('outbox.needs_review', { entryId: entry.id, problem: failure.problem });
        return this.update(entry.id, (e) => {
          e.state = 'needs_review';
          e.lastError = `answer not understood (${failure.problem})`;
        });
      }
      // Transient, or the key is refused (revoked, lacking a scope): not the walk-in's fault;
      // it waits, in order, for the link or a working key.
      logger.info('outbox.deferred', { entryId: entry.id, error: failure.name });
      return this.update(entry.id, (e) => {
        e.state = 'queued';
        e.lastError = describeFailure(failure);
      });
    }
  }

  /**
   * Staff send a refused or held entry again, with the same key and the same request (a refused
   * creation does not use up its key). A key the service says was used for other content gets a
   * new one.
   */
  retry(id: string): OutboxEntry {
    return this.file.reveal(
      this.update(id, (e) => {
        if (e.state !== 'refused' && e.state !== 'needs_review') {
          throw new OutboxError(`only a refused or held entry can be retried (it is ${e.state})`);
        }
        if (e.refused?.code === 'IDEMPOTENCY_KEY_REUSED') e.idempotencyKey = randomUUID();
        e.state = 'queued';
        e.refused = null;
        // Staff have checked: the review clock starts again.
        e.firstSentAt = null;
      }),
    );
  }

  /** Staff give up on an entry; it stays listed with its outcome "discarded". */
  discard(id: string, confirmed: boolean): OutboxEntry {
    if (!confirmed) throw new OutboxError('discarding a walk-in needs confirmation');
    if (this.inFlight.has(id))
      throw new OutboxError('this walk-in is being sent; wait for its outcome');
    return this.file.reveal(
      this.update(id, (e) => {
        if (e.state === 'booked')
          throw new OutboxError('a booked walk-in cannot be discarded; cancel the reservation');
        if (e.state === 'discarded') return;
        e.state = 'discarded';
        e.discardedAt = this.now();
      }),
    );
  }

  /** Entries waiting to be sent. */
  pending(): number {
    return this.counts().waiting;
  }

  /** How many wait to be sent, and how many need staff (refused or held); nothing decrypted. */
  counts(): { waiting: number; needsAttention: number } {
    let waiting = 0;
    let needsAttention = 0;
    for (const e of this.file.load()) {
      if (e.state === 'queued' || e.state === 'sending') waiting++;
      else if (e.state === 'refused' || e.state === 'needs_review') needsAttention++;
    }
    return { waiting, needsAttention };
  }

  /**
   * Retention: remove entries that ended (booked, refused, discarded) before `before` (our
   * clock). Entries without an outcome are never removed.
   */
  purge(before: number): number {
    const entries = this.file.load();
    const kept = entries.filter(
      (e) =>
        !FINAL.includes(e.state) || (e.discardedAt ?? e.lastAttemptAt ?? e.createdAt) >= before,
    );
    if (kept.length === entries.length) return 0;
    this.save(kept);
    this.options.logger.info('outbox.purged', { removed: entries.length - kept.length });
    return entries.length - kept.length;
  }
}
