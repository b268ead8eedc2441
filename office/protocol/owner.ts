/**
 * The owner's API (bearer session from log-in), beside the device API in wire.ts: what the
 * owner's pages and tests send and read. zod schemas; types inferred.
 */
import { z } from 'zod';
import { BusinessDate, DayTally } from './wire';

const Email = z.string().trim().toLowerCase().email().max(254);
const Password = z.string().min(12).max(200);

/** POST /v1/setup: the first owner and their organisation, with the token the office printed. */
export const SetupRequest = z.object({
  setupToken: z.string().min(1).max(200),
  organisationName: z.string().trim().min(1).max(200),
  email: Email,
  password: Password,
});
export type SetupRequest = z.infer<typeof SetupRequest>;

/** POST /v1/login. */
export const LoginRequest = z.object({ email: Email, password: z.string().min(1).max(200) });
export const Session = z.object({
  token: z.string(),
  expiresAt: z.string(),
  organisation: z.object({ id: z.string().uuid(), name: z.string() }),
});
export type Session = z.infer<typeof Session>;

/** POST /v1/stores. */
export const NewStore = z.object({
  name: z.string().trim().min(1).max(200),
  reservationStore: z.string().max(100).nullable().default(null),
});
export const Store = z.object({
  id: z.string().uuid(),
  name: z.string(),
  reservationStore: z.string().nullable(),
});
export type Store = z.infer<typeof Store>;
export const StoreList = z.object({ stores: z.array(Store) });

/** POST /v1/stores/:storeId/enrolment-codes: shown once; the office keeps its hash. */
export const NewEnrolmentCode = z.object({
  replacesCounterId: z.string().min(1).max(100).nullable().default(null),
});
export const EnrolmentCodeAnswer = z.object({ code: z.string(), expiresAt: z.string() });

/** GET /v1/stores/:storeId/counters: each counter with its devices, revoked ones too. */
export const CounterList = z.object({
  counters: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      head: z.number().int(),
      lastAckAt: z.string().nullable(),
      devices: z.array(
        z.object({
          id: z.string().uuid(),
          createdAt: z.string(),
          revokedAt: z.string().nullable(),
        }),
      ),
    }),
  ),
});

/** GET /v1/stores/:storeId/counters/:counterId/check?from&to: the office against the counter. */
export const CheckQuery = z.object({ from: BusinessDate, to: BusinessDate });
export const CheckAnswer = z.object({
  days: z.array(
    z.object({
      businessDate: BusinessDate,
      office: DayTally.omit({ businessDate: true }),
      /** The counter's last reported tally for the day; null when it never reported one. */
      counter: DayTally.omit({ businessDate: true }).nullable(),
      agrees: z.boolean(),
    }),
  ),
  /** The days that disagree (or that only one side has). */
  differences: z.array(BusinessDate),
});
export type CheckAnswer = z.infer<typeof CheckAnswer>;
