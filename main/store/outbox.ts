/**
 * The outbox: every walk-in is written here, durably, before anything is sent, with its
 * Idempotency-Key and full request. It is then sent — at once when the link is up, later when it
 * returns — in order, always with the same key, so a crash, a lost answer or a long outage books
 * it exactly once. Every entry ends with a recorded outcome: booked (the reservation) or refused
 * (the service's code and a reason staff can act on); none disappears without one.
 *
 * It lives in its own file, which cache recovery never touches.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  HttpError,
  IdempotencyKeyReusedError,
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
  booked: z
    .object({
      reservationId: z.string(),
      reservationNumber: z.string().nullable(),
      status: z.string(),
    })
    .nullable(),
  refused: z
    .object({ code: z.string(), reason: z.string(), details: z.array(z.unknown()).default([]) })
    .nullable(),
  discardedAt: z.number().nullable(),
});
type StoredEntry = z.infer<typeof StoredEntry>;

const OutboxFile = z.object({ v: z.literal(1), entries: z.array(StoredEntry) });

export interface OutboxEntry extends Omit<StoredEntry, 'request'> {
  request: CreateReservationRequest;
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

export class Outbox extends TypedEmitter<OutboxEvents> {
  private readonly now: () => number;
  private readonly reviewAfterMs: number;
  private replaying: Promise<ReplayResult> | null = null;

  constructor(private readonly options: OutboxOptions) {
    super();
    this.now = options.now ?? Date.now;
    this.reviewAfterMs = options.reviewAfterMs ?? 23 * 3_600_000;
  }

  private load(): StoredEntry[] {
    return this.options.files.read(DIR, NAME, OutboxFile)?.entries ?? [];
  }

  private save(entries: StoredEntry[]): void {
    this.options.files.write(DIR, NAME, { v: 1, entries });
    this.emit(
      'change',
      entries.map((e) => this.reveal(e)),
    );
  }

  private reveal(e: StoredEntry): OutboxEntry {
    return { ...e, request: this.options.cipher.open<CreateReservationRequest>(e.request, e.id) };
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
    return this.reveal(await this.attempt(entry, 'write', signal));
  }

  /** Send every queued entry in order; stops at the first transient failure to keep the order. */
  replay(signal?: AbortSignal): Promise<ReplayResult> {
    this.replaying ??= this.replayAll(signal).finally(() => (this.replaying = null));
    return this.replaying;
  }

  private async replayAll(signal?: AbortSignal): Promise<ReplayResult> {
    const result: ReplayResult = { booked: 0, refused: 0, review: 0, remaining: 0 };
    for (;;) {
      const next = this.load().find((e) => e.state === 'queued' || e.state === 'sending');
      if (!next) break;
      const done = await this.attempt(next, 'background', signal);
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
          e.refused = refused;
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
      logger.info('outbox.deferred', { entryId: entry.id, error: failure.name });
      return this.update(entry.id, (e) => {
        e.state = 'queued';
        e.lastError =
          failure.name === 'NetworkError'
            ? `network: ${(failure as { reason?: string }).reason}`
            : failure.name;
      });
    }
  }

  /** Staff send a refused or held entry again, with the same key and the same request. */
  retry(id: string): OutboxEntry {
    return this.reveal(
      this.update(id, (e) => {
        if (e.state !== 'refused' && e.state !== 'needs_review') {
          throw new OutboxError(`only a refused or held entry can be retried (it is ${e.state})`);
        }
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
    return this.reveal(
      this.update(id, (e) => {
        if (e.state === 'booked')
          throw new OutboxError('a booked walk-in cannot be discarded; cancel the reservation');
        if (e.state === 'sending')
          throw new OutboxError('this walk-in is being sent; wait for its outcome');
        e.state = 'discarded';
        e.discardedAt = this.now();
      }),
    );
  }

  /** Entries waiting to be sent. */
  pending(): number {
    return this.load().filter((e) => e.state === 'queued' || e.state === 'sending').length;
  }
}

export interface ReplayResult {
  booked: number;
  refused: number;
  review: number;
  remaining: number;
}

/** A failure that sending again cannot change: the service said no, or the request is wrong. */
function isFinalRefusal(error: ApiError): boolean {
  if (error instanceof IdempotencyKeyReusedError || error instanceof RequestValidationError)
    return true;
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
