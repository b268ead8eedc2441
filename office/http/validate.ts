import type { z } from 'zod';
import { OfficeError } from '../errors';

/** Every body, query and path parameter goes through a schema: a misfit is a 400, said briefly. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.join('.') || 'request';
  throw new OfficeError(400, 'bad_request', `${where}: ${issue?.message ?? 'invalid'}`);
}

/** The bearer token of a request, or null. */
export function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
