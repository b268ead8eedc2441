/** Wire primitives of the Reservation Service (spec §1: wire conventions). */
import { z } from 'zod';
import { tolerantLeaf } from './tolerant';

// Dates, times and identifiers are the same at the IPC boundary: defined once, in main/common.
export { Id, LocalDate, LocalTime } from '../../common';

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** ISO 8601 UTC with milliseconds, e.g. `2026-11-22T04:19:00.000Z`. Clients accept any ISO form. */
export const Timestamp = tolerantLeaf(
  z.string().regex(ISO_UTC_MS, 'expected an ISO 8601 UTC timestamp with milliseconds'),
  z.iso.datetime({ offset: true, local: false }),
);

/** Money in the currency's minor-less unit (yen has none). */
export const Amount = z.number().int();

export const Currency = z.string().regex(/^[A-Z]{3}$/);

export type Timestamp = z.infer<typeof Timestamp>;
