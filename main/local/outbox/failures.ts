/** How the outbox reads a failed send: a final refusal (and its words for staff), or a wait. */
import {
  AuthenticationError,
  HttpError,
  IdempotencyKeyReusedError,
  PermissionError,
  RequestValidationError,
  type ApiError,
} from '../../api/errors';
import type { Refusal } from './record';

/** The last transient failure, as the status bar shows it. */
export function describeFailure(failure: ApiError): string {
  if (failure.name === 'NetworkError') return `network: ${(failure as { reason?: string }).reason}`;
  if (failure instanceof HttpError) return `${failure.name}: ${String(failure.code)}`;
  return failure.name;
}

/**
 * A failure that sending again cannot change: the service said no, or the request is wrong. A key
 * refused (401, 403) is not the walk-in's refusal: with a working key it may well be booked.
 */
export function isFinalRefusal(error: ApiError): boolean {
  if (error instanceof IdempotencyKeyReusedError || error instanceof RequestValidationError)
    return true;
  if (error instanceof AuthenticationError || error instanceof PermissionError) return false;
  return error instanceof HttpError && !error.retryable;
}

export function refusalOf(error: ApiError): Refusal {
  if (error instanceof HttpError)
    return { code: String(error.code), reason: error.message, details: error.details };
  if (error instanceof RequestValidationError) {
    return { code: 'VALIDATION_ERROR', reason: error.message, details: error.details };
  }
  return { code: error.name, reason: error.message, details: [] };
}
