/**
 * Set-up of every file of the `unit` project (vitest.config.ts), whose files share a worker one
 * after another: what one file may leave switched on is put back when it ends, so that the next
 * file starts as it would in a worker of its own — real timers, no spies, no stubbed globals or
 * environment variables.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
