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
 *
 * The shared lists of the store's settings (the staff, the counter items, the reasons for a
 * discount) are declared with their features, each with its schema (lww-map.ts, AA40).
 */
import { z } from 'zod';
import { Amount, ItemCategory, TenderMethod } from '../../common/money';
import { Id, LocalDate } from '../../common/primitives';
import { StaffId } from '../../common/staff';
import {
  Due as LocalDue,
  Hold as LocalHold,
  CheckInEvent as LocalCheckInEvent,
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
  /**
   * The counter's collections of bookings paid on site (issue 27), by tender: money, no booking
   * or guest. Absent from a counter of an older version (which took none).
   */
  onSite: z
    .strictObject({
      count: z.number().int().min(0),
      amount: z.number().int().min(0),
      byTender: z
        .array(
          z.strictObject({
            method: TenderMethod,
            amount: z.number().int().min(0),
            count: z.number().int().min(0),
          }),
        )
        .max(TenderMethod.options.length),
      discounts: z.number().int().min(0),
    })
    .optional(),
  /**
   * Counter items (issue 30, Z12): items sold alone, every item by category, the day's takings by
   * tax rate with the tax they contain. Absent from a counter of an older version (Z13).
   */
  items: z
    .strictObject({
      alone: z.strictObject({ count: z.number().int().min(0), amount: Amount }),
      byCategory: z
        .array(
          z.strictObject({
            category: ItemCategory,
            quantity: z.number().int().min(0),
            amount: Amount,
          }),
        )
        .max(ItemCategory.options.length),
      byRate: z
        .array(
          z.strictObject({ rate: z.number().int().min(0).max(100), amount: Amount, tax: Amount }),
        )
        .max(10),
    })
    .optional(),
  /**
   * Discounts given at the counter (Z11): how many, how much, by reason in the words the records
   * kept (the store's own list: no guest; the notes stay on the counter). Absent from an older one.
   */
  discountsGiven: z
    .strictObject({
      count: z.number().int().min(0),
      amount: Amount,
      byReason: z
        .array(
          z.strictObject({
            id: z.string().min(1).max(40),
            ja: z.string().max(100),
            en: z.string().max(100),
            count: z.number().int().min(0),
            amount: Amount,
          }),
        )
        .max(100),
    })
    .optional(),
  /**
   * Cash put in, taken out and changed (Y11), totals only: each movement's note may name someone
   * and stays on the counter. Absent from a counter of an older version.
   */
  cashMoves: z
    .strictObject({
      in: Amount,
      out: Amount,
      exchanged: Amount,
      count: z.number().int().min(0),
    })
    .optional(),
});
export type CloseSummary = z.infer<typeof CloseSummary>;

/** The key of a counter's close summary of a date. */
export function closeKey(counterId: CounterId, date: string): string {
  return `${counterId}/${date}`;
}

/**
 * What a booking paid on site owes as the service told the counter that asked (issue 27, decision
 * I4): the counter's own record (main/local/onsite/dues.ts) under the id `due/<id>/<version>`.
 */
export const OnSiteDue = LocalDue.extend({
  kind: z.literal('due'),
  id: z.string().min(1).max(300),
}).strict();
export type OnSiteDue = z.infer<typeof OnSiteDue>;

/** The id a booking's amount owed goes by in the shared list: one per version of the booking. */
export const dueEventId = (due: { reservationId: string; version: string }) =>
  `due/${due.reservationId}/${due.version}`;

/**
 * Money a counter took for a booking paid on site (decisions I5–I6): its journal record's id,
 * what was taken, the discount given, the methods, and the collections it knew of (its `basis`).
 * No name, no note: those stay sealed in that counter's journal.
 */
export const OnSiteCollected = z.strictObject({
  kind: z.literal('collected'),
  id: Id,
  reservationId: Id,
  /** The experience date it was collected for (the list is purged by it). */
  date: LocalDate,
  counterId: Id,
  counterName: z.string().max(100),
  at: EpochMs,
  amount: Amount,
  discount: Amount,
  methods: z.array(TenderMethod).max(2),
  basis: z.array(z.string().max(100)).max(50),
});
export type OnSiteCollected = z.infer<typeof OnSiteCollected>;

/** Money a counter paid back of a collection (its refund record's id). */
export const OnSiteRefunded = z.strictObject({
  kind: z.literal('refunded'),
  id: Id,
  /** The collection paid back. */
  refersTo: Id,
  reservationId: Id,
  date: LocalDate,
  counterId: Id,
  at: EpochMs,
  amount: Amount,
});
export type OnSiteRefunded = z.infer<typeof OnSiteRefunded>;

export const OnSiteEvent = z.discriminatedUnion('kind', [
  OnSiteDue,
  OnSiteCollected,
  OnSiteRefunded,
]);
export type OnSiteEvent = z.infer<typeof OnSiteEvent>;

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
 * Which map of the shared doc a record (or the doc itself: `doc`) is in: one of its own areas
 * (`checkins`, `onsite`, `holds`, `counters`, `closes`) or a shared list's (lww-map.ts).
 */
export type SharedArea = string;

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
