/**
 * Shapes of the cache files, and their versions. Each file says its version (`v`); a file of an
 * older version is migrated when read, a file that fits no version is set aside and rebuilt.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Reservations of one store and date. Every record is sealed: no customer data in clear. */
export const DateFileV2 = z.object({
  v: z.literal(2),
  /** reservation id → updatedAt (service time) and the sealed record. */
  records: z.record(z.string(), z.object({ u: z.string(), s: z.string() })),
});
export type DateFile = z.infer<typeof DateFileV2>;

/** The first format: plain records in a list. Read once, then rewritten as version 2. */
export const DateFileV1 = z.object({
  v: z.literal(1),
  reservations: z.array(z.looseObject({ id: z.string(), updatedAt: z.string() })),
});

export const DateFileAny = z.union([DateFileV2, DateFileV1]);

export const CatalogueFile = z.object({
  v: z.literal(1),
  fetchedAt: z.number(),
  store: z.looseObject({ id: z.string() }).nullable(),
  products: z.array(z.looseObject({ id: z.string() })),
});
export type CatalogueFile = z.infer<typeof CatalogueFile>;

export const StoresFile = z.object({
  v: z.literal(1),
  fetchedAt: z.number(),
  stores: z.array(z.looseObject({ id: z.string() })),
});

/** Availability of one store and month, by product, each with the time it was fetched. */
export const AvailabilityFile = z.object({
  v: z.literal(1),
  products: z.record(
    z.string(),
    z.object({
      fetchedAt: z.number(),
      days: z.array(
        z.looseObject({ date: z.string(), status: z.string(), slots: z.array(z.looseObject({})) }),
      ),
    }),
  ),
});
export type AvailabilityFile = z.infer<typeof AvailabilityFile>;

/** Reservation number → date, so a scanned number finds its day file. */
export const NumbersFile = z.object({ v: z.literal(1), numbers: z.record(z.string(), z.string()) });

export const CheckInState = z.enum(['arrived', 'partial', 'no_show']);
export type CheckInState = z.infer<typeof CheckInState>;

export const CheckInEvent = z.object({
  state: CheckInState.nullable(),
  adults: z.number().int().min(0),
  children: z.number().int().min(0),
  /** Our clock (epoch ms): when staff recorded it. */
  at: z.number(),
  /** Recorded while the service could not be reached. */
  offline: z.boolean(),
});
export type CheckInEvent = z.infer<typeof CheckInEvent>;

/** Local check-ins, kept apart from synced data: the service knows nothing of them. */
export const CheckInFile = z.object({
  v: z.literal(1),
  records: z.record(
    z.string(),
    z.object({ current: CheckInEvent.nullable(), history: z.array(CheckInEvent) }),
  ),
});
export type CheckInFile = z.infer<typeof CheckInFile>;

/** The checksum a check-in record file carries: of everything else in it. */
export function checkInSum(
  id: string,
  date: string,
  record: { current: CheckInEvent | null; history: CheckInEvent[] },
): string {
  return createHash('sha256')
    .update(JSON.stringify([id, date, record.current, record.history]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * One reservation's check-ins on one date (the current format): not sealed (no customer data),
 * with a checksum so that a damaged record is found and set aside rather than believed.
 */
export const CheckInRecordFile = z
  .object({
    v: z.literal(2),
    id: z.string(),
    date: z.string(),
    current: CheckInEvent.nullable(),
    history: z.array(CheckInEvent),
    sum: z.string(),
  })
  .refine((f) => f.sum === checkInSum(f.id, f.date, f), { message: 'checksum mismatch' });

export const StoreSyncState = z.object({
  /** Largest updatedAt (service time) of a completed pass; null before the first full sync. */
  watermark: z.string().nullable(),
  /** While the first full sync runs: the largest updatedAt stored so far, to resume from. */
  resumeFrom: z.string().nullable(),
  /** Our clock: last pass that reached the end of the listing. */
  lastSyncedAt: z.number().nullable(),
});
export type StoreSyncState = z.infer<typeof StoreSyncState>;

export const MetaFile = z.object({
  v: z.literal(1),
  stores: z.record(z.string(), StoreSyncState),
});
