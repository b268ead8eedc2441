/**
 * Asks the service what bookings paid on site owe (decision I4): one cancel-preview per version
 * of a booking (its `updatedAt`), today's bookings first in the order guests arrive, then
 * tomorrow's. Run by the scheduler as a paced background step, so only the counter that polls
 * for the shop sends these, on the governor's background lane, one at a time; staff opening a
 * booking whose amount is not known yet asks it at once (`fetch`, the read lane), which counts as
 * the booking's one request.
 */
import { DateTime } from 'luxon';
import type { Reservation, ReservationClient } from '../../api/client';
import { ApiError, HttpError } from '../../api/errors';
import type { Lane } from '../../api/governor';
import type { Logger } from '../../api/log';
import type { LocalCache } from '../cache/cache';
import type { Due, Dues } from './dues';
import { owesOnSite } from './payment';

/** A booking the service answered about with an error waits this long before it is asked again. */
const REFUSED_RETRY_MS = 10 * 60_000;
/** ...and one whose request failed on the way (the link) this long. */
const FAILED_RETRY_MS = 60_000;
/** A booking that started this long ago is asked after those still to come. */
const LATE_AFTER_MS = 60 * 60_000;

/**
 * The cancel's body the preview is asked with: a business's reason, so that no fee is worked out
 * (the fee is not what is owed; `totalAmount` is the same for every reason).
 */
export const DUE_PREVIEW_BODY = { cancelReason: 'business_request' } as const;

export interface DueFetcherOptions {
  client: ReservationClient;
  cache: LocalCache;
  dues: Dues;
  logger: Logger;
  now?: () => number;
}

export interface Owing {
  reservation: Reservation;
  date: string;
}

export class DueFetcher {
  private readonly now: () => number;
  /** `<id>|<version>` → not before this time (our clock): a failure waits before it is asked again. */
  private readonly waiting = new Map<string, number>();

  constructor(private readonly options: DueFetcherOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether the amount this version of the booking owes is known. */
  known(r: Reservation, date: string): boolean {
    const due = this.options.dues.get(date, r.id);
    return due !== null && due.version === r.updatedAt;
  }

  /**
   * The bookings whose amount is still to ask, most urgent first: today's not yet started long
   * ago by start time, today's earlier ones, then tomorrow's.
   */
  toAsk(): Owing[] {
    const { cache } = this.options;
    const now = DateTime.fromMillis(this.now(), { zone: cache.timeZone });
    const today = now.toISODate()!;
    const tomorrow = now.plus({ days: 1 }).toISODate()!;
    const lateAt = now.minus({ milliseconds: LATE_AFTER_MS });
    const late = lateAt.toISODate() === today ? lateAt.toFormat('HH:mm') : '00:00';
    const at = this.now();
    const list = (date: string) =>
      cache
        .reservationsOn(date)
        .reservations.filter((r) => owesOnSite(r) && !this.known(r, date))
        .filter((r) => (this.waiting.get(`${r.id}|${r.updatedAt}`) ?? 0) <= at)
        .map((r) => ({
          reservation: r,
          date,
          start: r.items.find((i) => i.date === date)?.startTime ?? '99:99',
        }))
        .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    const todays = list(today);
    return [
      ...todays.filter((o) => o.start >= late),
      ...todays.filter((o) => o.start < late),
      ...list(tomorrow),
    ].map(({ reservation, date }) => ({ reservation, date }));
  }

  /** Ask the most urgent booking's amount; false when none is left to ask. */
  async fetchNext(signal?: AbortSignal): Promise<boolean> {
    const next = this.toAsk()[0];
    if (!next) return false;
    await this.fetch(next.reservation, next.date, 'background', signal).catch(() => null);
    return true;
  }

  /**
   * Ask what `r` owes and keep it (under every date of its items). A refusal or a failure waits
   * before the booking is asked again; the error is thrown to the caller.
   */
  async fetch(r: Reservation, date: string, lane: Lane, signal?: AbortSignal): Promise<Due> {
    const { client, cache, dues, logger } = this.options;
    const key = `${r.id}|${r.updatedAt}`;
    try {
      const preview = await client.cancelPreview(cache.storeId, r.id, DUE_PREVIEW_BODY, {
        lane,
        signal,
      });
      this.waiting.delete(key);
      const dates = new Set([date, ...r.items.map((i) => i.date)]);
      let kept: Due | null = null;
      for (const d of dates) {
        const due: Due = {
          reservationId: r.id,
          date: d,
          version: r.updatedAt,
          amount: preview.totalAmount,
          merchant: preview.refundHandledBy === 'merchant',
          fetchedAt: this.now(),
        };
        dues.save(due);
        if (d === date) kept = due;
      }
      return kept!;
    } catch (error) {
      const refused = error instanceof HttpError;
      this.waiting.set(key, this.now() + (refused ? REFUSED_RETRY_MS : FAILED_RETRY_MS));
      logger.info('onsite.due_not_fetched', {
        error: error instanceof ApiError ? error.name : 'Error',
        code: refused ? error.code : null,
      });
      throw error;
    }
  }
}
