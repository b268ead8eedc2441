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

/** Why a record is not in a file: the route lists each, with its words, beside the download. */
export const SkipReason = z.enum([
  /** An older counter sent no facts: the office does not guess a record's accounts. */
  'no_facts',
  /** The counter could not read it, or the office cannot open it (`detail` says what). */
  'problem',
  /** A kind of record this office does not know (a newer counter's). */
  'unknown_kind',
  /** A payment method neither the counter's table nor the mapping names. */
  'unknown_method',
  /** A tax rate with no tax category in the format (neither 10 % nor 8 %). */
  'unknown_rate',
  /** Payments and the tax split do not add up to the same yen. */
  'unbalanced',
  /** The format has no way to say it (freee's 取引: a cash move is a 口座振替); `detail` says which file does. */
  'not_in_format',
]);
export type SkipReason = z.infer<typeof SkipReason>;

export const Skipped = z.object({
  recordId: z.string(),
  counterName: z.string(),
  businessDate: BusinessDate.nullable(),
  kind: z.string(),
  amount: z.number().int(),
  reason: SkipReason,
  /** What exactly (the problem's text, the unknown method or rate). */
  detail: z.string(),
});
export type Skipped = z.infer<typeof Skipped>;

/**
 * A character the file's encoding cannot hold (弥生's Shift_JIS), replaced by the fallback: the
 * record is still exported, and the page says where its text changed.
 */
export const EncodingWarning = z.object({
  recordId: z.string(),
  /** The column, in the format's own words (摘要, 借方補助科目…). */
  field: z.string(),
  /** The text as it was. */
  text: z.string(),
  /** The characters replaced, each once. */
  characters: z.array(z.string()),
});
export type EncodingWarning = z.infer<typeof EncodingWarning>;

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
