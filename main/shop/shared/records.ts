/**
 * What the shop's shared state holds, record by record: check-in events, the holds of queued
 * walk-ins, the counters' names. Every record read from the shared doc is checked here where it
 * arrives (a peer holding the key is ours, not bug-free or of our version); one that fails is
 * reported alone and the others stand.
 *
 * None of them carries customer data: a reservation id, a state, headcounts, times, counters. The
 * schemas are strict, so a record with any other field (a name, an e-mail) is refused, not kept.
 *
 * Check-in events and holds are the counter's own records (main/local) with what places them in
 * the shop: one schema each, extended here.
 */
import { z } from 'zod';
import { TenderMethod } from '../../common/money';
import { Id, LocalDate } from '../../common/primitives';
import { StaffId } from '../../common/staff';
import {
  Hold as LocalHold,
  CheckInEvent as LocalCheckInEvent,
  StaffMember as LocalStaffMember,
  StaffPolicy as LocalStaffPolicy,
} from '../../local/index';
import type { CounterId } from '../bus';

const CounterName = z.string().min(1).max(40);
const EpochMs = z.number().int().min(0);

/**
 * A check-in event as shared: the counter's own record (main/local/cache/schema.ts, one source) with
 * where it belongs, strict so that nothing else rides along.
 */
export const CheckInEvent = LocalCheckInEvent.extend({
  reservationId: Id,
  date: LocalDate,
}).strict();
export type CheckInEvent = z.infer<typeof CheckInEvent>;

/** A queued walk-in's hold as shared: the counter's own (main/local/outbox/holds.ts) with its store and when it was taken. */
export const Hold = LocalHold.extend({ storeId: Id, takenAt: EpochMs }).strict();
export type Hold = z.infer<typeof Hold>;

export const CounterRecord = z.strictObject({ name: CounterName, seenAt: EpochMs });
export type CounterRecord = z.infer<typeof CounterRecord>;

/**
 * A counter's close of a business day as the store's close adds it up (issue 13): totals by
 * tender and the cash drawer's figures, whether it is closed — no customer data, no notes (a note
 * may name a guest). Keyed `<counterId>/<date>`, written only by that counter.
 */
export const CloseSummary = z.strictObject({
  storeId: Id,
  counterId: Id,
  counterName: z.string().max(100),
  date: LocalDate,
  closed: z.boolean(),
  byTender: z
    .array(
      z.strictObject({
        method: TenderMethod,
        sales: z.number().int().min(0),
        refunds: z.number().int().min(0),
        corrections: z.number().int(),
        count: z.number().int().min(0),
      }),
    )
    .max(TenderMethod.options.length),
  expectedCash: z.number().int(),
  countedCash: z.number().int().nullable(),
  overShort: z.number().int().nullable(),
  publishedAt: EpochMs,
  /**
   * The day by staff member (issue 29): who took, paid back and corrected what at this counter —
   * display names, as the staff list shares them. Absent from a counter of an older version.
   */
  byStaff: z
    .array(
      z.strictObject({
        staffId: StaffId.nullable(),
        name: z.string().max(40).nullable(),
        sales: z.number().int().min(0),
        count: z.number().int().min(0),
        refunds: z.number().int().min(0),
        corrections: z.number().int(),
        cash: z.number().int(),
      }),
    )
    .max(200)
    .optional(),
});
export type CloseSummary = z.infer<typeof CloseSummary>;

/** The key of a counter's close summary of a date. */
export function closeKey(counterId: CounterId, date: string): string {
  return `${counterId}/${date}`;
}

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

/**
 * A member of the store's staff as shared (issue 29): the counter's own record (main/local/staff),
 * strict: a display name, a role, the PIN's salted hash, a card code — never a PIN, never anything
 * personal beyond the name. Keyed by the member's id; any counter writes it (the owner's change is
 * made where the owner is), the newer change wins (decision S26).
 */
export const StaffMember = LocalStaffMember;
export type StaffMember = z.infer<typeof StaffMember>;

/** The shop's staff policy (what roles may do, the idle lock), under the one key `policy`. */
export const StaffPolicy = LocalStaffPolicy;
export type StaffPolicy = z.infer<typeof StaffPolicy>;
export const POLICY_KEY = 'policy';

/** Which map of the shared doc a record (or the doc itself) is in. */
export type SharedArea =
  'checkins' | 'holds' | 'counters' | 'closes' | 'staff' | 'staffPolicy' | 'doc';

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
