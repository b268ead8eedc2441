/** Errors the sandbox answers with: the spec §7 body, the status decided for each code. */
import type {
  ErrorBody,
  ErrorCode,
  ParticipantDetail,
  ValidationDetail,
} from '../../main/api/schemas';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  PARTICIPANT_VALIDATION_FAILED: 400,
  TIME_SLOT_NOT_FOUND: 400,
  PAYMENT_METHOD_NOT_AVAILABLE: 400,
  RESERVATION_NOT_DELETABLE: 400,
  UNAUTHORIZED: 401,
  API_KEY_REVOKED: 401,
  API_KEY_EXPIRED: 401,
  INSUFFICIENT_SCOPE: 403,
  CONTRACT_ENDED: 403,
  PLAN_NOT_SUPPORTED: 403,
  NOT_FOUND: 404,
  STORE_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  RESERVATION_NOT_FOUND: 404,
  CUSTOMER_NOT_FOUND: 404,
  SLOT_NOT_AVAILABLE: 409,
  RESERVATION_NOT_CANCELLABLE: 409,
  RESERVATION_ALREADY_CANCELLED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  REQUEST_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export class ServiceError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: (ValidationDetail | ParticipantDetail)[],
    /** Seconds to wait, sent as `Retry-After` (429, 503, REQUEST_IN_PROGRESS). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = STATUS[code];
  }

  body(): ErrorBody {
    return this.details
      ? { error: this.message, code: this.code, details: this.details }
      : { error: this.message, code: this.code };
  }
}
