/**
 * The Reservation Service client: one typed function per endpoint (spec §4 and the paths of
 * docs/decisions.md). Inputs are checked before sending; answers are parsed tolerantly
 * (`answers.ts`). Every call goes through the request machinery (`request.ts`): its turn at the
 * rate governor, retries with backoff within a deadline; creation carries the caller's
 * Idempotency-Key on every attempt. The sync listing's paging is in `paging.ts`.
 */
import {
  T,
  type Availability,
  type Calculation,
  type CancelPreview,
  type Customer,
  type KeyStatus,
  type Product,
  type Reservation,
  type ReservationPage,
  type Store,
} from './answers';
import { HttpError, NetworkError, ResponseError } from './errors';
import { ReservationPager } from './paging';
import type { RateGovernor } from './governor';
import { checked, Requester, type CallOptions, type ClientOptions } from './request';
import * as S from './schemas';

export type {
  Availability,
  Calculation,
  CancelPreview,
  Customer,
  KeyStatus,
  Product,
  Reservation,
  ReservationPage,
  Store,
} from './answers';
export type { AttemptOutcome, CallOptions, ClientOptions } from './request';

export interface CancelOutcome {
  reservation: Reservation;
  /** The answer to an earlier attempt was lost; the reservation was read back to confirm. */
  resolvedByReadBack: boolean;
}

const DEFAULT_PAGE_SIZE = 100;

export class ReservationClient {
  readonly governor: RateGovernor;
  private readonly requester: Requester;
  private readonly pager: ReservationPager;

  constructor(options: ClientOptions) {
    this.requester = new Requester(options);
    this.governor = this.requester.governor;
    this.pager = new ReservationPager(this.requester, options.pageSize ?? DEFAULT_PAGE_SIZE);
  }

  /** Cancel every request in flight or waiting; later calls fail as aborted. */
  close(): void {
    this.requester.close();
  }

  /** The page size the service accepts, as learned so far. */
  get currentPageSize(): number {
    return this.pager.pageSize;
  }

  // --- endpoints -----------------------------------------------------------------------------

  ping(options?: CallOptions): Promise<KeyStatus> {
    return this.requester.call('GET', '/v1/public/ping', T.KeyStatus, 'read', options);
  }

  async stores(options?: CallOptions): Promise<Store[]> {
    return (await this.requester.call('GET', '/v1/public/stores', T.StoreList, 'read', options))
      .data;
  }

  async products(storeId: string, options?: CallOptions): Promise<Product[]> {
    return (
      await this.requester.call(
        'GET',
        this.storePath(storeId, '/products'),
        T.ProductList,
        'read',
        options,
      )
    ).data;
  }

  async product(storeId: string, productId: string, options?: CallOptions): Promise<Product> {
    const path = this.storePath(storeId, `/products/${encodeURIComponent(productId)}`);
    return (await this.requester.call('GET', path, T.ProductEnvelope, 'read', options)).product;
  }

  async availability(
    storeId: string,
    productId: string,
    year: number,
    month: number,
    options?: CallOptions,
  ): Promise<Availability> {
    const query = checked(
      S.AvailabilityQuery,
      { year: String(year).padStart(4, '0'), month: String(month) },
      'availability query',
    );
    const path = this.storePath(storeId, `/products/${encodeURIComponent(productId)}/availability`);
    return this.requester.call('GET', path, T.Availability, 'read', options, { query });
  }

  /** The price with discounts; required before a price is shown (rule 2). */
  async calculate(
    storeId: string,
    request: S.CalculateRequest,
    options?: CallOptions,
  ): Promise<Calculation> {
    const body = checked(S.CalculateRequest, request, 'calculation request');
    return this.requester.call(
      'POST',
      this.storePath(storeId, '/reservations/calculate'),
      T.Calculation,
      'read',
      options,
      { body },
    );
  }

  /**
   * Create a reservation. The Idempotency-Key belongs to the caller's record of this booking: it
   * is generated once, kept durably, and sent unchanged on every attempt, even after a restart.
   */
  async createReservation(
    storeId: string,
    request: S.CreateReservationRequest,
    idempotencyKey: string,
    options?: CallOptions,
  ): Promise<Reservation> {
    const body = checked(S.CreateReservationRequest, request, 'reservation request');
    const key = checked(S.IdempotencyKey, idempotencyKey, 'Idempotency-Key', 'Idempotency-Key');
    const envelope = await this.requester.call(
      'POST',
      this.storePath(storeId, '/reservations'),
      T.ReservationEnvelope,
      'write',
      options,
      {
        body,
        headers: { 'idempotency-key': key },
      },
    );
    return envelope.reservation;
  }

  async getReservation(
    storeId: string,
    reservationId: string,
    options?: CallOptions,
  ): Promise<Reservation> {
    const path = this.storePath(storeId, `/reservations/${encodeURIComponent(reservationId)}`);
    return (await this.requester.call('GET', path, T.ReservationEnvelope, 'read', options))
      .reservation;
  }

  /** Pages of the sync listing (rule 10), in order, at the largest size accepted (`paging.ts`). */
  async *reservationPages(
    storeId: string,
    query: { updatedSince?: string } = {},
    options: CallOptions = {},
  ): AsyncGenerator<ReservationPage> {
    yield* this.pager.pages(this.storePath(storeId, '/reservations'), query, options);
  }

  async cancelPreview(
    storeId: string,
    reservationId: string,
    request: S.CancelRequest,
    options?: CallOptions,
  ): Promise<CancelPreview> {
    const body = checked(S.CancelRequest, request, 'cancel request');
    const path = this.storePath(
      storeId,
      `/reservations/${encodeURIComponent(reservationId)}/cancel-preview`,
    );
    return this.requester.call('POST', path, T.CancelPreview, 'read', options, { body });
  }

  /**
   * Cancel (rule 11). Retried like a write; when an attempt's answer was lost and a later attempt
   * hears "already cancelled", the reservation is read back: cancelled means our cancel took.
   */
  async cancelReservation(
    storeId: string,
    reservationId: string,
    request: S.CancelRequest,
    options?: CallOptions,
  ): Promise<CancelOutcome> {
    const body = checked(S.CancelRequest, request, 'cancel request');
    const path = this.storePath(
      storeId,
      `/reservations/${encodeURIComponent(reservationId)}/cancel`,
    );
    let answerLost = false;
    try {
      const envelope = await this.requester.call(
        'POST',
        path,
        T.ReservationEnvelope,
        'write',
        options,
        {
          body,
          onAttemptError: (error) => {
            if (
              (error instanceof NetworkError && error.mayHaveReachedService) ||
              error instanceof ResponseError
            ) {
              answerLost = true;
            } else if (error instanceof HttpError && error.status >= 500 && error.status !== 503) {
              // 503 means the write was refused before processing ("congested"); others may not.
              answerLost = true;
            }
          },
        },
      );
      return { reservation: envelope.reservation, resolvedByReadBack: false };
    } catch (error) {
      if (
        answerLost &&
        error instanceof HttpError &&
        error.code === 'RESERVATION_ALREADY_CANCELLED'
      ) {
        const reservation = await this.getReservation(storeId, reservationId, {
          ...options,
          lane: 'write',
        });
        if (reservation.status === 'cancelled') {
          this.requester.logger.info('cancel.resolved_by_read_back', { reservationId });
          return { reservation, resolvedByReadBack: true };
        }
      }
      throw error;
    }
  }

  async searchCustomers(
    storeId: string,
    email: string,
    options?: CallOptions,
  ): Promise<Customer[]> {
    const query = checked(S.CustomerSearchQuery, { email }, 'customer search');
    return (
      await this.requester.call(
        'GET',
        this.storePath(storeId, '/customers'),
        T.CustomerList,
        'read',
        options,
        { query },
      )
    ).data;
  }

  async createInquiry(
    storeId: string,
    request: S.InquiryRequest,
    options?: CallOptions,
  ): Promise<{ id: string; createdAt: string }> {
    const body = checked(S.InquiryRequest, request, 'inquiry');
    return (
      await this.requester.call(
        'POST',
        this.storePath(storeId, '/inquiries'),
        T.InquiryEnvelope,
        'write',
        options,
        { body },
      )
    ).inquiry;
  }

  /** Delete a test reservation (of an unpublished product). */
  async deleteReservation(
    storeId: string,
    reservationId: string,
    options?: CallOptions,
  ): Promise<void> {
    const path = this.storePath(storeId, `/reservations/${encodeURIComponent(reservationId)}`);
    await this.requester.call('DELETE', path, null, 'write', options);
  }

  private storePath(storeId: string, rest: string): string {
    return `/v1/public/stores/${encodeURIComponent(storeId)}${rest}`;
  }
}
