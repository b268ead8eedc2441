/**
 * freee会計's two imports (decision AB64), both UTF-8 with a byte-order mark through the one CSV
 * writer (main/common/csv.ts), a header row first, from the same entries as 弥生's (entries.ts):
 *
 * - 振替伝票 (仕訳インポート, https://support.freee.co.jp/hc/ja/articles/204847430): every entry,
 *   a debit and a credit column each; the lines of one entry share 日付 and 伝票番号, which is
 *   how freee joins lines into one multi-line 振替伝票. freee asks at upload which column is
 *   which, so the headers are freee's own item names. The brand (補助科目 elsewhere) is the
 *   取引先: freee has no 補助科目.
 * - 取引 (取引・口座振替のインポート, https://support.freee.co.jp/hc/ja/articles/202847320): the
 *   sample file's 21 columns in its order. One 取引 row is one account at one tax category with
 *   one settlement, so a record becomes one row per sales rate when it was paid one way: cash is
 *   settled the same day in the 口座 named like the cash account (現金); another method is left
 *   未決済 with the brand as 取引先 (freee books it to 売掛金 until settled). What one 取引 row
 *   cannot say is skipped and points at the 振替伝票 file: a payment split across methods, a
 *   correction that moves money between methods, income and expense in one record, and a cash
 *   move (a 口座振替 in freee).
 *   A close's short or over is a 支出 (雑損失) or 収入 (雑収入) settled in 現金.
 */
import { csvFile, type CsvCell } from '../../../main/common/csv';
import { bookEntries, type Entry, type Leg } from './entries';
import type { ExportFile, ExportInput, Skipped } from './input';

/** freee's 税区分 of a line. */
export function freeeTaxCategory(rate: Leg['rate']): string {
  if (rate === 10) return '課税売上10%';
  if (rate === 8) return '課税売上8%（軽）';
  return '対象外';
}

const date = (businessDate: string): string => businessDate.replaceAll('-', '/');
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const CSV_UTF8 = 'text/csv; charset=utf-8';

export const FREEE_JOURNAL_HEADER = [
  '日付',
  '伝票番号',
  '決算整理仕訳',
  '借方勘定科目',
  '借方取引先',
  '借方税区分',
  '借方金額',
  '借方税額',
  '貸方勘定科目',
  '貸方取引先',
  '貸方税区分',
  '貸方金額',
  '貸方税額',
  '摘要',
] as const;

/** freee's 振替伝票 import of `input`'s records: every entry, numbered 1… in the file. */
export function freeeJournalExport(input: ExportInput): ExportFile {
  const { entries, skipped } = bookEntries(input);
  const rows: CsvCell[][] = [];
  const side = (leg: Leg | undefined): CsvCell[] =>
    leg
      ? [leg.account, leg.subAccount, freeeTaxCategory(leg.rate), leg.amount, leg.tax]
      : ['', '', '', '', ''];
  entries.forEach((entry, n) => {
    const lines = Math.max(entry.debit.length, entry.credit.length);
    for (let i = 0; i < lines; i++) {
      rows.push([
        date(entry.businessDate),
        n + 1,
        '',
        ...side(entry.debit[i]),
        ...side(entry.credit[i]),
        `${entry.summary} ${entry.memo}`,
      ]);
    }
  });
  return {
    fileName: `freee_journal_${input.range.from}_${input.range.to}.csv`,
    contentType: CSV_UTF8,
    bytes: utf8(csvFile(FREEE_JOURNAL_HEADER, rows)),
    rows: rows.length,
    skipped,
    warnings: [],
  };
}

/** The 取引 import's columns, as freee's sample file heads them. */
export const FREEE_DEAL_HEADER = [
  '収支区分',
  '管理番号',
  '発生日',
  '決済期日',
  '取引先コード',
  '取引先',
  '勘定科目',
  '税区分',
  '金額',
  '税計算区分',
  '税額',
  '備考',
  '品目',
  '部門',
  'メモタグ（複数指定可、カンマ区切り）',
  'セグメント1',
  'セグメント2',
  'セグメント3',
  '決済日',
  '決済口座',
  '決済金額',
] as const;

interface Deal {
  income: boolean;
  /** The 取引's own line: its account, rate, amount, tax. */
  line: Leg;
  /** Settled the same day in this 口座 (cash), or null: 未決済 with `partner`. */
  settledIn: string | null;
  partner: string;
}

/**
 * The 取引 rows of an entry, or why it has none: one money line (the payment, or 現金 at a
 * close) against lines of one kind (sales, or 雑損失 / 雑収入).
 */
function dealsOf(entry: Entry, cash: string): Deal[] | string {
  const money = [...entry.debit, ...entry.credit].filter(
    (l) => l.role === 'payment' || (l.role === 'over_short' && l.account === cash),
  );
  const others = [...entry.debit, ...entry.credit].filter((l) => !money.includes(l));
  if (entry.kind === 'cash') return '口座振替';
  if (money.length !== 1) return money.length ? '複数の決済方法' : '決済なし';
  const payment = money[0]!;
  const income = entry.debit.includes(payment);
  // Every other line on the other side: a 取引 is income or expense, not both.
  if (!others.every((l) => (income ? entry.credit : entry.debit).includes(l))) {
    return '収入と支出の混在';
  }
  const settledIn = payment.account === cash ? cash : null;
  return others.map((line) => ({ income, line, settledIn, partner: payment.subAccount }));
}

/**
 * freee's 取引 import of `input`'s records; what a 取引 cannot hold is skipped, with why (after
 * what no format books).
 */
export function freeeDealsExport(input: ExportInput): ExportFile {
  const booked = bookEntries(input);
  const skipped: Skipped[] = [...booked.skipped];
  const rows: CsvCell[][] = [];
  const cash = booked.accounts.cash;
  for (const entry of booked.entries) {
    const deals = dealsOf(entry, cash);
    if (typeof deals === 'string') {
      skipped.push({
        recordId: entry.recordId,
        counterName: entry.counterName,
        businessDate: entry.businessDate,
        kind: entry.kind,
        amount: entry.amount,
        reason: 'not_in_format',
        detail: `${deals}: 振替伝票のファイルにあります`,
      });
      continue;
    }
    const day = date(entry.businessDate);
    for (const d of deals) {
      rows.push([
        d.income ? '収入' : '支出',
        entry.recordId, // 管理番号: the record, found again at the office
        day,
        '', // 決済期日
        '', // 取引先コード
        d.partner,
        d.line.account,
        freeeTaxCategory(d.line.rate),
        d.line.amount,
        '内税', // 税計算区分: the amount includes its tax
        d.line.tax,
        entry.summary, // 備考
        '',
        '',
        '',
        '',
        '',
        '',
        d.settledIn ? day : '',
        d.settledIn ?? '',
        d.settledIn ? d.line.amount : '',
      ]);
    }
  }
  return {
    fileName: `freee_deals_${input.range.from}_${input.range.to}.csv`,
    contentType: CSV_UTF8,
    bytes: utf8(csvFile(FREEE_DEAL_HEADER, rows)),
    rows: rows.length,
    skipped,
    warnings: [],
  };
}
