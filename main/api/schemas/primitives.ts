/** Wire primitives of the Reservation Service (spec §1: wire conventions). */
import { z } from 'zod';
import { tolerantLeaf } from './tolerant';

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** ISO 8601 UTC with milliseconds, e.g. `2026-11-22T04:19:00.000Z`. Clients accept any ISO form. */
export const Timestamp = tolerantLeaf(
  z.string().regex(ISO_UTC_MS, 'expected an ISO 8601 UTC timestamp with milliseconds'),
  z.iso.datetime({ offset: true, local: false }),
);

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

/** Money in the currency's minor-less unit (yen has none). */
export const Amount = z.number().int();

export const Currency = z.string().regex(/^[A-Z]{3}$/);

export type Timestamp = z.infer<typeof Timestamp>;
export type LocalDate = z.infer<typeof LocalDate>;
export type LocalTime = z.infer<typeof LocalTime>;
