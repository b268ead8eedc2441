/** The Reservation Service client and its contract. */
import { randomUUID } from 'node:crypto';

export * from './client';
export * from './errors';
export * from './governor';
export {
  createLogger,
  redact,
  silentLogger,
  type Logger,
  type LogRecord,
  type LogSink,
} from './log';
export { DEFAULT_RETRY, type RetryPolicy } from './retry';

/** A fresh Idempotency-Key: made once per booking and stored with it. */
export function newIdempotencyKey(): string {
  return randomUUID();
}
