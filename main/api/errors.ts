/**
 * Errors of the Reservation Service client, as typed classes (after stripe-node): code branches on
 * the class and on `code`, never on message text. Every error says whether a retry can help.
 */
import type { ErrorCode, Open, ParticipantDetail, ValidationDetail } from './schemas';

export type ErrorDetail = ValidationDetail | ParticipantDetail | Record<string, unknown>;

export abstract class ApiError extends Error {
  /** Whether sending the same request again may succeed. */
  abstract readonly retryable: boolean;
  /** Attempts made before this error was given up on (set by the retry loop). */
  attempts = 1;
}

/** The service answered with an error status. */
export class HttpError extends ApiError {
  override name = 'HttpError';
  readonly retryable: boolean;

  constructor(
    readonly status: number,
    /** The service's `code`; unknown codes are kept as they are. */
    readonly code: Open<ErrorCode>,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** From `Retry-After`, in milliseconds. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.retryable =
      status === 429 ||
      status === 503 ||
      status === 502 ||
      status === 504 ||
      status === 500 ||
      code === 'REQUEST_IN_PROGRESS';
  }
}

/** 401: the key is missing, wrong, revoked or expired. Staff must paste a new key. */
export class AuthenticationError extends HttpError {
  override name = 'AuthenticationError';
}

/** 403: the key lacks a scope, the contract ended or the plan lacks the API. */
export class PermissionError extends HttpError {
  override name = 'PermissionError';
}

export class NotFoundError extends HttpError {
  override name = 'NotFoundError';
}

/** 400 and 409 answers about the request or the state it meets (full slot, bad field). */
export class InvalidRequestError extends HttpError {
  override name = 'InvalidRequestError';
}

export class RateLimitError extends HttpError {
  override name = 'RateLimitError';
}

/**
 * 409 IDEMPOTENCY_KEY_REUSED: the same key was sent with different content. That is a bug in
 * the caller (a key reused for another booking), never retried, and must be surfaced as such.
 */
export class IdempotencyKeyReusedError extends HttpError {
  override name = 'IdempotencyKeyReusedError';
  override readonly retryable = false;
}

export function httpErrorFor(
  status: number,
  code: string,
  message: string,
  details: ErrorDetail[],
  retryAfterMs: number | null,
): HttpError {
  if (code === 'IDEMPOTENCY_KEY_REUSED') {
    return new IdempotencyKeyReusedError(status, code, message, details, retryAfterMs);
  }
  const Kind =
    status === 401
      ? AuthenticationError
      : status === 403
        ? PermissionError
        : status === 404
          ? NotFoundError
          : status === 429
            ? RateLimitError
            : status === 400 || status === 409 || status === 413 || status === 415 || status === 422
              ? InvalidRequestError
              : HttpError;
  return new Kind(status, code, message, details, retryAfterMs);
}

export type NetworkFailure =
  /** No route, no DNS: the shop is offline. */
  | 'offline'
  /** Nothing listens there (service down, wrong address). */
  | 'refused'
  /** The connection was cut; a write may or may not have happened. */
  | 'reset'
  /** No answer in time; a write may or may not have happened. */
  | 'timeout'
  /** The caller cancelled. */
  | 'aborted';

export class NetworkError extends ApiError {
  override name = 'NetworkError';
  readonly retryable: boolean;

  constructor(
    readonly reason: NetworkFailure,
    message: string,
    /** Whether the request may have reached the service (so a write may have happened). */
    readonly mayHaveReachedService: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.retryable = reason !== 'aborted';
  }
}

/** The answer could not be understood: not JSON, cut short, or not the expected shape. */
export class ResponseError extends ApiError {
  override name = 'ResponseError';
  readonly retryable: boolean;

  constructor(
    readonly problem: 'not_json' | 'truncated' | 'unexpected_shape',
    readonly status: number,
    message: string,
    /** The start of the body, for the log (never customer data: shape errors carry paths only). */
    readonly excerpt = '',
  ) {
    super(message);
    // A proxy's HTML error page or a cut body may pass; a wrong shape is a contract change.
    this.retryable = problem === 'truncated' || (problem === 'not_json' && status >= 500);
  }
}

/** The request was refused before sending: it does not fit the contract. */
export class RequestValidationError extends ApiError {
  override name = 'RequestValidationError';
  readonly retryable = false;

  constructor(
    message: string,
    readonly details: ValidationDetail[],
  ) {
    super(message);
  }
}

/** Classify what `fetch` threw. */
export function networkErrorFrom(
  error: unknown,
  _phase: 'connect' | 'body',
  timedOut: boolean,
  aborted: boolean,
): NetworkError {
  // Cancelled after sending began: the request may have been received (and a write done) even
  // though no answer arrived yet. (A call cancelled before sending never gets here.)
  if (aborted) return new NetworkError('aborted', 'request cancelled', true, { cause: error });
  if (timedOut) return new NetworkError('timeout', 'no answer in time', true, { cause: error });
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code ?? '';
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
    case 'ENETDOWN':
      return new NetworkError('offline', `network unreachable (${code})`, false, { cause: error });
    case 'ECONNREFUSED':
      return new NetworkError('refused', 'connection refused', false, { cause: error });
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new NetworkError('timeout', 'connection timed out', false, { cause: error });
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'ETIMEDOUT':
      return new NetworkError('timeout', `no answer in time (${code})`, true, { cause: error });
    default:
      // UND_ERR_SOCKET, ECONNRESET, EPIPE and the like: the connection broke mid-way.
      return new NetworkError('reset', `connection lost${code ? ` (${code})` : ''}`, true, {
        cause: error,
      });
  }
}
