/** zod issues as the spec's VALIDATION_ERROR details: a dotted field path and a machine code. */
import type { z } from 'zod';
import type { ValidationDetail } from './errors';

export function toDetails(error: z.ZodError, prefix = ''): ValidationDetail[] {
  const join = (path: PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join('.');
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          field: join([...issue.path, key]),
          code: 'unrecognized_keys',
          reason: `unknown field "${key}"`,
        }))
      : [{ field: join(issue.path), code: issue.code, reason: issue.message }],
  );
}
