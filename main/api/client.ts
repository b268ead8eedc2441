/**
 * The Reservation Service client: one typed function per endpoint (spec §4 and the paths of
 * docs/decisions.md). Inputs are checked before sending; answers are parsed tolerantly. Every
 * attempt waits its turn at the rate governor; failures are retried with backoff within a
 * deadline; creation carries the caller's Idempotency-Key on every attempt.
 */
import type { z } from 'zod';
import {
  HttpError,
  InvalidRequestError,
  NetworkError,
  RateLimitError,
  RequestValidationError,
  ResponseError,
  type ApiError,
} from './errors';
import { RateGovernor, type Lane } from './governor';
import { exchange } from './http';
import { silentLogger, type Logger } from './log';
import { DEFAULT_RETRY, retryDelay, sleep, type RetryPolicy } from './retry';
import * as S from './schemas';

export interface ClientOptions {
  baseUrl: string;
  /** The key, or a function reading it when needed (the shell keeps it encrypted). */
  apiKey: string | (() => string);
  governor?: RateGovernor;
  logger?: Logger;
  retry?: Partial<RetryPolicy>;
  /** Per-attempt timeouts. */
  timeouts?: Partial<Record<'read' | 'write', number>>;
  /** Per-call deadlines by lane, retries and waiting for a turn included. */
  deadlines?: Partial<Record<Lane, number>>;
  /** The page size to ask for first; lowered when the service refuses it. */
  pageSize?: number;
  random?: () => number;
  userAgent?: string;
  /** Told of every attempt's outcome: the link monitor judges connectivity from these. */
  onAttempt?: (outcome: AttemptOutcome) => void;
}

export type AttemptOutcome = { ok: true; ms: number } | { ok: false; error: ApiError };

export interface CallOptions {
  lane?: Lane;
  signal?: AbortSignal;
  deadlineMs?: number;
  timeoutMs?: number;
}

/** Tolerant parsers: unknown fields kept, unknown enum values kept as strings. */
const T = {
  KeyStatus: S.tolerant(S.KeyStatus),
  StoreList: S.tolerant(S.StoreList),
  ProductList: S.tolerant(S.ProductList),
  ProductEnvelope: S.tolerant(S.ProductEnvelope),
  Availability: S.tolerant(S.Availability),
  Calculation: S.tolerant(S.Calculation),
  ReservationEnvelope: S.tolerant(S.ReservationEnvelope),
  ReservationPage: S.tolerant(S.ReservationPage),
  CancelPreview: S.tolerant(S.CancelPreview),
  CustomerList: S.tolerant(S.CustomerList),
  InquiryEnvelope: S.tolerant(S.InquiryEnvelope),
};

export type KeyStatus = z.output<typeof T.KeyStatus>;
export type Store = z.output<typeof T.StoreList>['data'][number];
export type Product = z.output<typeof T.ProductEnvelope>['product'];
export type Availability = z.output<typeof T.Availability>;
export type Calculation = z.output<typeof T.Calculation>;
export type Reservation = z.output<typeof T.ReservationEnvelope>['reservation'];
export type ReservationPage = z.output<typeof T.ReservationPage>;
export type CancelPreview = z.output<typeof T.CancelPreview>;
export type Customer = z.output<typeof T.CustomerList>['data'][number];

export interface CancelOutcome {
  reservation: Reservation;
  /** The answer to an earlier attempt was lost; the reservation was read back to confirm. */
  resolvedByReadBack: boolean;
}

const DEFAULT_DEADLINES: Record<Lane, number> = {
  write: 30_000,
  read: 15_000,
  background: 120_000,
};
const DEFAULT_PAGE_SIZE = 100;
/** The least time worth starting an attempt with (capped by the attempt's own timeout). */
const MIN_ATTEMPT_MS = 100;

function checked<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: string,
  /** Names the value in `details` when it is not an object (a header). */
  field = '',
): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new RequestValidationError(
      `${what} does not fit the contract`,
      S.toDetails(result.error, field),
    );
  }
  return result.data;
}

function isLimitRefusal(error: unknown): boolean {
  return (
    error instanceof InvalidRequestError &&
    error.code === 'VALIDATION_ERROR' &&
    error.details.some((d) => (d as { field?: unknown }).field === 'limit')
  );
}

export class ReservationClient {
  readonly governor: RateGovernor;
  private readonly baseUrl: string;
  private readonly apiKey: () => string;
  private readonly logger: Logger;
  private readonly retry: RetryPolicy;
  private readonly timeouts: Record<'read' | 'write', number>;
  private readonly deadlines: Record<Lane, number>;
  private readonly random: () => number;
  private readonly userAgent: string;
  private readonly onAttempt: ((outcome: AttemptOutcome) => void) | undefined;
  /** Aborts everything in flight when the client is closed (key removed, app quitting). */
  private readonly closing = new AbortController();
  private pageSize: number;
  private largestAccepted: number | null = null;
  private smallestRefused: number | null = null;

  constructor(options: ClientOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new TypeError('baseUrl must be http(s)');
    this.baseUrl = url.toString().replace(/\/$/, '');
    const key = options.apiKey;
    this.apiKey = typeof key === 'function' ? key : () => key;
    this.governor = options.governor ?? new RateGovernor();
    this.logger = options.logger ?? silentLogger;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeouts = { read: 10_000, write: 20_000, ...options.timeouts };
    this.deadlines = { ...DEFAULT_DEADLINES, ...options.deadlines };
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.random = options.random ?? Math.random;
    this.userAgent = options.userAgent ?? 'FrontDesk/0.1';
    this.onAttempt = options.onAttempt;
  }

  /** Cancel every request in flight or waiting; later calls fail as aborted. */
  close(): void {
    this.closing.abort();
  }

  /** The page size the service accepts, as learned so far. */
  get currentPageSize(): number {
    return this.pageSize;
  }

  // --- endpoints -----------------------------------------------------------------------------

  ping(options?: CallOptions): Promise<KeyStatus> {
    return this.call('GET', '/v1/public/ping', T.KeyStatus, 'read', options);
  }

  async stores(options?: CallOptions): Promise<Store[]> {
    return (await this.call('GET', '/v1/public/stores', T.StoreList, 'read', options)).data;
  }

  async products(storeId: string, options?: CallOptions): Promise<Product[]> {
    return (
      await this.call('GET', this.storePath(storeId, '/products'), T.ProductList, 'read', options)
    ).data;
  }

  async product(storeId: string, productId: string, options?: CallOptions): Promise<Product> {
    const path = this.storePath(storeId, `/products/${encodeURIComponent(productId)}`);
    return (await this.call('GET', path, T.ProductEnvelope, 'read', options)).product;
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
    return this.call('GET', path, T.Availability, 'read', options, { query });
  }

  /** The price with discounts; required before a price is shown (rule 2). */
  async calculate(
    storeId: string,
    request: S.CalculateRequest,
    options?: CallOptions,
  ): Promise<Calculation> {
    const body = checked(S.CalculateRequest, request, 'calculation request');
    return this.call(
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
    const envelope = await this.call(
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
    return (await this.call('GET', path, T.ReservationEnvelope, 'read', options)).reservation;
  }

  /**
   * Pages of the sync listing (rule 10), in order, following `nextCursor` unchanged. The page
   * size is the largest the service accepts: when it refuses a `limit`, the size is narrowed down
   * (and remembered) and the same page is asked for again.
   */
  async *reservationPages(
    storeId: string,
    query: { updatedSince?: string } = {},
    options: CallOptions = {},
  ): AsyncGenerator<ReservationPage> {
    const path = this.storePath(storeId, '/reservations');
    let cursor: string | undefined;
    for (;;) {
      const size = this.pageSize;
      const q = checked(
        S.ListReservationsQuery,
        { updatedSince: query.updatedSince, limit: String(size), cursor },
        'list query',
      );
      let page: ReservationPage;
      try {
        page = await this.call('GET', path, T.ReservationPage, 'background', options, { query: q });
      } catch (error) {
        if (isLimitRefusal(error) && size > 1) {
          this.learnPageSize(size, false);
          continue;
        }
        throw error;
      }
      this.learnPageSize(size, true);
      yield page;
      if (page.nextCursor === null) return;
      cursor = page.nextCursor;
    }
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
    return this.call('POST', path, T.CancelPreview, 'read', options, { body });
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
      const envelope = await this.call('POST', path, T.ReservationEnvelope, 'write', options, {
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
      });
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
          this.logger.info('cancel.resolved_by_read_back', { reservationId });
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
      await this.call(
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
      await this.call(
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
    await this.call('DELETE', path, null, 'write', options);
  }

  // --- machinery -----------------------------------------------------------------------------

  private storePath(storeId: string, rest: string): string {
    return `/v1/public/stores/${encodeURIComponent(storeId)}${rest}`;
  }

  private learnPageSize(size: number, accepted: boolean): void {
    if (accepted) this.largestAccepted = Math.max(this.largestAccepted ?? 0, size);
    else this.smallestRefused = Math.min(this.smallestRefused ?? Infinity, size);
    const lo = this.largestAccepted;
    const hi = this.smallestRefused;
    if (hi === null) this.pageSize = Math.max(this.pageSize, lo ?? this.pageSize);
    else if (lo === null) this.pageSize = Math.max(1, Math.floor(hi / 2));
    else this.pageSize = hi - lo > 1 ? Math.floor((lo + hi) / 2) : lo;
    if (!accepted) this.logger.info('page_size.refused', { refused: size, next: this.pageSize });
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: z.ZodType<T> | null,
    defaultLane: Lane,
    options: CallOptions = {},
    extra: {
      query?: Record<string, string | undefined>;
      body?: unknown;
      headers?: Record<string, string>;
      onAttemptError?: (error: ApiError) => void;
    } = {},
  ): Promise<T> {
    const lane = options.lane ?? defaultLane;
    const started = Date.now();
    const deadline = started + (options.deadlineMs ?? this.deadlines[lane]);
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.closing.signal])
      : this.closing.signal;
    const search = new URLSearchParams(
      Object.entries(extra.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
    ).toString();
    const url = `${this.baseUrl}${path}${search ? `?${search}` : ''}`;
    const timeoutMs =
      options.timeoutMs ?? (method === 'GET' ? this.timeouts.read : this.timeouts.write);

    /** What a log line says about a failed attempt: never the message (it may quote data). */
    const describe = (failure: ApiError) => ({
      method,
      path,
      attempt: failure.attempts,
      lane,
      error: failure.name,
      ...(failure instanceof HttpError && { status: failure.status, code: failure.code }),
      ...(failure instanceof NetworkError && { reason: failure.reason }),
      ...(failure instanceof ResponseError && { status: failure.status, problem: failure.problem }),
    });
    let previous: ApiError | null = null;
    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - Date.now();
      // Waiting for a turn counts against the deadline too.
      const turnSignal = AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, remaining))]);
      let release: () => void;
      try {
        release = await this.governor.acquire(lane, turnSignal);
      } catch (error) {
        if (signal.aborted) throw error;
        // What went wrong is the last attempt's failure, not the wait for a retry's turn.
        if (previous) {
          this.logger.warn('api.failed', { ...describe(previous), waited: 'no_turn' });
          throw previous;
        }
        throw Object.assign(
          new NetworkError('timeout', 'no turn within the deadline (rate budget exhausted)', false),
          {
            attempts: attempt,
          },
        );
      }
      let failure: ApiError;
      const sentAt = Date.now();
      try {
        const answer = await exchange({
          method,
          url,
          headers: {
            authorization: `Bearer ${this.apiKey()}`,
            accept: 'application/json',
            'user-agent': this.userAgent,
            ...(extra.body !== undefined && { 'content-type': 'application/json' }),
            ...extra.headers,
          },
          body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
          timeoutMs: Math.max(1, Math.min(timeoutMs, deadline - Date.now())),
          signal,
        });
        release();
        this.onAttempt?.({ ok: true, ms: Date.now() - sentAt });
        this.logger.debug('api.ok', {
          method,
          path,
          status: answer.status,
          attempt,
          lane,
          ms: Date.now() - started,
        });
        if (schema === null) return undefined as T;
        const parsed = schema.safeParse(answer.json);
        if (parsed.success) return parsed.data;
        const where = parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.') || '(root)'}: ${i.code}`);
        throw new ResponseError(
          'unexpected_shape',
          answer.status,
          `unexpected answer from ${method} ${path}: ${where.join('; ')}`,
        );
      } catch (error) {
        release();
        failure = error as ApiError;
        failure.attempts = attempt;
        // A wrong shape still came from a working link.
        this.onAttempt?.(
          failure instanceof ResponseError && failure.problem === 'unexpected_shape'
            ? { ok: true, ms: Date.now() - sentAt }
            : { ok: false, error: failure },
        );
        if (error instanceof ResponseError && error.problem === 'unexpected_shape') {
          this.logger.warn('api.failed', describe(failure));
          throw error;
        }
      }
      if (failure instanceof RateLimitError) this.governor.penalize(failure.retryAfterMs);
      extra.onAttemptError?.(failure);
      const delay = retryDelay(failure, attempt, this.retry, this.random);
      const fields = describe(failure);
      // An attempt started with almost no time left could only time out, hiding the real failure.
      const left = delay === null ? 0 : deadline - (Date.now() + delay);
      if (delay === null || left < Math.min(timeoutMs, MIN_ATTEMPT_MS)) {
        this.logger.warn('api.failed', fields);
        throw failure;
      }
      this.logger.info('api.retry', { ...fields, delayMs: Math.round(delay) });
      previous = failure;
      await sleep(delay, signal);
    }
  }
}
