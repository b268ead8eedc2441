/**
 * Leaf module: imports nothing but zod. Identifiers, dates and times as both boundaries write
 * them: the Reservation Service's wire (main/api/schemas) and the IPC contract (main/ipc/contract).
 */
import { z } from 'zod';

function isRealDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD` in the store's time zone. */
export const LocalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected YYYY-MM-DD', abort: true })
  .refine(isRealDate, 'not a calendar date');

/** `HH:mm` in the store's time zone. */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm');

/** Identifiers are opaque strings. */
export const Id = z.string().min(1).max(200);

export type LocalDate = z.infer<typeof LocalDate>;
export type LocalTime = z.infer<typeof LocalTime>;
