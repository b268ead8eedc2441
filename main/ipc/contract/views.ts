/** What the counter shows: reservations, slots, products, a day; a headcount's fit; a cancel preview. */
import { z } from 'zod';
import { Id, LocalDate, LocalTime } from '../../common';
import { PaymentView } from './payment';
import { StoreSummary } from './setup';

export const CheckIn = z.object({
  state: z.enum(['arrived', 'partial', 'no_show']),
  adults: z.number().int(),
  children: z.number().int(),
  at: z.number(),
  offline: z.boolean(),
  /** The counter it was recorded at (its staff-chosen name). */
  counterName: z.string(),
  /** The event that set it: sent back as `basis` with the next check-in or undo. */
  eventId: z.string(),
  /** Who was signed in when it was recorded (issue 29); absent: nobody was (or no staff yet). */
  staffName: z.string().optional(),
});
export type CheckIn = z.infer<typeof CheckIn>;

/**
 * This counter's latest check-in of a party lost to one another counter made at the same time
 * (the earlier wins): which counter, when, and what it recorded (null: an undo).
 */
export const CheckInConflict = z.object({
  counterName: z.string(),
  at: z.number(),
  state: z.enum(['arrived', 'partial', 'no_show']).nullable(),
});
export type CheckInConflict = z.infer<typeof CheckInConflict>;

/**
 * A custom-field answer ready to show: select values already turned into their labels.
 * `bookerOnly`: the field is asked of the representative only (`inputScope: booker_only`), so
 * the answer is the representative's, not "person 1"'s.
 */
export const Answer = z.object({
  participantNumber: z.number().int(),
  fieldId: z.string(),
  label: z.string(),
  value: z.string(),
  bookerOnly: z.boolean(),
});

/**
 * A reservation as the counter shows it. `status` is the service's; one it does not know is
 * kept as is and shown raw.
 */
export const ReservationView = z.object({
  id: Id,
  number: z.string().nullable(),
  status: z.string(),
  active: z.boolean(),
  customerName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  adults: z.number().int(),
  children: z.number().int(),
  paymentMethod: z.string(),
  productId: z.string(),
  productName: z.string(),
  date: LocalDate,
  startTime: LocalTime,
  endTime: z.string().nullable(),
  totalAmount: z.number().nullable(),
  currency: z.string(),
  answers: z.array(Answer),
  checkIn: CheckIn.nullable(),
  checkInConflict: CheckInConflict.nullable(),
  /** How it is paid and what is owed (issue 27); absent from answers of older versions. */
  payment: PaymentView.optional(),
});
export type ReservationView = z.infer<typeof ReservationView>;

/**
 * What a slot's chip and card say, counted by the desk from the slot's parties (decision G21):
 * `parties` and `people` expected (active bookings), those of them arrived (checked in, all or
 * some), waiting for approval, paid on site with money still to take and how much.
 */
export const SlotParties = z.object({
  parties: z.number().int(),
  arrived: z.number().int(),
  /** People expected (adults and children of the active parties) and those checked in. */
  people: z.number().int(),
  peopleArrived: z.number().int(),
  pending: z.number().int(),
  unpaid: z.number().int(),
  /** Still owed by the unpaid ones, in integer yen (or the store's currency's minor unit). */
  unpaidAmount: z.number().int(),
});
export type SlotParties = z.infer<typeof SlotParties>;

/**
 * A slot as the day view paints it: seats, booked headcounts, the counts of its parties. The
 * parties themselves are fetched when a slot is opened (`day.parties`, G21).
 */
export const SlotView = z.object({
  startTime: LocalTime,
  endTime: z.string().nullable(),
  /** From cached availability; null when not known (no availability cached for the day). */
  capacity: z.number().int().nullable(),
  /** Less the seats queued walk-ins hold (`heldByQueued`). */
  remaining: z.number().int().nullable(),
  bookable: z.boolean(),
  booked: z.object({ adults: z.number().int(), children: z.number().int() }),
  /** Seats walk-ins queued (not yet booked) will take, by counter (this one and the others). */
  heldByQueued: z.array(z.object({ counterName: z.string(), seats: z.number().int() })),
  /** Every reservation booked in it, active or not (the manifest's rows). */
  total: z.number().int(),
  counts: SlotParties,
});
export type SlotView = z.infer<typeof SlotView>;

export const ProductView = z.object({
  id: Id,
  name: z.string(),
  isPublished: z.boolean(),
  approvalType: z.string(),
  dayStatus: z.string().nullable(),
  availabilityFetchedAt: z.number().nullable(),
  slots: z.array(SlotView),
});
export type ProductView = z.infer<typeof ProductView>;

/**
 * A party as a list line shows it (the day's pending approvals): enough to name it and open it;
 * its details come with `reservation.get`.
 */
export const PartyLine = z.object({
  id: Id,
  number: z.string().nullable(),
  status: z.string(),
  customerName: z.string(),
  adults: z.number().int(),
  children: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  date: LocalDate,
  startTime: LocalTime,
});
export type PartyLine = z.infer<typeof PartyLine>;

export const DayView = z.object({
  date: LocalDate,
  today: LocalDate,
  store: StoreSummary,
  products: z.array(ProductView),
  pendingApprovals: z.array(PartyLine),
  /** Our clock: when reservations were last synced (null: never); the UI shows the age. */
  syncedAt: z.number().nullable(),
  /** The first full sync has not finished: the day may be incomplete. */
  incomplete: z.boolean(),
  /** Which build of the day this is: a `day.changed` patch applies to this one only (G22). */
  revision: z.number().int(),
});
export type DayView = z.infer<typeof DayView>;

/** A slot's parties in full, as its manifest and the screens opened from it show them. */
export const DayParties = z.object({
  date: LocalDate,
  reservations: z.array(ReservationView),
});
export type DayParties = z.infer<typeof DayParties>;

/**
 * Why the slot asked about does not take the party, as the availability says: `seats` fewer
 * seats left than the party; `closed`, `past`, `deadline_passed` the day's status (or the slot
 * left out of an open day: the spec omits slots past their deadline); `started` it has begun;
 * `unavailable` the day has no slots under a status the counter does not know.
 */
export const SlotMisfit = z.object({
  date: LocalDate,
  startTime: LocalTime,
  reason: z.enum(['seats', 'closed', 'past', 'deadline_passed', 'started', 'unavailable']),
  remaining: z.number().int().nullable(),
  party: z.number().int(),
});
export type SlotMisfit = z.infer<typeof SlotMisfit>;

export const HeadcountFit = z.object({
  fits: z.enum(['yes', 'no', 'unknown']),
  remaining: z.number().int().nullable(),
  /** Upcoming slots where the party fits, soonest first. */
  nextSlots: z.array(
    z.object({ date: LocalDate, startTime: LocalTime, remaining: z.number().int() }),
  ),
  /** The slot asked about, when the cached availability says it does not take the party. */
  misfit: SlotMisfit.optional(),
});
export type HeadcountFit = z.infer<typeof HeadcountFit>;

export const Comparison = z.enum(['match', 'fewer', 'more']);

export const CancelPreviewView = z.object({
  cancellable: z.boolean(),
  total: z.number(),
  fee: z.number(),
  refund: z.number(),
  /** `merchant`: the counter refunds by hand; `service`: the service refunds by itself. */
  refundBy: z.enum(['merchant', 'service']),
  /** The service's own value of refundHandledBy, shown when it is neither known one. */
  refundByRaw: z.string(),
  currency: z.string(),
});
export type CancelPreviewView = z.infer<typeof CancelPreviewView>;
