/**
 * The head office at the counter (issue 40): enrolment, what the status bar says of sending, the
 * check of this counter's journal against the office's copy. Never the credential: it stays in
 * the main process's secret store.
 */
import { z } from 'zod';
import { LocalDate } from '../../common';

/** A day's count and sum of what its records move, on one side. */
export const DayFigures = z.object({ count: z.number().int(), sum: z.number().int() });

/** What the status bar shows of the office; null when this counter is not enrolled. */
export const OfficeStatus = z.object({
  /** Records not acknowledged by the office yet. */
  pending: z.number().int().min(0),
  /** When the office last acknowledged (the counter's clock), or null: never. */
  lastAckAt: z.number().nullable(),
  /** Something waits and nothing was acknowledged for long: the bar warns. */
  stale: z.boolean(),
  /** Entries this PC could not read (sent for what is known): staff should tell the owner. */
  damaged: z.number().int().min(0),
  /** Why sending stopped: enrol again (`revoked`), or the owner must look (`gap`, `conflict`). */
  stopped: z.enum(['revoked', 'gap', 'conflict']).nullable(),
  /** Failures in a row (no answer, the office's trouble); sending goes on by itself. */
  failures: z.number().int().min(0),
  /** A replacement PC's records coming back: selling waits for it. */
  restore: z
    .object({
      through: z.number().int(),
      head: z.number().int(),
      problem: z.string().nullable(),
    })
    .nullable(),
});
export type OfficeStatus = z.infer<typeof OfficeStatus>;

/** An entry this PC could not read, sent for what is known of it (no body: nothing personal). */
export const OfficeDamaged = z.object({
  seq: z.number().int(),
  stream: z.enum(['journal', 'audit']),
  businessDate: z.string().nullable(),
  kind: z.string().nullable(),
  amount: z.number().int(),
  problem: z.string().nullable(),
});

/** This counter's office, as set-up shows it. */
export const OfficeView = z.object({
  enrolled: z.boolean(),
  /** Training keeps nothing for the office: set-up says so. */
  training: z.boolean(),
  url: z.string().nullable(),
  organisation: z.string().nullable(),
  store: z.string().nullable(),
  counter: z.string().nullable(),
  enrolledAt: z.number().nullable(),
  status: OfficeStatus.nullable(),
  /** Entries this PC could not read: listed for staff to tell the owner. */
  damaged: z.array(OfficeDamaged).max(200).default([]),
});
export type OfficeView = z.infer<typeof OfficeView>;

export const OfficeEnrol = z.strictObject({
  url: z.string().min(1).max(500),
  code: z.string().min(1).max(200),
});

/** One day where the counter and the office disagree. */
export const CheckDifference = z.object({
  businessDate: LocalDate,
  counter: DayFigures.nullable(),
  office: DayFigures.nullable(),
  /** Records of the day this counter has not sent yet (the usual reason, and not a fault). */
  pending: z.number().int().min(0),
});
export const OfficeCheck = z.object({
  from: LocalDate,
  to: LocalDate,
  days: z.number().int(),
  differences: z.array(CheckDifference),
  checkedAt: z.number(),
});
export type OfficeCheck = z.infer<typeof OfficeCheck>;

export const officeChannels = {
  /** This counter's office (enrolled or not) and what sending is doing. */
  'office.get': { request: z.strictObject({}), response: OfficeView },
  /** Enrol with the office's address and the enrolment code (checked against its CA first). */
  'office.enrol': { request: OfficeEnrol, response: OfficeView },
  /** Compare this counter's journal with the office's copy by business day. */
  'office.check': { request: z.strictObject({}), response: OfficeCheck },
  /** Send now (staff pressed "send"): an answer after the try. */
  'office.send': { request: z.strictObject({}), response: OfficeView },
} as const;
