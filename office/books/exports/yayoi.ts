/**
 * 弥生会計's 仕訳日記帳 import (弥生インポート形式, decision AB62), as the vendor publishes it:
 * https://support.yayoi-kk.co.jp/subcontents.html?page_id=18545 (the 25 items, 弥生会計 05 and
 * later; the online edition's restrictions: .../faq_Subcontents.html?grade_id=Kaikei&page_id=27184;
 * tax categories: .../faq_Subcontents.html?page_id=1430). One 仕訳 a line, comma separated, no
 * header row, CRLF, Shift_JIS (CP932, ./cp932.ts: what CP932 has not is replaced by 〓 and
 * reported). One entry per record (entries.ts): an entry of one debit and one credit is one line
 * (識別フラグ 2000); more lines are a multi-line entry (2110 first, 2100 between, 2101 last), a
 * side with nothing on a line left without account and 0 as its amount.
 *
 * Tax: 税込 entries with the counter's own tax (課税売上込10% / 課税売上込軽減8%, the 税金額
 * filled, never left for 弥生 to compute); the money's side 対象外. 借方部門/貸方部門, 伝票No.,
 * 決算, 番号, 期日 and 生成元 are left empty; タイプ 0 (仕訳データ), 付箋 0 (none), 調整 no.
 */
import { csvLines, type CsvCell } from '../../../main/common/csv';
import { encodeCp932, fitCp932 } from './cp932';
import { bookEntries, type Entry, type Leg } from './entries';
import type { EncodingWarning, ExportFile, ExportInput } from './input';

/** 借方税区分 / 貸方税区分 of a line: the rate's 税込 sales category, or 対象外. */
export function yayoiTaxCategory(rate: Leg['rate']): string {
  if (rate === 10) return '課税売上込10%';
  if (rate === 8) return '課税売上込軽減8%';
  return '対象外';
}

/** 識別フラグ: one line, or a line's place in a multi-line entry. */
function flag(index: number, lines: number): string {
  if (lines === 1) return '2000';
  if (index === 0) return '2110';
  return index === lines - 1 ? '2101' : '2100';
}

/** 取引日付: yyyy/mm/dd. */
const date = (businessDate: string): string => businessDate.replaceAll('-', '/');

/** The 25 items of one line. `text` fits a field into CP932 and reports what it replaced. */
function line(
  entry: Entry,
  index: number,
  lines: number,
  text: (field: string, value: string) => string,
): CsvCell[] {
  const side = (leg: Leg | undefined, prefix: '借方' | '貸方'): CsvCell[] =>
    leg
      ? [
          text(`${prefix}勘定科目`, leg.account),
          text(`${prefix}補助科目`, leg.subAccount),
          '',
          yayoiTaxCategory(leg.rate),
          leg.amount,
          leg.tax,
        ]
      : // The spec: a multi-line entry's line without this side has no account and 0 as amount.
        ['', '', '', '', 0, ''];
  return [
    flag(index, lines), // 1 識別フラグ
    '', // 2 伝票No.
    '', // 3 決算
    date(entry.businessDate), // 4 取引日付
    ...side(entry.debit[index], '借方'), // 5–10
    ...side(entry.credit[index], '貸方'), // 11–16
    text('摘要', entry.summary), // 17
    '', // 18 番号
    '', // 19 期日
    0, // 20 タイプ: 仕訳データ
    '', // 21 生成元
    text('仕訳メモ', entry.memo), // 22
    0, // 23 付箋1
    0, // 24 付箋2
    'no', // 25 調整
  ];
}

/** The 仕訳日記帳 import file of `input`'s records. */
export function yayoiExport(input: ExportInput): ExportFile {
  const { entries, skipped } = bookEntries(input);
  const warnings: EncodingWarning[] = [];
  const rows: CsvCell[][] = [];
  for (const entry of entries) {
    const text = (field: string, value: string): string => {
      const fitted = fitCp932(value);
      if (fitted.replaced.length) {
        // Once per record, field and text (a multi-line entry repeats its 摘要 on each line).
        const known = warnings.some(
          (w) => w.recordId === entry.recordId && w.field === field && w.text === value,
        );
        if (!known) {
          warnings.push({
            recordId: entry.recordId,
            field,
            text: value,
            characters: fitted.replaced,
          });
        }
      }
      return fitted.text;
    };
    const lines = Math.max(entry.debit.length, entry.credit.length);
    for (let i = 0; i < lines; i++) rows.push(line(entry, i, lines, text));
  }
  const { from, to } = input.range;
  return {
    fileName: `yayoi_${from}_${to}.csv`,
    contentType: 'text/csv; charset=Shift_JIS',
    bytes: encodeCp932(csvLines(rows)),
    rows: rows.length,
    skipped,
    warnings,
  };
}
