/** Request validation with the spec's VALIDATION_ERROR details: dotted field paths and a code. */
import type { z } from 'zod';
import { toDetails } from '../../main/api/schemas';
import { ServiceError } from '../domain/errors';

/**
 * A JSON body that could not be parsed (malformed or empty). It is kept as the request's body and
 * refused where the route validates its body, so that it fails as the body shape does: after
 * authorization, the store and the Idempotency-Key (the decided order of checks).
 */
export class UnparsableBody {
  constructor(
    readonly code: 'invalid_json' | 'empty_body',
    readonly reason: string,
  ) {}
}

/** Parse or answer 400 VALIDATION_ERROR. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  if (input instanceof UnparsableBody) {
    throw new ServiceError('VALIDATION_ERROR', 'invalid request', [
      { field: prefix, code: input.code, reason: input.reason },
    ]);
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new ServiceError('VALIDATION_ERROR', 'invalid request', toDetails(result.error, prefix));
  }
  return result.data;
}
