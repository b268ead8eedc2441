/**
 * Cancel (rule 11), settled without leaning on what the spec does not show. The spec shows
 * neither the cancel's response body nor a path to read one reservation, so when the answer is
 * lost (a later attempt hears "already cancelled") or is not a reservation we recognise, the
 * record is read from the sync listing (`updatedSince` just before the first attempt), which the
 * spec does show.
 */
import { z } from 'zod';
import { T, type Reservation } from './answers';
import { HttpError, NetworkError, ResponseError, type ApiError } from './errors';
import type { ReservationPager } from './paging';
import type { CallOptions, Requester } from './request';
import type * as S from './schemas';

export interface CancelOutcome {
  /**
   * The reservation as the service now has it; null when the service said the cancellation took
   * but the record was not found in the listing (the caller shows it cancelled, a sync follows).
   */
  reservation: Reservation | null;
  /** The answer to an earlier attempt was lost; the listing was read to confirm. */
  resolvedByReadBack: boolean;
}

/** Statuses the spec shows (§3): both still hold seats. Any other is taken as no longer active. */
const SPEC_ACTIVE = new Set(['confirmed', 'pending']);

/**
 * Where the listing is read from when the caller knows no service time: this long before the
 * first attempt by our clock. `updatedSince` is the service's time and ours may differ: ten
 * minutes covers an ordinary clock difference in one short page; a day covers a badly set clock,
 * at the cost of a longer listing, and is only read if the first misses.
 */
export const SETTLE_WINDOWS_MS = [10 * 60_000, 24 * 60 * 60_000] as const;

/** What the caller knows of the service's time before the cancel. */
export interface SettleHint {
  /**
   * A service timestamp no later than the cancel's own update: the record's last known
   * `updatedAt`, or the sync watermark less its overlap. Read first, before the clock windows.
   */
  since?: string;
}

/** Whether a failed attempt may still have reached the service and done the cancel. */
function mayHaveCancelled(error: ApiError): boolean {
  if (error instanceof NetworkError) return error.mayHaveReachedService;
  if (error instanceof ResponseError) return true;
  // 503 means the write was refused before processing ("congested"); other 5xx may not.
  return error instanceof HttpError && error.status >= 500 && error.status !== 503;
}

/**
 * A retry's refusal that may be our own lost cancel meeting itself: "already cancelled" (the
 * code the sandbox decided), or any conflict or cancel-related code a real service may use
 * instead (§7 does not list the cancel's codes).
 */
function mayBeOurCancel(error: unknown): error is HttpError {
  return (
    error instanceof HttpError &&
    (error.status === 409 || /CANCEL/i.test(String(error.code))) &&
    error.status >= 400 &&
    error.status < 500
  );
}

export class Canceller {
  constructor(
    private readonly requester: Requester,
    private readonly pager: ReservationPager,
    private readonly now: () => number = Date.now,
  ) {}

  async cancel(
    storePath: string,
    reservationId: string,
    body: S.CancelRequest,
    options: CallOptions = {},
    hint: SettleHint = {},
  ): Promise<CancelOutcome> {
    const path = `${storePath}/reservations/${encodeURIComponent(reservationId)}/cancel`;
    const startedAt = this.now();
    let answerLost = false;
    let answer: unknown;
    try {
      // Any body is accepted: its shape is not shown (§4), a 2xx is what says the cancel took.
      answer = await this.requester.call('POST', path, z.unknown(), 'write', options, {
        body,
        onAttemptError: (error) => {
          if (mayHaveCancelled(error)) answerLost = true;
        },
      });
    } catch (error) {
      if (!answerLost || !mayBeOurCancel(error)) throw error;
      const reservation = await this.fromListing(
        storePath,
        reservationId,
        { startedAt, ...hint },
        options,
      );
      // Still active in the listing: the refusal is about something else; say what we heard.
      if (reservation && SPEC_ACTIVE.has(String(reservation.status))) throw error;
      // Not found: only "already cancelled" itself says the cancellation took.
      if (!reservation && error.code !== 'RESERVATION_ALREADY_CANCELLED') throw error;
      this.requester.logger.info('cancel.resolved_by_read_back', {
        reservationId,
        via: 'listing',
        found: reservation !== null,
      });
      return { reservation, resolvedByReadBack: true };
    }
    const envelope = T.ReservationEnvelope.safeParse(answer);
    if (envelope.success && envelope.data.reservation.id === reservationId)
      return { reservation: envelope.data.reservation, resolvedByReadBack: false };
    this.requester.logger.info('cancel.answer_unrecognised', { reservationId, via: 'listing' });
    return {
      reservation: await this.fromListing(
        storePath,
        reservationId,
        { startedAt, ...hint },
        options,
      ),
      resolvedByReadBack: false,
    };
  }

  /**
   * The reservation's latest state in the sync listing, updated since `since` (service time) or
   * else since a window before `startedAt` (our clock); null when none of them lists it.
   */
  async fromListing(
    storePath: string,
    reservationId: string,
    from: SettleHint & { startedAt: number },
    options: CallOptions = {},
  ): Promise<Reservation | null> {
    const starts = [
      ...(from.since !== undefined ? [from.since] : []),
      ...SETTLE_WINDOWS_MS.map((w) => new Date(Math.max(0, from.startedAt - w)).toISOString()),
    ];
    for (const updatedSince of starts) {
      let found: Reservation | null = null;
      // Staff wait for this: the write lane, as the cancel itself.
      for await (const page of this.pager.pages(
        `${storePath}/reservations`,
        { updatedSince },
        { ...options, lane: options.lane ?? 'write' },
      )) {
        // Ascending update order: the last one seen is the newest.
        for (const r of page.data) if (r.id === reservationId) found = r;
      }
      if (found) return found;
    }
    return null;
  }
}
