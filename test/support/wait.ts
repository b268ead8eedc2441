/**
 * The one way a test waits for something that happens on its own time (a real socket, another
 * process, a child's output): poll for the state that means it happened, bounded, and fail naming
 * what never came. Never a fixed sleep (the lint rule `tests/no-sleep` keeps it so): a sleep is
 * too short on a loaded machine and wasted time on an idle one. Time itself, where it is the
 * subject, is a fake clock (`fake-clock.ts`). No vitest here: the shop bench uses it too (decision X23).
 */

type Falsy = false | null | undefined;

/** Captured at load: a test that fakes the timers (vi.useFakeTimers) still polls in real time. */
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now;

export interface WaitOptions {
  /** Give up after this long (real time). */
  timeoutMs?: number;
  /** Look again this often. */
  everyMs?: number;
}

/**
 * Wait until `check` answers something other than false, null or undefined, and return it. A check
 * that throws (an `expect`) counts as not yet; on timeout its last error is in the message.
 */
export async function waitFor<T>(
  check: () => T | Falsy | Promise<T | Falsy>,
  what: string,
  options: WaitOptions | number = {},
): Promise<T> {
  const { timeoutMs = 15_000, everyMs = 20 } =
    typeof options === 'number' ? { timeoutMs: options } : options;
  const end = realNow() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
      last = null;
    } catch (error) {
      last = error;
    }
    if (realNow() > end) {
      const why = last instanceof Error ? `: ${last.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`, {
        cause: last ?? undefined,
      });
    }
    // eslint-disable-next-line tests/no-sleep -- the poll's own pause between two looks
    await new Promise((resolve) => realSetTimeout(resolve, everyMs));
  }
}
