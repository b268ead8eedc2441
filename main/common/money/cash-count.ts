/** The notes and coins of a cash count at the close. Leaf module: zod only. */
import { z } from 'zod';

/** Notes and coins of the yen, counted at the close (count of each). */
export const DENOMINATIONS = [10_000, 5_000, 2_000, 1_000, 500, 100, 50, 10, 5, 1] as const;
export const DenominationCount = z.strictObject(
  Object.fromEntries(
    DENOMINATIONS.map((d) => [String(d), z.number().int().min(0).max(100_000)]),
  ) as {
    [K in `${(typeof DENOMINATIONS)[number]}`]: z.ZodNumber;
  },
);
export type DenominationCount = z.infer<typeof DenominationCount>;
