/**
 * The one CSV writer (the journal's export, a slot's manifest): UTF-8 with a byte-order mark so
 * that Excel reads Japanese, CRLF line ends, RFC 4180 quoting, numbers as plain integers, and text
 * that a spreadsheet would run as a formula defused with a leading '. Leaf module.
 */

export type CsvCell = string | number | null;

const BOM = '\uFEFF';
const CRLF = '\r\n';

/** A cell a spreadsheet would run as a formula starts with one of these: it is prefixed with '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a number as it is; text defused and quoted when it must be; null as empty. */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows alone, each ended by CRLF: no BOM, no header (a file whose reader takes none, 弥生's). */
export function csvLines(rows: Iterable<readonly CsvCell[]>): string {
  let text = '';
  for (const row of rows) text += row.map(csvCell).join(',') + CRLF;
  return text;
}

/** A whole file: the header row, then the rows. */
export function csvFile(header: readonly CsvCell[], rows: Iterable<readonly CsvCell[]>): string {
  return BOM + csvLines([header, ...rows]);
}
