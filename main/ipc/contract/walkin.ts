/** A walk-in: the product's form, the answers and customer given, the price and the outcome. */
import { z } from 'zod';
import { CustomField, FieldValueInput, Id, LocalDate, LocalTime } from '../../common';
import { ReservationView } from './views';

export const ProductForm = z.object({
  id: Id,
  name: z.string(),
  approvalType: z.string(),
  isPublished: z.boolean(),
  currency: z.string(),
  customFields: z.array(CustomField),
});
export type ProductForm = z.infer<typeof ProductForm>;

/**
 * What the walk-in's first step shows of each product of the store beside the day's slots
 * (decision G17): list prices (null: the service does not give them) and how many walk-ins of it
 * this counter sold in the last 30 business days (the most sold first).
 */
export const WalkInChoice = z.object({
  id: Id,
  prices: z.object({ adult: z.number(), child: z.number() }).nullable(),
  currency: z.string(),
  sold: z.number().int().min(0),
});
export type WalkInChoice = z.infer<typeof WalkInChoice>;

export const WalkInChoices = z.object({ products: z.array(WalkInChoice) });
export type WalkInChoices = z.infer<typeof WalkInChoices>;

export const ParticipantAnswers = z.strictObject({
  participantNumber: z.number().int().min(1).max(999),
  fieldValues: z.record(z.string(), FieldValueInput),
});

/** A party's size, as every channel that takes one asks it. */
export const Headcount = z.strictObject({
  adults: z.number().int().min(0).max(999),
  children: z.number().int().min(0).max(999),
});

/**
 * The customer as staff are typing it: nothing required yet, lengths bounded only against abuse.
 * The desk's check says what is wrong, by field.
 */
const CustomerDraft = z.strictObject({
  lastName: z.string().max(1000),
  firstName: z.string().max(1000).default(''),
  email: z.string().max(1000).nullable().default(null),
  phone: z.string().max(1000).nullable().default(null),
  /** An existing customer found by e-mail. */
  customerId: z.string().max(200).nullable().default(null),
});

/**
 * One walk-in being sold, from the moment staff start it: made by the renderer then, kept with the
 * flow a reloaded window comes back to, sent with `walkin.book`. The desk books a draft once: a
 * second Book of the same draft answers the first one's outcome, never a second entry or sale
 * (decision X1). A walk-in refused by the service and tried again is a new draft.
 */
export const DraftId = z.uuid();
export type DraftId = z.infer<typeof DraftId>;

/** A walk-in as entered so far: what `walkin.quote` checks (every problem by field) and prices. */
export const WalkInDraft = z.strictObject({
  productId: Id,
  date: LocalDate,
  startTime: LocalTime,
  ...Headcount.shape,
  participants: z.array(ParticipantAnswers).max(999),
  customer: CustomerDraft,
});
export type WalkInDraft = z.infer<typeof WalkInDraft>;

export const WalkInCustomer = z.strictObject({
  lastName: z.string().trim().min(1).max(100),
  firstName: z.string().max(100).default(''),
  email: z.string().max(254).nullable().default(null),
  phone: z.string().max(30).nullable().default(null),
  /** An existing customer found by e-mail. */
  customerId: z.string().nullable().default(null),
});

export const Price = z.object({
  currency: z.string(),
  subtotal: z.number(),
  discounts: z.array(z.object({ type: z.string(), label: z.string(), amount: z.number() })),
  total: z.number(),
  /**
   * The party's tickets as the service priced them, each with the id a counter discount on its
   * line names (I15); absent: not known (the last known price offline, an older answer).
   */
  lines: z
    .array(
      z.object({
        id: z.string(),
        ticket: z.enum(['adult', 'child', 'party']),
        quantity: z.number().int(),
        unitPrice: z.number(),
      }),
    )
    .optional(),
  /**
   * Offline (decision J22): not the service's price but the last known one, to take money against;
   * `source` the last calculate of the same product and party, or the list prices × the party;
   * `at` when it was known (ms). Absent: the service's price.
   */
  unconfirmed: z
    .strictObject({ source: z.enum(['calculate', 'list']), at: z.number().int() })
    .optional(),
});
export type Price = z.infer<typeof Price>;

/** A problem with one input, where the UI shows it (a field, or a participant's field). */
export const FieldProblem = z.object({
  field: z.string(),
  participantNumber: z.number().int().nullable(),
  code: z.string(),
  message: z.string(),
});
export type FieldProblem = z.infer<typeof FieldProblem>;

export const WalkInOutcome = z.object({
  /**
   * booked — confirmed by the service; pending — created but NOT confirmed (manual approval);
   * queued — written locally, not yet booked; refused — the service said no (see `refusal`).
   */
  outcome: z.enum(['booked', 'pending', 'queued', 'refused']),
  entryId: z.string(),
  reservation: ReservationView.nullable(),
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  problems: z.array(FieldProblem),
  /** The sales journal's record of the money taken (issue 13); null: no tender recorded. */
  saleId: z.string().nullable().optional(),
});
export type WalkInOutcome = z.infer<typeof WalkInOutcome>;
