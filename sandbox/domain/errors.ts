/**
 * Errors the sandbox answers with: the spec §7 body, the status decided for each code. Only the
 * statuses §7 lists are used (400, 401, 403, 404, 409, 429, 503); `test/sandbox/statuses.test.ts`
 * audits it.
 */
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
  RATE_LIMITED: 429,
  // §7 lists no 500: a failure of the sandbox itself says "retry later" with its own code.
  INTERNAL_ERROR: 503,
  SERVICE_UNAVAILABLE: 503,
};

/** The statuses §7 lists: the only ones the API answers with, besides 200, 201 and 204. */
export const SPEC_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404, 409, 429, 503]);

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
