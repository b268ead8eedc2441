/**
 * The outbox: every walk-in is written here, durably, before anything is sent, with its
 * Idempotency-Key and full request. It is then sent — at once when the link is up, later when it
 * returns — in order, always with the same key, so a crash, a lost answer or a long outage books
 * it exactly once. Every entry ends with a recorded outcome: booked (the reservation) or refused
 * (the service's code and a reason staff can act on); none disappears without one.
 *
 * It lives in its own file, which cache recovery never touches. Customer data in it (the request,
 * the service's words on a refusal) is sealed.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  AuthenticationError,
  HttpError,
  IdempotencyKeyReusedError,
  PermissionError,
  RequestValidationError,
  ResponseError,
  type ApiError,
} from '../api/errors';
import type { Reservation, ReservationClient } from '../api/client';
import type { Logger } from '../api/log';
import type { CreateReservationRequest } from '../api/schemas';
import type { Cipher } from './crypto';
import { TypedEmitter } from './events';
import type { Files } from './files';

export const OutboxState = z.enum([
  'queued',
  'sending',
  'booked',
  'refused',
  'needs_review',
  'discarded',
]);
export type OutboxState = z.infer<typeof OutboxState>;

const Booked = z
  .object({
    reservationId: z.string(),
    reservationNumber: z.string().nullable(),
    status: z.string(),
  })
  .nullable();

const Refusal = z.object({
  code: z.string(),
  reason: z.string(),
  details: z.array(z.unknown()).default([]),
});
type Refusal = z.infer<typeof Refusal>;

const StoredEntry = z.object({
  id: z.string(),
  storeId: z.string(),
  idempotencyKey: z.string(),
  /** The creation request, sealed: it holds the customer's name and contact. */
  request: z.string(),
  state: OutboxState,
  createdAt: z.number(),
  attempts: z.number().int(),
  /** First time the request may have reached the service (our clock). */
  firstSentAt: z.number().nullable(),
  lastAttemptAt: z.number().nullable(),
  /** The last transient failure, for the status bar. */
  lastError: z.string().nullable(),
  booked: Booked,
  /** The code in clear (for counts and lists); the reason and details sealed: they may quote data. */
  refused: z.object({ code: z.string(), sealed: z.string() }).nullable(),
  discardedAt: z.number().nullable(),
});
type StoredEntry = z.infer<typeof StoredEntry>;

const OutboxFileV2 = z.object({ v: z.literal(2), entries: z.array(StoredEntry) });

/** The first format kept the service's refusal in clear. Read once, then rewritten sealed. */
const OutboxFileV1 = z.object({
  v: z.literal(1),
  entries: z.array(StoredEntry.extend({ refused: Refusal.nullable() })),
});

const OutboxFile = z.union([OutboxFileV2, OutboxFileV1]);

export interface OutboxEntry extends Omit<StoredEntry, 'request' | 'refused'> {
  request: CreateReservationRequest;
  refused: Refusal | null;
}

export type OutboxEvents = { change: OutboxEntry[] };

export interface OutboxOptions {
  files: Files;
  cipher: Cipher;
  client: ReservationClient;
  logger: Logger;
  now?: () => number;
  /** Told of every booking, to put the new reservation in the cache at once. */
  onBooked?: (storeId: string, reservation: Reservation) => void;
  /**
   * After this long, a request that may have reached the service is not sent again blindly: the
   * service may have forgotten its Idempotency-Key (24 h, decision 40), and a resend could book
   * twice. Staff check it instead.
   */
  reviewAfterMs?: number;
}

const DIR = 'outbox';
const NAME = 'outbox';

export class OutboxError extends Error {
  override name = 'OutboxError';
}

const FINAL: readonly OutboxState[] = ['booked', 'refused', 'discarded'];

export class Outbox extends TypedEmitter<OutboxEvents> {
  private readonly now: () => number;
  private readonly reviewAfterMs: number;
  private replaying: Promise<ReplayResult> | null = null;
  /** Entries being sent by this process, so that a send and a replay never send one twice. */
  private readonly inFlight = new Map<string, Promise<StoredEntry>>();

  constructor(private readonly options: OutboxOptions) {
    super();
    this.now = options.now ?? Date.now;
    this.reviewAfterMs = options.reviewAfterMs ?? 23 * 3_600_000;
  }

  private load(): StoredEntry[] {
    const file = this.options.files.read(DIR, NAME, OutboxFile);
    if (!file) return [];
    if (file.v === 2) return file.entries;
    const entries = file.entries.map((e) => ({ ...e, refused: e.refused && this.sealRefusal(e) }));
    this.options.files.write(DIR, NAME, { v: 2, entries });
    this.options.logger.info('outbox.migrated', { from: 1, to: 2 });
    return entries;
  }

  private save(entries: StoredEntry[]): void {
    this.options.files.write(DIR, NAME, { v: 2, entries });
    this.emit(
      'change',
      entries.map((e) => this.reveal(e)),
    );
  }

  private sealRefusal(e: { id: string; refused: Refusal | null }): StoredEntry['refused'] {
    if (!e.refused) return null;
    const { code, reason, details } = e.refused;
    return { code, sealed: this.options.cipher.seal({ reason, details }, `${e.id}#refused`) };
  }

  private reveal(e: StoredEntry): OutboxEntry {
    const { cipher } = this.options;
    let refused: Refusal | null = null;
    if (e.refused) {
      const opened = cipher.open<Omit<Refusal, 'code'>>(e.refused.sealed, `${e.id}#refused`);
      refused = { code: e.refused.code, reason: opened.reason, details: opened.details ?? [] };
    }
    return { ...e, request: cipher.open<CreateReservationRequest>(e.request, e.id), refused };
  }

  private update(id: string, change: (e: StoredEntry) => void): StoredEntry {
    const entries = this.load();
    const entry = entries.find((e) => e.id === id);
    if (!entry) throw new OutboxError(`no outbox entry ${id}`);
    change(entry);
    this.save(entries);
    return entry;
  }

  list(): OutboxEntry[] {
    return this.load().map((e) => this.reveal(e));
  }

  get(id: string): OutboxEntry | null {
    const e = this.load().find((x) => x.id === id);
    return e ? this.reveal(e) : null;
  }

  /** Write a walk-in durably. Only when this returns may staff be told it is queued. */
  enqueue(
    storeId: string,
    request: CreateReservationRequest,
    idempotencyKey: string = randomUUID(),
  ): OutboxEntry {
    const entries = this.load();
    const id = randomUUID();
    const entry: StoredEntry = {
      id,
      storeId,
      idempotencyKey,
      request: this.options.cipher.seal(request, id),
      state: 'queued',
      createdAt: this.now(),
      attempts: 0,
      firstSentAt: null,
      lastAttemptAt: null,
      lastError: null,
      booked: null,
      refused: null,
      discardedAt: null,
    };
    entries.push(entry);
    this.save(entries);
    this.options.logger.info('outbox.queued', { entryId: id, storeId });
    return this.reveal(entry);
  }

  /**
   * Send one entry now (walk-in at the counter). Resolves with the entry as it ends: booked,
   * refused, or still queued when the failure was transient (the replay will send it).
   */
  async send(id: string, signal?: AbortSignal): Promise<OutboxEntry> {
    const entry = this.load().find((e) => e.id === id);
    if (!entry) throw new OutboxError(`no outbox entry ${id}`);
    if (entry.state !== 'queued' && entry.state !== 'sending') return this.reveal(entry);
    return this.reveal(await this.attemptOnce(entry, 'write', signal));
  }

  /** Send every queued entry in order; stops at the first transient failure to keep the order. */
  replay(signal?: AbortSignal): Promise<ReplayResult> {
    this.replaying ??= this.replayAll(signal).finally(() => (this.replaying = null));
    return this.replaying;
  }

  private async replayAll(signal?: AbortSignal): Promise<ReplayResult> {
    const result: ReplayResult = { booked: 0, refused: 0, review: 0, remaining: 0 };
    // Each turn ends an entry or stops: bounded by the entries there are.
    for (let turns = this.load().length + 1; turns > 0; turns--) {
      const next = this.load().find((e) => e.state === 'queued' || e.state === 'sending');
      if (!next) break;
      const done = await this.attemptOnce(next, 'background', signal);
      if (done.state === 'booked') result.booked++;
      else if (done.state === 'refused') result.refused++;
      else if (done.state === 'needs_review') result.review++;
      else break;
    }
    result.remaining = this.load().filter(
      (e) => e.state === 'queued' || e.state === 'sending',
    ).length;
    return result;
  }

  /** One attempt per entry at a time: a second caller waits for the first one's outcome. */
  private attemptOnce(
    entry: StoredEntry,
    lane: 'write' | 'background',
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
    lane: 'write' | 'background',
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
    const request = this.options.cipher.open<CreateReservationRequest>(sending.request, sending.id);
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
        this.options.onBooked?.(sending.storeId, reservation);
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
          e.refused = this.sealRefusal({ id: e.id, refused });
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
    return this.reveal(
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
    return this.reveal(
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
    for (const e of this.load()) {
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
    const entries = this.load();
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

function describeFailure(failure: ApiError): string {
  if (failure.name === 'NetworkError') return `network: ${(failure as { reason?: string }).reason}`;
  if (failure instanceof HttpError) return `${failure.name}: ${String(failure.code)}`;
  return failure.name;
}

export interface ReplayResult {
  booked: number;
  refused: number;
  review: number;
  remaining: number;
}

/**
 * A failure that sending again cannot change: the service said no, or the request is wrong. A key
 * refused (401, 403) is not the walk-in's refusal: with a working key it may well be booked.
 */
function isFinalRefusal(error: ApiError): boolean {
  if (error instanceof IdempotencyKeyReusedError || error instanceof RequestValidationError)
    return true;
  if (error instanceof AuthenticationError || error instanceof PermissionError) return false;
  return error instanceof HttpError && !error.retryable;
}

function refusalOf(error: ApiError): { code: string; reason: string; details: unknown[] } {
  if (error instanceof HttpError)
    return { code: String(error.code), reason: error.message, details: error.details };
  if (error instanceof RequestValidationError) {
    return { code: 'VALIDATION_ERROR', reason: error.message, details: error.details };
  }
  return { code: error.name, reason: error.message, details: [] };
}
