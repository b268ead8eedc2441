/**
 * What the shop's shared state holds, record by record: check-in events, the holds of queued
 * walk-ins, the counters' names. Every record read from the shared doc is checked here where it
 * arrives (a peer holding the key is ours, not bug-free or of our version); one that fails is
 * reported alone and the others stand.
 *
 * None of them carries customer data: a reservation id, a state, headcounts, times, counters. The
 * schemas are strict, so a record with any other field (a name, an e-mail) is refused, not kept.
 *
 * The check-in event is the one schema of the shop's check-ins; if main/local keeps its own copy
 * (issue 12, part B2), one of the two is re-exported from the other (this file only holds schemas).
 */
import { z } from 'zod';
import { Id, LocalDate, LocalTime } from '../../common/primitives';
import { CounterId } from '../bus';

const CounterName = z.string().min(1).max(40);
const Headcount = z.number().int().min(0).max(9_999);
const EpochMs = z.number().int().min(0);

export const CheckInState = z.enum(['arrived', 'partial', 'no_show']);
export type CheckInState = z.infer<typeof CheckInState>;

/**
 * One check-in action at one counter, never changed once written. The current state of a
 * reservation is a fold of its events (part B2): `basis` is the event the counter saw as current
 * when staff acted (null for the first), so concurrent actions are siblings of one basis.
 */
export const CheckInEvent = z.strictObject({
  id: Id,
  reservationId: Id,
  date: LocalDate,
  /** null: the previous state was undone. */
  state: CheckInState.nullable(),
  adults: Headcount,
  children: Headcount,
  /** The recording counter's clock (epoch ms). */
  at: EpochMs,
  /** Recorded while the service could not be reached. */
  offline: z.boolean(),
  counterId: CounterId,
  counterName: CounterName,
  basis: Id.nullable(),
});
export type CheckInEvent = z.infer<typeof CheckInEvent>;

/** The facts of one queued walk-in that the other counters subtract from remaining seats. */
export const Hold = z.strictObject({
  storeId: Id,
  productId: Id,
  date: LocalDate,
  startTime: LocalTime,
  adults: Headcount,
  children: Headcount,
  counterId: CounterId,
  counterName: CounterName,
  /** When the walk-in was taken (the owning counter's clock, epoch ms). */
  takenAt: EpochMs,
});
export type Hold = z.infer<typeof Hold>;

/** A counter as the shop knows it: the name staff chose, and when it last wrote it. */
export const CounterRecord = z.strictObject({ name: CounterName, seenAt: EpochMs });
export type CounterRecord = z.infer<typeof CounterRecord>;

/** The id of a queued walk-in (the outbox's entry id): no `/`, which ends a hold key's owner. */
export const EntryId = Id.regex(/^[^/]+$/, 'no "/" in an entry id');

/** The key of a hold in the shared doc: only the owning counter writes under its prefix. */
export function holdKey(counterId: CounterId, entryId: string): string {
  return `${counterId}/${EntryId.parse(entryId)}`;
}

/** The counter a hold key belongs to (everything before its last `/`). */
export function holdOwner(key: string): string | null {
  const slash = key.lastIndexOf('/');
  return slash > 0 ? key.slice(0, slash) : null;
}

/** Which map of the shared doc a record (or the doc itself) is in. */
export type SharedArea = 'checkins' | 'holds' | 'counters' | 'doc';

/** A record that cannot be used: what is known of it, and why (never a value of a field). */
export interface SharedProblem {
  area: SharedArea;
  key: string;
  /** The first thing wrong ("date: expected YYYY-MM-DD", "not an object", "changed after set"). */
  issue: string;
  /** What could be read of it, for staff to find it: its counter, date, reservation. */
  counterId: string | null;
  date: string | null;
  reservationId: string | null;
  /** Our clock: when it was first seen. */
  foundAt: number;
}
