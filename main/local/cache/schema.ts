/**
 * Shapes of the cache files, and their versions. Each file says its version (`v`); a file of an
 * older version is migrated when read, a file that fits no version is set aside and rebuilt.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { StaffStamp } from '../../common/staff';

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

/**
 * Seats the counter's own booking (negative) or cancellation (positive) moved in one slot, kept
 * beside availability fetched before it was sent (see catalogue.ts).
 */
export const SeatChange = z.object({
  /** The reservation, its item and its new status: the same change is noted once. */
  key: z.string(),
  date: z.string(),
  startTime: z.string(),
  seats: z.number().int(),
  /** Our clock: the earliest moment the service may have applied it. */
  sentAt: z.number(),
});
export type SeatChange = z.infer<typeof SeatChange>;

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
      /** The counter's own changes since `fetchedAt`; absent in files of older versions. */
      local: z.array(SeatChange).optional(),
    }),
  ),
});
export type AvailabilityFile = z.infer<typeof AvailabilityFile>;

/** Reservation number → date, so a scanned number finds its day file. */
export const NumbersFile = z.object({ v: z.literal(1), numbers: z.record(z.string(), z.string()) });

export const CheckInState = z.enum(['arrived', 'partial', 'no_show']);
export type CheckInState = z.infer<typeof CheckInState>;

/** A check-in as first stored (record formats 1 and 2): no id, no counter, no basis. */
export const LegacyCheckInEvent = z.object({
  state: CheckInState.nullable(),
  adults: z.number().int().min(0),
  children: z.number().int().min(0),
  /** Our clock (epoch ms): when staff recorded it. */
  at: z.number(),
  /** Recorded while the service could not be reached. */
  offline: z.boolean(),
});
export type LegacyCheckInEvent = z.infer<typeof LegacyCheckInEvent>;

/**
 * One check-in, arrival state or undo (`state: null`), as an immutable event: which counter made
 * it and which event that counter showed as current (`basis`), so that events from several
 * counters fold into one record (checkins/fold.ts).
 */
export const CheckInEvent = LegacyCheckInEvent.extend({
  id: z.string().min(1).max(200),
  counterId: z.string().max(200),
  counterName: z.string().max(200),
  basis: z.string().max(200).nullable(),
  /**
   * Who was signed in (issue 29): a display name, shared like the counter's (decision S28).
   * Absent: recorded before staff signed in, or with none set up.
   */
  staff: StaffStamp.optional(),
});
export type CheckInEvent = z.infer<typeof CheckInEvent>;

/** Local check-ins, kept apart from synced data: the service knows nothing of them. */
export const CheckInFile = z.object({
  v: z.literal(1),
  records: z.record(
    z.string(),
    z.object({ current: LegacyCheckInEvent.nullable(), history: z.array(LegacyCheckInEvent) }),
  ),
});
export type CheckInFile = z.infer<typeof CheckInFile>;

/** The checksum a check-in record file carries: of everything else in it. */
export function checkInSum(id: string, date: string, ...content: unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([id, date, ...content]))
    .digest('hex')
    .slice(0, 32);
}

/** The checksum of a record of events: over their fields in a fixed order, however built. */
export function checkInEventsSum(
  id: string,
  date: string,
  events: readonly CheckInEvent[],
): string {
  return checkInSum(
    id,
    date,
    events.map((e) => [
      e.id,
      e.state,
      e.adults,
      e.children,
      e.at,
      e.offline,
      e.counterId,
      e.counterName,
      e.basis,
      // Only when there is one: the sums of events recorded before staff stay as they were.
      ...(e.staff ? [e.staff.id, e.staff.name] : []),
    ]),
  );
}

/** Format 2: one reservation's check-ins on one date, as a list in the order recorded. */
export const CheckInRecordFileV2 = z
  .object({
    v: z.literal(2),
    id: z.string(),
    date: z.string(),
    current: LegacyCheckInEvent.nullable(),
    history: z.array(LegacyCheckInEvent),
    sum: z.string(),
  })
  .refine((f) => f.sum === checkInSum(f.id, f.date, f.current, f.history), {
    message: 'checksum mismatch',
  });

/**
 * One reservation's check-ins on one date (the current format): the set of events of every
 * counter. Not sealed (no customer data), with a checksum so that a damaged record is found and
 * set aside rather than believed.
 */
export const CheckInRecordFileV3 = z
  .object({
    v: z.literal(3),
    id: z.string(),
    date: z.string(),
    events: z.array(CheckInEvent),
    sum: z.string(),
  })
  .refine((f) => f.sum === checkInEventsSum(f.id, f.date, f.events), {
    message: 'checksum mismatch',
  });

export const CheckInRecordFile = z.union([CheckInRecordFileV3, CheckInRecordFileV2]);

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
export type MetaFile = z.infer<typeof MetaFile>;
