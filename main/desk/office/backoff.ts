/**
 * How long the sender waits before trying again (decision AB25): exponential backoff with full
 * jitter (as stripe-node and the AWS architecture note have it) — a random wait between 0 and
 * min(cap, base × 2^attempt) — so counters that lost the office together do not come back in
 * step. The cap keeps a counter offline for days trying at least every 30 s, never giving up, so
 * that once the link is back its records are acknowledged within a minute (the bench's goal);
 * 30 000 counters doing so against a missing office are ~2 000 refused connections a second at its
 * proxy, which is what a proxy is for.
 */
export interface Backoff {
  baseMs: number;
  capMs: number;
}

export const OFFICE_BACKOFF: Backoff = { baseMs: 1_000, capMs: 30_000 };

/** The wait before attempt `attempt + 1` (attempt 0: the first failure); `random` in [0, 1). */
export function fullJitter(attempt: number, backoff: Backoff, random: () => number): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}
