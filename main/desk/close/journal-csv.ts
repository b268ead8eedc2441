/**
 * The journal of a date range as CSV for accounting (decision Z6): UTF-8 with a BOM (Excel opens
 * it as UTF-8), CRLF line ends, RFC 4180 quoting, the header in the chosen language, one row per
 * sale, refund, correction and close (receipts printed are not money and are left out), an
 * unreadable record as a row saying so. Amounts are plain signed integers. No customer names: the
 * reservation number finds the guest; the file name holds only the dates.
 */
import { DateTime } from 'luxon';
import type { UiLocale } from '../../ipc/contract';
import type { JournalDay } from '../../local/index';
import type { JournalRecord, SaleRecord, UnreadableRecord } from '../../local/index';

const BOM = '\uFEFF';
const CRLF = '\r\n';

const HEADERS = {
  ja: [
    '営業日',
    '日時',
    'レジ',
    '種別',
    '記録ID',
    '対象記録ID',
    '予約番号',
    '金額',
    '現金',
    'カード',
    'QR・電子マネー',
    'その他',
    'お釣り',
    '過不足',
    '商品',
    '返金理由',
    'メモ',
    '問題',
  ],
  en: [
    'Business date',
    'Time',
    'Counter',
    'Kind',
    'Entry ID',
    'Refers to',
    'Reservation number',
    'Amount',
    'Cash',
    'Card',
    'QR / e-money',
    'Other',
    'Change',
    'Over/short',
    'Products',
    'Refund reason',
    'Note',
    'Problem',
  ],
} as const;

const KINDS = {
  ja: {
    sale: '売上',
    refund: '返金',
    correction: '訂正',
    close: 'レジ締め',
    unreadable: '読めない記録',
  },
  en: {
    sale: 'Sale',
    refund: 'Refund',
    correction: 'Correction',
    close: 'Close',
    unreadable: 'Unreadable entry',
  },
} as const;

const PROBLEMS = {
  ja: {
    corrupt: '記録が壊れています。他の記録は有効です。元の控えから訂正を記録してください。',
    sealed_elsewhere:
      '別の鍵で保護された記録で、このPCでは開けません。記録したレジで確認してください。',
    unknown_kind: '新しい版のアプリの記録です。アプリを更新してから書き出してください。',
  },
  en: {
    corrupt: 'This entry is damaged; the others stand. Record a correction from the paper copy.',
    sealed_elsewhere:
      'Sealed with another key: it cannot be opened on this PC. Check it at the counter that made it.',
    unknown_kind: 'Written by a newer version of the app: update the app, then export again.',
  },
} as const;

const TENDERS = ['cash', 'card', 'qr', 'other'] as const;

/** A cell a spreadsheet would run as a formula starts with one of these: it is prefixed with '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a number as a plain integer; text defused and quoted when it must be (RFC 4180). */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Cell = string | number | null;

function byTender(lines: readonly { method: string; amount: number }[], sign: number): Cell[] {
  return TENDERS.map((m) => {
    const of = lines.filter((l) => l.method === m);
    return of.length ? sign * of.reduce((sum, l) => sum + l.amount, 0) : null;
  });
}

/** A sale's reservation number: known once its walk-in is booked, after the sale was written. */
export type NumberOfSale = (sale: SaleRecord) => string | null;

function recordRow(
  r: JournalRecord,
  locale: UiLocale,
  timeZone: string,
  numberOf: NumberOfSale,
): Cell[] | null {
  if (r.kind === 'receipt') return null; // a receipt printed: not money
  const time = DateTime.fromMillis(r.at, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm:ss');
  const head: Cell[] = [r.businessDate, time, r.counterName, KINDS[locale][r.kind], r.id];
  switch (r.kind) {
    case 'sale': {
      const products = [...new Set(r.items.map((i) => i.productName))].join(' / ');
      return [
        ...head,
        null,
        numberOf(r),
        r.total,
        ...byTender(r.tender, 1),
        r.change,
        null,
        products,
        null,
        null,
        null,
      ];
    }
    case 'refund':
      return [
        ...head,
        r.refersTo,
        null,
        -r.amount,
        ...byTender(r.tender, -1),
        null,
        null,
        null,
        r.reason,
        r.note,
        null,
      ];
    case 'correction':
      return [
        ...head,
        r.refersTo,
        null,
        r.amount,
        ...byTender(r.tender, 1),
        null,
        null,
        null,
        null,
        r.note,
        null,
      ];
    default: // the close: the cash counted, over/short and its note
      return [
        ...head,
        null,
        null,
        r.countedCash,
        r.countedCash,
        null,
        null,
        null,
        null,
        r.overShort,
        null,
        null,
        r.note,
        null,
      ];
  }
}

function unreadableRow(u: UnreadableRecord, locale: UiLocale): Cell[] {
  const row: Cell[] = new Array<Cell>(HEADERS.en.length).fill(null);
  row[0] = u.businessDate;
  row[3] = KINDS[locale].unreadable;
  row[4] = u.id;
  row[row.length - 1] = PROBLEMS[locale][u.problem];
  return row;
}

export interface JournalCsv {
  fileName: string;
  csv: string;
  rows: number;
}

export function journalCsv(
  day: JournalDay,
  range: { from: string; to: string },
  locale: UiLocale,
  timeZone: string,
  numberOf: NumberOfSale = (sale) => sale.reservationNumber,
): JournalCsv {
  const rows: Cell[][] = [];
  for (const r of day.records) {
    const row = recordRow(r, locale, timeZone, numberOf);
    if (row) rows.push(row);
  }
  const unreadable = [...day.unreadable].sort((a, b) =>
    (a.businessDate ?? '') < (b.businessDate ?? '') ? -1 : 1,
  );
  for (const u of unreadable) rows.push(unreadableRow(u, locale));
  const lines = [HEADERS[locale] as readonly Cell[], ...rows].map((row) =>
    row.map(csvCell).join(','),
  );
  return {
    fileName: `journal_${range.from}_${range.to}.csv`,
    csv: BOM + lines.join(CRLF) + CRLF,
    rows: rows.length,
  };
}
