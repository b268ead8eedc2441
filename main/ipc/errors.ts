/**
 * Errors as the renderer sees them: `DeskError`, what a handler throws on purpose, and the
 * mapping of any error to `{ code, message, details }` — never a stack, never a secret.
 */
import {
  ApiError,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseError,
} from '../api/errors';
import type { IpcError } from './contract';

/** An error a handler throws on purpose, with a code the renderer turns into a message. */
export class DeskError extends Error {
  override name = 'DeskError';
  constructor(
    readonly code: string,
    message: string,
    readonly details: unknown[] = [],
  ) {
    super(message);
  }
}

/** The part of an error the renderer may see. */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof DeskError)
    return { code: error.code, message: error.message, details: error.details };
  if (error instanceof HttpError)
    return { code: String(error.code), message: error.message, details: error.details };
  if (error instanceof NetworkError)
    return { code: `NETWORK_${error.reason.toUpperCase()}`, message: error.message, details: [] };
  if (error instanceof ResponseError)
    return { code: 'BAD_ANSWER', message: error.message, details: [] };
  if (error instanceof RequestValidationError)
    return { code: 'VALIDATION_ERROR', message: error.message, details: error.details };
  if (error instanceof ApiError) return { code: 'API_ERROR', message: error.message, details: [] };
  return { code: 'INTERNAL', message: 'something went wrong in the app', details: [] };
}
