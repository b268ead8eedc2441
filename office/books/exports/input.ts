/**
 * What an accountant's export is made from, and what it gives back. The route reads a store's
 * records of a date range (in order) and the owner's account mapping, and calls a format's pure
 * function (yayoi.ts, freee.ts, journal-csv.ts): no HTTP, no database here.
 */
import { z } from 'zod';
import { BookFacts } from '../../protocol/books';
import { AccountMapping } from '../../protocol/web';
import { BusinessDate } from '../../protocol/wire';

/** One record as the office keeps it (the records table), with the facts its counter sent. */
export const ExportRecord = z.object({
  storeName: z.string(),
  counterId: z.string(),
  counterName: z.string(),
  /** The record's id at its counter. */
  id: z.string(),
  /** Null: not known (an unreadable record); the day of `at` in the store's zone is taken. */
  businessDate: BusinessDate.nullable(),
  /** When it was made (epoch ms, the counter's clock). */
  at: z.number().int(),
  /** sale, collection, goods, refund, correction, cash, close, receipt, drawer, or a newer one. */
  kind: z.string(),
  /** Signed yen, as the office totals it. */
  amount: z.number().int(),
  /** The counter could not read it, or the office cannot open it: what went wrong. */
  problem: z.string().nullable(),
  /** Null: an older counter, or a record the counter could not read (then `problem` says why). */
  facts: BookFacts.nullable(),
});
export type ExportRecord = z.infer<typeof ExportRecord>;

export const ExportInput = z.object({
  records: z.array(ExportRecord),
  accounts: AccountMapping,
  /** The store's IANA zone: the time column, and the day of a record that has none. */
  timeZone: z.string().min(1).default('Asia/Tokyo'),
  /** The range asked for (the file's name holds only these). */
  range: z.object({ from: BusinessDate, to: BusinessDate }),
});
/** What a caller passes (the zone may be left out: Asia/Tokyo). */
export type ExportInput = z.input<typeof ExportInput>;

export { EncodingWarning, SkipReason, Skipped } from '../../protocol/web';
import type { EncodingWarning, Skipped } from '../../protocol/web';

/** A file made: its name, type and bytes, and what was left out or changed. */
export interface ExportFile {
  fileName: string;
  /** The Content-Type to serve it with (its charset said). */
  contentType: string;
  bytes: Uint8Array;
  /** Data rows written (no header). */
  rows: number;
  skipped: Skipped[];
  warnings: EncodingWarning[];
}
