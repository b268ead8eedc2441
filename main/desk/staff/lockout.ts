/**
 * Tries of a member's PIN at this counter (issue 29, decision S25): a few wrong ones are typing
 * slips; from the fifth in a row the member waits 30 s before the next try, doubling with each
 * wrong one after it, up to 15 minutes. While waiting nothing is checked (no PIN tried, none
 * counted). A right PIN clears the count. On the desk's clock; kept by the caller across restarts.
 */
import { z } from 'zod';

export const LOCKOUT = {
  /** Wrong PINs in a row before the first wait. */
  freeTries: 5,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
} as const;

export const LockoutEntry = z.object({
  failures: z.number().int().min(0),
  waitUntil: z.number().nullable(),
});
export type LockoutEntry = z.infer<typeof LockoutEntry>;
export const LockoutState = z.record(z.string(), LockoutEntry);
export type LockoutState = z.infer<typeof LockoutState>;

export interface Refused {
  attemptsLeft: number;
  waitUntil: number | null;
}

export class Lockout {
  private readonly entries: Map<string, LockoutEntry>;

  constructor(
    private readonly now: () => number,
    saved: LockoutState = {},
    private readonly onChange: (state: LockoutState) => void = () => {},
  ) {
    this.entries = new Map(Object.entries(saved));
  }

  /** Until when the member must wait before trying (null: they may try now). */
  waitUntil(memberId: string): number | null {
    const until = this.entries.get(memberId)?.waitUntil ?? null;
    return until !== null && until > this.now() ? until : null;
  }

  /** A wrong PIN: how many tries are left before a wait, or until when to wait. */
  failed(memberId: string): Refused {
    const failures = (this.entries.get(memberId)?.failures ?? 0) + 1;
    const over = failures - LOCKOUT.freeTries;
    const waitUntil =
      over < 0
        ? null
        : this.now() + Math.min(LOCKOUT.maxWaitMs, LOCKOUT.firstWaitMs * 2 ** Math.min(over, 30));
    this.entries.set(memberId, { failures, waitUntil });
    this.changed();
    return { attemptsLeft: Math.max(0, -over), waitUntil };
  }

  /** The right PIN: the count starts again. */
  succeeded(memberId: string): void {
    if (this.entries.delete(memberId)) this.changed();
  }

  private changed(): void {
    this.onChange(Object.fromEntries(this.entries));
  }
}
