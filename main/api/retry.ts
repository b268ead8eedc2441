/**
 * When and how long to wait before trying again (after stripe-node): capped exponential backoff
 * with jitter, `Retry-After` honoured, all within the call's deadline.
 */
import { ApiError, HttpError, NetworkError } from './errors';

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 300, maxDelayMs: 8_000, maxAttempts: 12 };

/** The pause before attempt `attempt + 1`, or null when the error is final. */
export function retryDelay(
  error: unknown,
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | null {
  if (!(error instanceof ApiError) || !error.retryable || attempt >= policy.maxAttempts)
    return null;
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  // Equal jitter: never less than half the step, so a crowd of PCs spreads out without stampeding.
  const backoff = exp / 2 + random() * (exp / 2);
  if (error instanceof HttpError && error.retryAfterMs !== null) {
    return error.retryAfterMs + random() * Math.min(1_000, error.retryAfterMs / 4 + 50);
  }
  // Refused or offline: the service is unreachable now; wait the full step.
  if (error instanceof NetworkError && (error.reason === 'refused' || error.reason === 'offline'))
    return exp;
  return backoff;
}

/** Sleep that ends early, with the signal's reason, when the caller cancels. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new NetworkError('aborted', 'request cancelled', false));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new NetworkError('aborted', 'request cancelled', false));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
