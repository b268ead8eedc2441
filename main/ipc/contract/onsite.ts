/**
 * A booking paid on site, at the counter (issue 27): claim it for this counter (once per shop),
 * take what it owes with the walk-in's tender — all of it or a part, with a discount given here —
 * checking the party in with it, or let the claim go.
 */
import { z } from 'zod';
import { DiscountReasonId, Id, ItemPick, LocalDate, MAX_ITEM_LINES, Tender } from '../../common';
import { Comparison, ReservationView } from './views';

/** A counter's claim of a booking, as the screens say it. */
export const ClaimView = z.object({
  /** This counter may take the money. */
  granted: z.boolean(),
  /** Another counter is taking it (its name, and since when by its clock). */
  heldBy: z.object({ counterName: z.string(), at: z.number() }).nullable(),
  /** Counters present that did not answer in time: a double collection stays possible. */
  unanswered: z.array(z.string()),
});
export type ClaimView = z.infer<typeof ClaimView>;

/** A discount given at the counter, and why: a reason of the store's active list (I13). */
export const CollectDiscount = z.strictObject({
  amount: z.number().int().min(1).max(1e9),
  /** The reason's id; a note is required when the reason says. */
  reason: DiscountReasonId,
  note: z.string().trim().max(500).nullable().default(null),
});
export type CollectDiscount = z.infer<typeof CollectDiscount>;

const Booking = { reservationId: Id, date: LocalDate };

export const onsiteChannels = {
  /**
   * Staff are about to take the money: the booking claimed for this counter, and what it owes
   * asked of the service now if it is not known for this version of the booking (online).
   */
  'onsite.start': {
    request: z.strictObject(Booking),
    response: z.object({ reservation: ReservationView, claim: ClaimView }),
  },
  /** Staff gave up taking the money: the claim ends. */
  'onsite.release': {
    request: z.strictObject(Booking),
    response: z.object({ ok: z.literal(true) }),
  },
  /** Take the money (a part, or all; a discount), written to the journal; check in with it. */
  'onsite.collect': {
    request: z.strictObject({
      ...Booking,
      /** What the screen showed as owed in all (null: not known): refused if it is now another. */
      due: z.number().int().min(0).max(1e9).nullable(),
      /** The money taken now (0 only when a discount settles the rest). */
      amount: z.number().int().min(0).max(1e9),
      discount: CollectDiscount.nullable().default(null),
      /** How it was paid (null only when nothing is taken): the items' price too. */
      tender: Tender.nullable().default(null),
      /** Counter items sold with it (issue 30), paid with the same tender on top of `amount`. */
      items: z.array(ItemPick).max(MAX_ITEM_LINES).default([]),
      /** Check the party in with it; null: the money only. */
      checkIn: z
        .strictObject({
          state: z.enum(['arrived', 'partial']),
          adults: z.number().int().min(0).max(999),
          children: z.number().int().min(0).max(999),
          /** The check-in the screen showed (its event id; null: none). */
          basis: z.string().min(1).max(200).nullable(),
        })
        .nullable()
        .default(null),
    }),
    response: z.object({
      reservation: ReservationView,
      /** The journal's collection record: its receipt. */
      entryId: z.string(),
      /** How the party checked in compares with the booking (null: not checked in here). */
      comparison: Comparison.nullable(),
    }),
  },
} as const;
