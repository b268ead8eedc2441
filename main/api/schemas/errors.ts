/** Error bodies (spec §7): branch on `code`, never on `error`. */
import { z } from 'zod';

/** Every code the sandbox sends; the real service may send others (kept as strings). */
export const ErrorCode = z.enum([
  'VALIDATION_ERROR',
  'PARTICIPANT_VALIDATION_FAILED',
  'TIME_SLOT_NOT_FOUND',
  'SLOT_NOT_AVAILABLE',
  'PAYMENT_METHOD_NOT_AVAILABLE',
  'RESERVATION_NOT_CANCELLABLE',
  'RESERVATION_ALREADY_CANCELLED',
  'RESERVATION_NOT_DELETABLE',
  'UNAUTHORIZED',
  'API_KEY_REVOKED',
  'API_KEY_EXPIRED',
  'INSUFFICIENT_SCOPE',
  'CONTRACT_ENDED',
  'PLAN_NOT_SUPPORTED',
  'NOT_FOUND',
  'STORE_NOT_FOUND',
  'PRODUCT_NOT_FOUND',
  'RESERVATION_NOT_FOUND',
  'CUSTOMER_NOT_FOUND',
  'IDEMPOTENCY_KEY_REUSED',
  'REQUEST_IN_PROGRESS',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** `details` of VALIDATION_ERROR: the dotted path of the field and a machine code. */
export const ValidationDetail = z.strictObject({
  field: z.string(),
  code: z.string(),
  reason: z.string(),
});
export type ValidationDetail = z.infer<typeof ValidationDetail>;

export const ParticipantDetailCode = z.enum([
  'MISSING_REQUIRED_FIELD',
  'UNKNOWN_FIELD',
  'INVALID_TYPE',
  'OUT_OF_RANGE',
  'INVALID_OPTION',
  'TOO_SHORT',
  'TOO_LONG',
  'BOOKER_ONLY_FIELD',
]);
export type ParticipantDetailCode = z.infer<typeof ParticipantDetailCode>;

/** `details` of PARTICIPANT_VALIDATION_FAILED. */
export const ParticipantDetail = z.strictObject({
  participantNumber: z.number().int(),
  fieldId: z.string(),
  label: z.string(),
  code: ParticipantDetailCode,
  reason: z.string(),
});
export type ParticipantDetail = z.infer<typeof ParticipantDetail>;

export const ErrorBody = z.strictObject({
  error: z.string(),
  code: ErrorCode,
  details: z.array(z.union([ValidationDetail, ParticipantDetail])).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
