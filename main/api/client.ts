/**
 * The Reservation Service client: one typed function per endpoint (spec §4 and the paths of
 * docs/decisions.md). Inputs are checked before sending; answers are parsed tolerantly
 * (`answers.ts`). Every call goes through the request machinery (`request.ts`): its turn at the
 * rate governor, retries with backoff within a deadline; creation carries the caller's
 * Idempotency-Key on every attempt. The sync listing's paging is in `paging.ts`.
 */
import {
  CustomerAnswer,
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
import { Canceller, type CancelOutcome, type SettleHint } from './cancelling';
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
export type { CancelOutcome, SettleHint } from './cancelling';

const DEFAULT_PAGE_SIZE = 100;

export class ReservationClient {
  readonly governor: RateGovernor;
  private readonly requester: Requester;
  private readonly pager: ReservationPager;
  private readonly canceller: Canceller;

  constructor(options: ClientOptions) {
    this.requester = new Requester(options);
    this.governor = this.requester.governor;
    this.pager = new ReservationPager(this.requester, options.pageSize ?? DEFAULT_PAGE_SIZE);
    this.canceller = new Canceller(this.requester, this.pager);
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
      T.Created,
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
   * Cancel (rule 11), retried like a write. The outcome never depends on the cancel's answer
   * body or a single-reservation read, which the spec does not show (`cancelling.ts`).
   */
  async cancelReservation(
    storeId: string,
    reservationId: string,
    request: S.CancelRequest,
    options?: CallOptions,
    hint?: SettleHint,
  ): Promise<CancelOutcome> {
    const body = checked(S.CancelRequest, request, 'cancel request');
    return this.canceller.cancel(this.storePath(storeId, ''), reservationId, body, options, hint);
  }

  /**
   * A reservation's latest state from the sync listing (the spec shows no single-reservation
   * read): from `hint.since` (service time), else from a window before now by our clock.
   */
  reservationFromListing(
    storeId: string,
    reservationId: string,
    hint: SettleHint = {},
    options?: CallOptions,
  ): Promise<Reservation | null> {
    return this.canceller.fromListing(
      this.storePath(storeId, ''),
      reservationId,
      { startedAt: Date.now(), ...hint },
      options,
    );
  }

  /** Customers by e-mail (rule 9); the answer's shape is not shown, so several are read. */
  async searchCustomers(
    storeId: string,
    email: string,
    options?: CallOptions,
  ): Promise<Customer[]> {
    const query = checked(S.CustomerSearchQuery, { email }, 'customer search');
    return this.requester.call(
      'GET',
      this.storePath(storeId, '/customers'),
      CustomerAnswer,
      'read',
      options,
      { query },
    );
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
