/** An amount of money. Leaf module: zod only. */
import { z } from 'zod';

/** An amount of money in the currency's smallest unit, never negative (signs live in `kind`). */
export const Amount = z.number().int().min(0).max(1_000_000_000);
