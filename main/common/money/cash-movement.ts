/**
 * Cash put into or taken out of the drawer with no guest's money in it (issue 30, Y11):
 * 入金 (in), 出金 (out) and 両替 (exchange: notes for coins, nets to zero), each with a reason from
 * a fixed list and, for `other`, a note. Leaf module: zod only.
 */
import { z } from 'zod';

export const CashDirection = z.enum(['in', 'out', 'exchange']);
export type CashDirection = z.infer<typeof CashDirection>;

export const CashReason = z.enum([
  /** Change for the drawer added (入金), or the float's excess taken back (出金). */
  'float',
  /** Takings moved to or from the safe or the bank mid-day. */
  'safe',
  /** A small expense paid out of the drawer (出金 only). */
  'expense',
  /** Notes and coins changed at a bank or from the safe (両替 only). */
  'bank',
  /** Anything else staff decide (a note is then required). */
  'other',
]);
export type CashReason = z.infer<typeof CashReason>;

/** Which reasons each direction takes, in the order the screen offers them (the first default). */
export const CASH_REASONS: Record<CashDirection, readonly CashReason[]> = {
  in: ['float', 'safe', 'other'],
  out: ['safe', 'expense', 'float', 'other'],
  exchange: ['bank', 'safe', 'other'],
};

/** What a movement does to the drawer's expected cash: in +, out −, an exchange nothing. */
export function cashEffect(direction: CashDirection, amount: number): number {
  if (direction === 'in') return amount;
  if (direction === 'out') return -amount;
  return 0;
}
