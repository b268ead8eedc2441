/**
 * The head office's HTTP API, as both sides see it: the one source of truth for what crosses
 * between a counter (main/desk/office) and the office (office/), and between the owner and the
 * office. zod schemas; the types are inferred from them. Nothing here imports the rest of the
 * project: the counter imports this folder and nothing else of office/ (a lint rule).
 *
 * Every path is under /v1. A device (a counter) authenticates with its own credential,
 * `Authorization: Bearer <DeviceCredential>`; the owner with a session token from log-in.
 * Errors are `{ error: { code, message } }` with the HTTP status saying which kind.
 */
import { z } from 'zod';
import { BookFacts, CounterStatus } from './books';

export const OFFICE_API = '/v1';

/** A business day, as the counter's journal keeps it. */
export const BusinessDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const Id = z.string().min(1).max(100);

/**
 * What the counter sends: journal entries (every kind: sales, refunds, corrections, cash moves,
 * receipts, closes, drawer opens…) and the audit log (sign-ins, approvals, failed PINs…), one
 * sequence per counter across both.
 */
export const Stream = z.enum(['journal', 'audit']);
export type Stream = z.infer<typeof Stream>;

/** The most records one batch carries (and one restore page answers). */
export const MAX_BATCH = 500;

/**
 * One record as the counter kept it. `seq` is the counter's own order (1, 2, 3… with no gap);
 * `id` is the record's id in the journal or the audit log, unique per counter, and with the
 * organisation, store and counter the database's unique key: a record sent twice is kept once.
 * `amount` is the yen it moves in the counter's own tally (signed; 0 when it moves none), so the
 * office can total a day without reading inside the sealed body. `body` is the record whole, as
 * the counter's journal or audit log has it: the office keeps it sealed, with the organisation's
 * key (it carries guests' names, e-mail addresses, phone numbers).
 *
 * A record the counter could no longer read (a damaged file) is sent too, with `body: null` and
 * `problem` saying why, so that its place in the sequence is accounted for and staff and the
 * owner see it: never silently a gap.
 */
export const OfficeRecord = z.object({
  seq: z.number().int().positive(),
  stream: Stream,
  id: Id,
  businessDate: BusinessDate.nullable(),
  /** Epoch ms, the counter's corrected clock. */
  at: z.number().int().nullable(),
  kind: z.string().min(1).max(40).nullable(),
  amount: z.number().int(),
  body: z.record(z.string(), z.unknown()).nullable(),
  problem: z.string().max(60).nullable().default(null),
  /**
   * What the books need of it, as the counter reads it (books.ts, decision AB50); null from a
   * counter older than the books, or for a record that could not be read.
   */
  facts: BookFacts.nullable().optional(),
});
export type OfficeRecord = z.infer<typeof OfficeRecord>;

/** A day's count and yen on one side (the counter's journal, or the office's copy of it). */
export const DayTally = z.object({
  businessDate: BusinessDate,
  count: z.number().int().nonnegative(),
  sum: z.number().int(),
});
export type DayTally = z.infer<typeof DayTally>;

/** POST /v1/device/records: a batch, in sequence order, contiguous. */
export const RecordBatch = z.object({
  records: z.array(OfficeRecord).min(1).max(MAX_BATCH),
  /**
   * The counter's own tally of its journal for the days these records touch (and any it
   * chooses): what the owner's check compares the office against.
   */
  tallies: z.array(DayTally).max(400).default([]),
  /** The counter's state now (the owner's live page); absent from an older counter. */
  status: CounterStatus.optional(),
});
export type RecordBatch = z.infer<typeof RecordBatch>;

/**
 * The answer: every record up to `ackedThrough` is in the office's database (the counter may
 * forget them). `expected` is set when the batch started past the office's next (a gap): the
 * counter sends again from there. `duplicates` counts records the office already had (a resend):
 * answered as the first time, never a second row.
 */
export const BatchAnswer = z.object({
  ackedThrough: z.number().int().nonnegative(),
  stored: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  expected: z.number().int().positive().optional(),
});
export type BatchAnswer = z.infer<typeof BatchAnswer>;

/** GET /v1/device/records?after=SEQ: this counter's own records back, for a replaced PC. */
export const RestorePage = z.object({
  records: z.array(OfficeRecord).max(MAX_BATCH),
  /** The highest seq the office holds for this counter. */
  head: z.number().int().nonnegative(),
});
export type RestorePage = z.infer<typeof RestorePage>;

/** POST /v1/device/status: the counter's state when it changed and nothing else was to send. */
export const StatusReport = z.object({ status: CounterStatus });

/** GET /v1/device/tallies?from=DATE&to=DATE: the office's count and sum by day, this counter's. */
export const OfficeTallies = z.object({ days: z.array(DayTally) });
export type OfficeTallies = z.infer<typeof OfficeTallies>;

/**
 * An enrolment code, as the owner reads it off the office: a one-use secret and the pin of the
 * office's own certificate authority (the first 16 bytes of the SHA-256 of its DER, hex), so the
 * counter trusts that office and no other. Written `FD1-<secret>-<pin>`; the secret is 20
 * base32 characters (100 bits), the pin 32 hex characters. Spaces and case do not matter.
 */
export const ENROLMENT_CODE = /^FD1-([A-Z2-7]{20})-([0-9a-f]{32})$/;
export interface EnrolmentCode {
  secret: string;
  pin: string;
}
export function parseEnrolmentCode(text: string): EnrolmentCode | null {
  const compact = text.replace(/\s+/g, '');
  const [prefix = '', secret = '', pin = ''] = compact.split('-');
  const match = ENROLMENT_CODE.exec(
    `${prefix.toUpperCase()}-${secret.toUpperCase()}-${pin.toLowerCase()}`,
  );
  return match ? { secret: match[1]!, pin: match[2]! } : null;
}
export function formatEnrolmentCode(code: EnrolmentCode): string {
  return `FD1-${code.secret}-${code.pin}`;
}

/** GET /v1/ca (no authentication): the office's CA certificate, PEM, for the counter to pin. */
export const CaAnswer = z.object({ pem: z.string().min(1).max(20_000) });

/** POST /v1/enrol: a counter's set-up, with the code. */
export const EnrolRequest = z.object({
  secret: z.string().regex(/^[A-Z2-7]{20}$/),
  /** What staff call this PC (the machine's name by default). */
  counterName: z.string().min(1).max(100),
  /** This install's counter id (main/desk/counter.ts); a replacement takes the code's instead. */
  counterId: Id,
  /** The Reservation Service store this counter serves (not secret; never the API key). */
  reservationStore: z.string().max(100).nullable(),
});
export type EnrolRequest = z.infer<typeof EnrolRequest>;

export const EnrolAnswer = z.object({
  deviceId: z.string().uuid(),
  /** Shown once; the office keeps only its hash. */
  credential: z.string().min(32).max(200),
  organisation: z.object({ id: z.string().uuid(), name: z.string() }),
  store: z.object({ id: z.string().uuid(), name: z.string() }),
  /**
   * The counter this device is: its own id for a new counter; for a code made to replace a
   * counter, that counter's id and name (the PC takes them on, and its journal comes back first).
   */
  counter: z.object({ id: Id, name: z.string() }),
  /** The highest seq the office holds for this counter: > 0, restore before selling. */
  head: z.number().int().nonnegative(),
});
export type EnrolAnswer = z.infer<typeof EnrolAnswer>;

/** GET /v1/device/me: whether this credential still works (revoked: 401 `revoked`). */
export const DeviceMe = z.object({
  deviceId: z.string().uuid(),
  counter: z.object({ id: Id, name: z.string() }),
  head: z.number().int().nonnegative(),
});

export const ErrorCode = z.enum([
  'bad_request',
  'unauthorised',
  'revoked',
  'forbidden',
  'not_found',
  'code_invalid',
  'code_expired',
  'code_used',
  'seq_conflict',
  'rate_limited',
  'setup_done',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
export const ErrorAnswer = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
