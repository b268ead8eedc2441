/**
 * The journal of a date range as CSV for accounting (decision Z6), its rows filled here from the
 * counter's records in the format's one home (main/common/journal-csv-format.ts, which the head
 * office fills from the facts: AB65), written by the one CSV writer
 * (main/common/csv.ts: UTF-8 with a BOM, CRLF, RFC 4180 quoting, formulas defused): the header in
 * the chosen language (main/common/words: journal.ts, money.ts), one row per sale, collection of a
 * booking paid on site, refund, correction, cash in/out/changed (Y11) and close (receipts printed are not money and are left
 * out), an unreadable record as a row saying so. Amounts are plain signed integers, with a column
 * per payment method of the table, in its order. No customer names: the reservation number finds
 * the guest; staff are named as they are shown (issue 29: who took it, who approved it); the file
 * name holds only the dates.
 */
import { DateTime } from 'luxon';
import {
  JOURNAL_TIME_FORMAT,
  journalCsvText,
  journalFileName,
  type JournalRow,
} from '../../common/journal-csv-format';
import * as journalWords from '../../common/words/journal';
import * as moneyWords from '../../common/words/money';
import { methodSpec, TenderMethod, type UiLocale } from '../../ipc/contract';
import {
  amountOf,
  type JournalDay,
  type JournalRecord,
  type MoneyTaken,
  type SaleRecord,
  type UnreadableRecord,
} from '../../local/index';
import { REDUCED_RATE } from '../../common';
import { recordRates } from '../items/rates';
import { countingDays } from './day-records';
import { discountNote } from './discounts-given';

/** What each method moved, signed. */
function byTender(lines: readonly { method: TenderMethod; amount: number }[], sign: number) {
  const moved: Partial<Record<TenderMethod, number>> = {};
  for (const l of lines) moved[l.method] = (moved[l.method] ?? 0) + sign * l.amount;
  return moved;
}

/** A sale's reservation number: known once its walk-in is booked, after the sale was written. */
export type NumberOfSale = (sale: SaleRecord) => string | null;

/**
 * Money taken's counter items and its amounts by rate (issue 30): the lines as sold, the reduced
 * ones marked ※, and what was taken at the standard and the reduced rate.
 */
function goodsCells(r: MoneyTaken, locale: UiLocale, fallbackRate: number): JournalRow {
  const goods = r.goods ?? [];
  const rates = recordRates(r, fallbackRate);
  const at = (reduced: boolean) =>
    rates.filter((t) => (t.rate === REDUCED_RATE) === reduced).reduce((a, t) => a + t.amount, 0);
  return {
    items: goods.length
      ? goods
          .map((g) => `${g.name[locale]}${g.taxRate === REDUCED_RATE ? '※' : ''} ×${g.quantity}`)
          .join(' / ')
      : null,
    standardRate: at(false),
    reducedRate: at(true),
  };
}

function recordRow(
  r: JournalRecord,
  locale: UiLocale,
  timeZone: string,
  numberOf: NumberOfSale,
  dayOf: (r: JournalRecord) => string,
  fallbackRate: number,
): JournalRow | null {
  // A receipt printed, the drawer opened: not money (the drawer's opens are the journal's, M11).
  if (r.kind === 'receipt' || r.kind === 'drawer') return null;
  const words = moneyWords[locale];
  const head: JournalRow = {
    businessDate: dayOf(r),
    time: DateTime.fromMillis(r.at, { zone: timeZone }).toFormat(JOURNAL_TIME_FORMAT),
    counter: r.counterName,
    // Who was signed in, and whose PIN approved it (issue 29): display names, never a guest's.
    staff: r.staff?.name ?? null,
    approvedBy: r.approvedBy?.name ?? null,
    kind: words.entryKinds[r.kind],
    entryId: r.id,
  };
  switch (r.kind) {
    case 'sale':
      return {
        ...head,
        reservationNumber: numberOf(r),
        amount: amountOf(r),
        tender: byTender(r.tender, 1),
        change: r.change,
        products: [...new Set(r.items.map((i) => i.productName))].join(' / '),
        ...goodsCells(r, locale, fallbackRate),
        // Discounts given at the counter (issue 30), with why: the note, as a collection's.
        note: discountNote(r, locale),
      };
    case 'goods':
      return {
        ...head,
        amount: amountOf(r),
        tender: byTender(r.tender, 1),
        change: r.change,
        ...goodsCells(r, locale, fallbackRate),
        // Items sold alone with counter discounts (I15): said as a sale's.
        note: discountNote(r, locale),
      };
    case 'collection':
      // A booking paid on site: its discount given at the counter, with why, is the note.
      return {
        ...head,
        reservationNumber: r.reservationNumber,
        amount: amountOf(r),
        tender: byTender(r.tender, 1),
        change: r.change,
        products: [...new Set(r.items.map((i) => i.productName))].join(' / '),
        ...goodsCells(r, locale, fallbackRate),
        note: discountNote(r, locale),
      };
    case 'refund':
      return {
        ...head,
        refersTo: r.refersTo,
        amount: amountOf(r),
        tender: byTender(r.tender, -1),
        refundReason: words.refundReasons[r.reason],
        note: r.note,
      };
    case 'correction':
      return {
        ...head,
        refersTo: r.refersTo,
        amount: amountOf(r),
        tender: byTender(r.tender, 1),
        note: r.note,
      };
    case 'cash': {
      // Cash in or out of the drawer (Y11): signed as it moves the drawer, in the drawer's
      // column; an exchange moves nothing (0), the amount changed said with its reason.
      const effect = amountOf(r);
      const drawer = TenderMethod.options.filter((m) => methodSpec(m).drawer);
      const reason =
        r.direction === 'exchange'
          ? `${words.cashReasons[r.reason]} (${r.amount})`
          : words.cashReasons[r.reason];
      return {
        ...head,
        kind: words.cashDirections[r.direction],
        amount: effect,
        tender: Object.fromEntries(drawer.map((m) => [m, effect])),
        note: [reason, r.note].filter(Boolean).join(': '),
      };
    }
    default: {
      // The close: the cash counted (in the drawer's column), over/short and its note.
      const drawer = TenderMethod.options.filter((m) => methodSpec(m).drawer);
      return {
        ...head,
        amount: r.countedCash,
        tender: Object.fromEntries(drawer.map((m) => [m, r.countedCash])),
        overShort: r.overShort,
        note: r.note,
      };
    }
  }
}

function unreadableRow(u: UnreadableRecord, locale: UiLocale): JournalRow {
  return {
    businessDate: u.businessDate,
    kind: moneyWords[locale].entryKinds.unreadable,
    entryId: u.id,
    problem: journalWords[locale].problems[u.problem],
  };
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
  /** The store's default rate: a sale's whole total is taxed at it when its lines do not add up. */
  fallbackRate = 10,
): JournalCsv {
  const rows: JournalRow[] = [];
  // The day a record counts on (Z2): a late correction an older version dated a closed day.
  const dayOf = countingDays(day.records, timeZone);
  for (const r of day.records) {
    const row = recordRow(r, locale, timeZone, numberOf, dayOf, fallbackRate);
    if (row) rows.push(row);
  }
  const unreadable = [...day.unreadable].sort((a, b) =>
    (a.businessDate ?? '') < (b.businessDate ?? '') ? -1 : 1,
  );
  for (const u of unreadable) rows.push(unreadableRow(u, locale));
  return {
    fileName: journalFileName(range),
    csv: journalCsvText(locale, rows),
    rows: rows.length,
  };
}
