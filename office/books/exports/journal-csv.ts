/**
 * The journal CSV as the counter writes it (main/desk/close/journal-csv.ts), made at the office
 * from the facts each counter sent: the same columns, header words and bytes (the format's one
 * home is main/common/journal-csv-format.ts; UTF-8 with a BOM, CRLF). One row per record in the
 * order given, receipts and drawer opens left out as the counter leaves them out.
 *
 * What stays in the sealed body and so is empty here (decision AB65): the change given, the
 * refund's reason and staff's notes; a discount is its yen (値引 -280), not its reasons; an item
 * sold at the reduced rate is not marked ※ (the facts' lines carry no rate; the 8 % column says
 * what was sold at it). A record the counter could not read is a row saying so, where it came; a
 * record of an older counter (no facts) a row with what the office knows and why the rest is
 * missing; a kind this office does not know a row under its own name.
 */
import { DateTime } from 'luxon';
import {
  JOURNAL_TIME_FORMAT,
  journalCsvText,
  journalFileName,
  type JournalRow,
} from '../../../main/common/journal-csv-format';
import { REDUCED_RATE } from '../../../main/common/money/counter-item';
import { PAYMENT_METHODS } from '../../../main/common/money/payment-methods';
import { TenderMethod } from '../../../main/common/money/tender';
import type { PrintLocale } from '../../../main/common/words/locale';
import * as journalWords from '../../../main/common/words/journal';
import * as moneyWords from '../../../main/common/words/money';
import type { BookFacts } from '../../protocol/books';
import { ExportInput, type ExportFile, type ExportRecord } from './input';
import { own } from './own';

const NOT_MONEY = new Set(['receipt', 'drawer']);
const SALE_LIKE = new Set(['sale', 'collection', 'goods']);
const BOOKED = new Set(['sale', 'collection']);
const ABOUT_ANOTHER = new Set(['refund', 'correction']);
const KNOWN = new Set([...SALE_LIKE, ...ABOUT_ANOTHER, 'cash', 'close']);

const drawerMethods = TenderMethod.options.filter((m) => PAYMENT_METHODS[m].drawer);
const isTenderMethod = (method: string): method is TenderMethod =>
  (TenderMethod.options as readonly string[]).includes(method);

/** What each of the table's methods moved, and any other method said in words. */
function tenderOf(facts: BookFacts): Pick<JournalRow, 'tender'> & { others: string[] } {
  const tender: Partial<Record<TenderMethod, number>> = {};
  const others: string[] = [];
  for (const p of facts.payments) {
    if (isTenderMethod(p.method)) tender[p.method] = (tender[p.method] ?? 0) + p.amount;
    else others.push(`${p.method}${p.brand ? `:${p.brand}` : ''} ${p.amount}`);
  }
  return { tender, others };
}

const unique = (names: string[]): string | null =>
  names.length ? [...new Set(names)].join(' / ') : null;

/** A sale's, a collection's or goods' own cells: what was sold, its amounts by rate, discounts. */
function saleCells(kind: string, facts: BookFacts, locale: PrintLocale): JournalRow {
  const lines = (k: 'booking' | 'item') => facts.lines.filter((l) => l.kind === k);
  const at = (reduced: boolean) =>
    facts.taxes
      .filter((t) => (t.rate === REDUCED_RATE) === reduced)
      .reduce((a, t) => a + t.gross, 0);
  return {
    products: kind === 'goods' ? null : unique(lines('booking').map((l) => l.name)),
    items: lines('item').length
      ? lines('item')
          .map((l) => `${l.name} ×${l.quantity}`)
          .join(' / ')
      : null,
    standardRate: at(false),
    reducedRate: at(true),
    note: facts.discount ? `${journalWords[locale].discount} -${facts.discount}` : null,
  };
}

function recordRow(record: ExportRecord, locale: PrintLocale, timeZone: string): JournalRow {
  const words = moneyWords[locale];
  const head: JournalRow = {
    businessDate: record.businessDate,
    time: DateTime.fromMillis(record.at, { zone: timeZone }).toFormat(JOURNAL_TIME_FORMAT),
    counter: record.counterName,
    kind: own<string>(words.entryKinds, record.kind) ?? record.kind,
    entryId: record.id,
    amount: record.amount,
  };
  const facts = record.facts;
  if (!facts) return { ...head, problem: journalWords[locale].problems.no_facts };
  const { tender, others } = tenderOf(facts);
  const who: JournalRow = {
    staff: facts.staff?.name ?? null,
    approvedBy: facts.approvedBy?.name ?? null,
  };
  const withOthers = (note: string | null | undefined): string | null =>
    [note, ...others].filter(Boolean).join(' / ') || null;

  if (record.kind === 'cash' && facts.cash) {
    const cash = facts.cash;
    const reason = own<string>(words.cashReasons, cash.reason) ?? cash.reason;
    return {
      ...head,
      ...who,
      kind: words.cashDirections[cash.direction],
      tender: Object.fromEntries(drawerMethods.map((m) => [m, record.amount])),
      note: cash.direction === 'exchange' ? `${reason} (${cash.amount})` : reason,
    };
  }
  if (record.kind === 'close' && facts.close) {
    const counted = facts.close.countedCash;
    return {
      ...head,
      ...who,
      amount: counted,
      tender: Object.fromEntries(drawerMethods.map((m) => [m, counted])),
      overShort: facts.close.overShort,
    };
  }
  // As the counter's rows: a sale's and a collection's reservation number, a refund's and a
  // correction's record it is about.
  const sale = SALE_LIKE.has(record.kind) ? saleCells(record.kind, facts, locale) : {};
  // A kind this office does not know: everything the facts say.
  const unknown = !KNOWN.has(record.kind);
  return {
    ...head,
    ...who,
    ...sale,
    refersTo: ABOUT_ANOTHER.has(record.kind) || unknown ? facts.refersTo : null,
    reservationNumber: BOOKED.has(record.kind) || unknown ? facts.reservationNumber : null,
    tender,
    note: withOthers(sale.note as string | null | undefined),
  };
}

/** A record the counter could not read, or the office cannot open: a row that says so. */
const problemRow = (record: ExportRecord, locale: PrintLocale): JournalRow => ({
  businessDate: record.businessDate,
  kind: moneyWords[locale].entryKinds.unreadable,
  entryId: record.id,
  problem: record.problem,
});

/** The journal CSV of `input`'s records, in the counter's format. */
export function journalCsvExport(input: ExportInput, locale: PrintLocale = 'ja'): ExportFile {
  const { records, timeZone, range } = ExportInput.parse(input);
  const rows: JournalRow[] = [];
  for (const record of records) {
    if (NOT_MONEY.has(record.kind)) continue;
    rows.push(
      record.problem !== null ? problemRow(record, locale) : recordRow(record, locale, timeZone),
    );
  }
  return {
    fileName: journalFileName(range),
    contentType: 'text/csv; charset=utf-8',
    bytes: new TextEncoder().encode(journalCsvText(locale, rows)),
    rows: rows.length,
    skipped: [],
    warnings: [],
  };
}
