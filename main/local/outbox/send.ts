/**
 * One attempt to send one outbox entry: held for staff when it may have reached the service too
 * long ago, never sent when its request cannot be opened, marked "sending" before the request
 * goes, then booked, refused (final), held (an answer not understood) or queued again (transient).
 */
import { ResponseError, type ApiError } from '../../api/errors';
import type { Reservation, ReservationClient } from '../../api/client';
import type { Logger } from '../../api/log';
import type { CreateReservationRequest } from '../../api/schemas';
import type { Cipher } from '../files/crypto';
import { describeFailure, isFinalRefusal, refusalOf } from './failures';
import { sealRefusal, type OutboxState, type RecordBody, type StoredRecord } from './record';

export type Lane = 'write' | 'drain';

export const WAITING: readonly OutboxState[] = ['queued', 'sending'];

/** What an attempt needs of the outbox. */
export interface SendDeps {
  client: ReservationClient;
  cipher: Cipher;
  logger: Logger;
  now: () => number;
  reviewAfterMs: number;
  /** `sentAt`: when the walk-in was taken, before any attempt could have reached the service. */
  onBooked?: (reservation: Reservation, sentAt: number) => void;
  record(id: string): StoredRecord;
  update(id: string, change: (e: RecordBody) => void): StoredRecord;
  /** The request, or null when it cannot be opened (the entry is then unreadable). */
  openOrMark(record: StoredRecord): CreateReservationRequest | null;
}

export async function sendOne(
  deps: SendDeps,
  id: string,
  lane: Lane,
  signal?: AbortSignal,
): Promise<StoredRecord> {
  const { client, logger } = deps;
  const entry = deps.record(id);
  if (!WAITING.includes(entry.state)) return entry;
  if (entry.firstSentAt !== null && deps.now() - entry.firstSentAt > deps.reviewAfterMs) {
    logger.warn('outbox.needs_review', { entryId: id });
    return deps.update(id, (e) => (e.state = 'needs_review'));
  }
  // Opened before anything is sent: what cannot be read is never sent.
  const request = deps.openOrMark(entry);
  if (!request) return deps.record(id);
  // Marked before sending: after a crash, "sending" means "may have reached the service".
  const sending = deps.update(id, (e) => {
    e.state = 'sending';
    e.attempts++;
    e.firstSentAt ??= deps.now();
    e.lastAttemptAt = deps.now();
  });
  try {
    const reservation = await client.createReservation(
      sending.facts.storeId,
      request,
      sending.facts.idempotencyKey,
      { lane, signal },
    );
    logger.info('outbox.booked', {
      entryId: id,
      reservationId: reservation.id,
      attempts: sending.attempts,
    });
    try {
      deps.onBooked?.(reservation, sending.facts.createdAt);
    } catch (error) {
      // The booking stands; the next sync brings it to the cache.
      logger.warn('outbox.cache_failed', { entryId: id, error: (error as Error).name });
    }
    return deps.update(id, (e) => {
      e.state = 'booked';
      e.lastError = null;
      e.booked = {
        reservationId: reservation.id,
        reservationNumber:
          typeof reservation.reservationNumber === 'string' ? reservation.reservationNumber : null,
        status: reservation.status,
      };
    });
  } catch (error) {
    const failure = error as ApiError;
    if (isFinalRefusal(failure)) {
      const refused = refusalOf(failure);
      logger.warn('outbox.refused', { entryId: id, code: refused.code });
      return deps.update(id, (e) => {
        e.state = 'refused';
        e.refused = sealRefusal(deps.cipher, id, refused);
      });
    }
    if (failure instanceof ResponseError && failure.status >= 200 && failure.status < 300) {
      // The service accepted it but its answer makes no sense to us: do not send it again.
      logger.warn('outbox.needs_review', { entryId: id, problem: failure.problem });
      return deps.update(id, (e) => {
        e.state = 'needs_review';
        e.lastError = `answer not understood (${failure.problem})`;
      });
    }
    // Transient, or the key is refused (revoked, lacking a scope): not the walk-in's fault;
    // it waits, in order, for the link or a working key.
    logger.info('outbox.deferred', { entryId: id, error: failure.name });
    return deps.update(id, (e) => {
      e.state = 'queued';
      e.lastError = describeFailure(failure);
    });
  }
}
