/**
 * The scenario file format: how a data set for the sandbox is written (docs/sandbox.md).
 * A scenario describes a business and its bookings; dates may be relative to the day it is loaded
 * (`today`, `today+3`, `today-10`), so a demo always has a past, a today and a future.
 */
import { z } from 'zod';
import {
  CancelReason,
  Id,
  LocalTime,
  Locale,
  RecordedPaymentMethod,
  ReservationSource,
  Timestamp,
} from '../../main/api/schemas';
import { ApiKeyRecord, Organization, ProductRecord, ResourceRecord, StoreRecord } from '../model';

export const SCENARIO_FORMAT = 'front-desk-sandbox/scenario@1';
export const SNAPSHOT_FORMAT = 'front-desk-sandbox/snapshot@1';

/** `YYYY-MM-DD`, or `today`, `today+N`, `today-N` in the store's time zone. */
export const ScenarioDate = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2}|today([+-]\d{1,4})?)$/, 'expected YYYY-MM-DD or today±N');

export const ScenarioCustomer = z.strictObject({
  id: Id,
  organizationId: Id,
  lastName: z.string(),
  firstName: z.string(),
  email: z.email(),
  phone: z.string().nullable().default(null),
  createdAt: Timestamp.optional(),
});

export const ScenarioReservation = z.strictObject({
  productId: Id,
  date: ScenarioDate,
  startTime: LocalTime,
  adultCount: z.number().int().min(0),
  childCount: z.number().int().min(0).default(0),
  participants: z
    .array(
      z.strictObject({
        participantNumber: z.number().int().min(1),
        fieldValues: z.record(z.string(), z.string()),
      }),
    )
    .default([]),
  /** A known customer, or the booker's details (a customer is created from an e-mail). */
  customerId: Id.optional(),
  customer: z
    .strictObject({
      lastName: z.string(),
      firstName: z.string().default(''),
      email: z.email().optional(),
      phone: z.string().optional(),
    })
    .optional(),
  paymentMethod: RecordedPaymentMethod,
  source: ReservationSource.default('booking_site'),
  status: z.enum(['confirmed', 'pending', 'rejected']).default('confirmed'),
  locale: Locale.default('ja'),
  /** Booked this many days before the start (never later than the scenario's "now"). */
  bookedDaysBefore: z.number().min(0).default(7),
  cancellation: z.strictObject({ reason: CancelReason, daysBefore: z.number().min(0) }).optional(),
});
export type ScenarioReservation = z.infer<typeof ScenarioReservation>;

export const Scenario = z.strictObject({
  format: z.literal(SCENARIO_FORMAT),
  name: z.string(),
  description: z.string().default(''),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(1),
  /** Where the clock starts; the real time when left out. */
  now: Timestamp.optional(),
  organizations: z.array(Organization).min(1),
  stores: z.array(StoreRecord).min(1),
  resources: z.array(ResourceRecord).default([]),
  products: z.array(ProductRecord),
  customers: z.array(ScenarioCustomer).default([]),
  keys: z.array(ApiKeyRecord).min(1),
  reservations: z.array(ScenarioReservation).default([]),
});
export type Scenario = z.infer<typeof Scenario>;
export type ScenarioInput = z.input<typeof Scenario>;
