/**
 * The request machinery under every endpoint of the client: each attempt waits its turn at the
 * rate governor, carries the key, is bounded by a timeout, and is retried with backoff within
 * the call's deadline; answers are parsed with the endpoint's schema. Inputs are checked before
 * anything is sent (`checked`).
 */
import type { z } from 'zod';
import {
  HttpError,
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
import { toDetails } from './schemas';

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
  /** The page size to ask for first; lowered when the service refuses it (`paging.ts`). */
  pageSize?: number;
  random?: () => number;
  userAgent?: string;
  /** Told of every attempt's outcome: the link monitor judges connectivity from these. */
  onAttempt?: (outcome: AttemptOutcome) => void;
}

/**
 * `date`: the answer's `Date` header as sent (null when absent: the spec does not show one), the
 * service's clock for the counter's reference time (H7).
 */
export type AttemptOutcome =
  { ok: true; ms: number; date?: string | null } | { ok: false; error: ApiError };

export interface CallOptions {
  lane?: Lane;
  signal?: AbortSignal;
  deadlineMs?: number;
  timeoutMs?: number;
}

/** What an endpoint adds to a call: query, body, headers, and a look at each failed attempt. */
export interface CallExtra {
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  onAttemptError?: (error: ApiError) => void;
}

const DEFAULT_DEADLINES: Record<Lane, number> = {
  write: 30_000,
  read: 15_000,
  // A queued walk-in waits its turn behind the counter, and through a 429's pause.
  drain: 120_000,
  background: 120_000,
};
/** The least time worth starting an attempt with (capped by the attempt's own timeout). */
const MIN_ATTEMPT_MS = 100;

/** The input as the schema gives it back, or a `RequestValidationError` and nothing sent. */
export function checked<S extends z.ZodType>(
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
      toDetails(result.error, field),
    );
  }
  return result.data;
}

/** The key, the address and the policies every call of one client shares. */
export class Requester {
  readonly governor: RateGovernor;
  readonly logger: Logger;
  private readonly baseUrl: string;
  private readonly apiKey: () => string;
  private readonly retry: RetryPolicy;
  private readonly timeouts: Record<'read' | 'write', number>;
  private readonly deadlines: Record<Lane, number>;
  private readonly random: () => number;
  private readonly userAgent: string;
  private readonly onAttempt: ((outcome: AttemptOutcome) => void) | undefined;
  /** Aborts everything in flight when the client is closed (key removed, app quitting). */
  private readonly closing = new AbortController();

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
    this.random = options.random ?? Math.random;
    this.userAgent = options.userAgent ?? 'FrontDesk/0.1';
    this.onAttempt = options.onAttempt;
  }

  /** Cancel every request in flight or waiting; later calls fail as aborted. */
  close(): void {
    this.closing.abort();
  }

  /**
   * One call: attempts until an answer, a failure that is final, or the deadline. `schema` parses
   * the answer (null: no body is expected).
   */
  async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: z.ZodType<T> | null,
    defaultLane: Lane,
    options: CallOptions = {},
    extra: CallExtra = {},
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
        this.onAttempt?.({ ok: true, ms: Date.now() - sentAt, date: answer.headers.get('date') });
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
