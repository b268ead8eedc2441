/**
 * The journal CSV's format, the one home of it (decision Z6): its columns in order, their header
 * words, and a row's cells. Two writers fill it: the counter from its own records
 * (main/desk/close/journal-csv.ts) and the head office from the facts each counter sent
 * (office/books/exports/journal-csv.ts), so an accountant gets the same file from either. The
 * bytes are the one CSV writer's (./csv.ts). Leaf module: words and money only.
 */
import { csvFile, type CsvCell } from './csv';
import { TenderMethod } from './money/tender';
import type { PrintLocale } from './words/locale';
import * as journalWords from './words/journal';
import * as moneyWords from './words/money';

/** The columns before the per-method ones, and after them. */
const BEFORE = [
  'businessDate',
  'time',
  'counter',
  'kind',
  'entryId',
  'refersTo',
  'reservationNumber',
  'amount',
] as const;
/** Who (issue 29) comes last: a column added never moves the ones accounting already reads. */
const AFTER = [
  'change',
  'overShort',
  'products',
  'refundReason',
  'note',
  'problem',
  'staff',
  'approvedBy',
  'items',
  'standardRate',
  'reducedRate',
] as const;

export type JournalColumn = (typeof BEFORE)[number] | (typeof AFTER)[number];

/** A row by column: the named ones and what each method moved (absent: empty). */
export type JournalRow = Partial<Record<JournalColumn, CsvCell>> & {
  tender?: Partial<Record<TenderMethod, number>>;
};

/** The header: the named columns in the locale, a column per payment method of the table. */
export function journalHeader(locale: PrintLocale): CsvCell[] {
  const { columns } = journalWords[locale];
  const { methods } = moneyWords[locale];
  return [
    ...BEFORE.map((c) => columns[c]),
    ...TenderMethod.options.map((m) => methods[m]),
    ...AFTER.map((c) => columns[c]),
  ];
}

/** A row's cells in the header's order. */
export function journalCells(row: JournalRow): CsvCell[] {
  return [
    ...BEFORE.map((c) => row[c] ?? null),
    ...TenderMethod.options.map((m) => row.tender?.[m] ?? null),
    ...AFTER.map((c) => row[c] ?? null),
  ];
}

/** The whole file: UTF-8 with a BOM, CRLF (./csv.ts). */
export const journalCsvText = (locale: PrintLocale, rows: readonly JournalRow[]): string =>
  csvFile(journalHeader(locale), rows.map(journalCells));

/** Only the dates: no store, counter or guest in a file name. */
export const journalFileName = (range: { from: string; to: string }): string =>
  `journal_${range.from}_${range.to}.csv`;

/** The time column: the store's clock, to the second. */
export const JOURNAL_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';
