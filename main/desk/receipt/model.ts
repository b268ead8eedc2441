/**
 * A receipt (適格簡易請求書) or refund slip as a short list of typed blocks, built once from the
 * entry, the business's settings and the store: what it says, in which language, in what order.
 * The HTML page (receipt-page.ts: the OS printer, the preview, the browser's print) and the PDF
 * (receipt-pdf.ts, drawn by pdfkit without a browser) are two drawings of the same model. The
 * business's invoice details come from set-up; without a registration number the receipt claims
 * no invoice status (decision Q4).
 *
 * Over 300 lines: the one receipt model every drawing reads (page, PDF, thermal); its blocks are
 * kept together so a word or line changes in one place for all three.
 */
import type { PrintLocale } from '../../common/words';
import * as moneyWords from '../../common/words/money';
import * as receiptWords from '../../common/words/receipt';
import {
  methodSpec,
  REDUCED_RATE,
  type JournalEntryView,
  type MoneySettings,
  type ReceiptLayout,
  type TenderLine,
} from '../../ipc/contract';
import { ratesOf } from '../items/rates';
import { goodsRows } from '../items/receipt-lines';
import { discountReasonText, itemLineId } from '../../common';
import { lineIdOf } from '../sales/discounts';
import type { ReceiptRow, RowStyle } from './rows';
import { stampNeed } from './stamp';

export type { ReceiptRow, RowStyle } from './rows';

/** A language's words of a receipt: its own, and money's as paper says them. */
type Words = (typeof receiptWords)['ja'] & {
  tendered: (typeof moneyWords)['ja']['methodsOnReceipt'];
  refundReason: (typeof moneyWords)['ja']['refundReasonsOnSlip'];
};

const wordsOf = (locale: PrintLocale): Words => ({
  ...receiptWords[locale],
  tendered: moneyWords[locale].methodsOnReceipt,
  refundReason: moneyWords[locale].refundReasonsOnSlip,
});

export interface ReceiptInput {
  /** The sale, or the refund (then `sale` is the sale it pays back, when known). */
  entry: JournalEntryView;
  sale: JournalEntryView | null;
  settings: MoneySettings;
  storeName: string;
  timeZone: string;
  currency: string;
  layout: ReceiptLayout;
  locale: PrintLocale;
  reissue: boolean;
  ryoshusho: { addressee: string; purpose: string } | null;
  training: boolean;
  /** When this copy is printed (epoch ms). */
  now: number;
}

export type ReceiptBlock =
  | { kind: 'title'; text: string }
  /** 再発行 or training: boxed, centred. */
  | { kind: 'notice'; text: string }
  /** 領収書's 宛名, large and underlined. */
  | { kind: 'addressee'; text: string }
  /** The business (larger) and the lines under it: store, registration number, address, phone. */
  | { kind: 'issuer'; business: string; lines: string[] }
  | { kind: 'rows'; role: 'meta' | 'lines'; rows: ReceiptRow[] }
  /** 領収書's 但し書き. */
  | { kind: 'purpose'; text: string }
  /** The box a revenue stamp (収入印紙) goes in, with its caption (Q13). */
  | { kind: 'stamp'; caption: string }
  /** The reservation number as a QR code: its modules (true: dark), row by row. */
  | { kind: 'code'; text: string; modules: boolean[][]; caption: string[] };

export interface ReceiptModel {
  layout: ReceiptLayout;
  locale: PrintLocale;
  /** The document's title (the page's <title>, the PDF's Title). */
  title: string;
  blocks: ReceiptBlock[];
  /** The revenue stamp this 領収書 needs (yen; 0: none), for the screen to say (Q13). */
  stampDuty: number;
}

function money(amount: number, currency: string, locale: PrintLocale): string {
  return new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency,
  }).format(amount);
}

function stamp(ms: number, timeZone: string, locale: PrintLocale): string {
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
}

const pair = (left: string, right: string, style: RowStyle = 'normal'): ReceiptRow => ({
  kind: 'pair',
  left,
  right,
  style,
});

function tenderRows(lines: TenderLine[], L: Words, fmt: (n: number) => string) {
  return lines.flatMap((t) => {
    const name = [L.tendered[t.method], t.brand].filter(Boolean).join(' ');
    const out = [pair(name, fmt(t.amount))];
    if (t.received !== null && t.received > t.amount)
      out.push(pair(L.received, fmt(t.received), 'sub'));
    // A slip number is marked as one; a note prints as staff wrote it.
    if (t.reference)
      out.push(
        pair(
          '',
          methodSpec(t.method).reference === 'slip' ? `#${t.reference}` : t.reference,
          'sub',
        ),
      );
    return out;
  });
}

/**
 * The number a scanner reads back, or null while the walk-in is not booked yet. A booking paid
 * on site whose service shows no number (the spec shows none) is found by its id (decision 3).
 */
function numberOf(input: ReceiptInput): string | null {
  const money = input.sale ?? input.entry;
  return (
    input.entry.reservationNumber ??
    input.sale?.reservationNumber ??
    (money.kind === 'collection' ? money.reservationId : null)
  );
}

/** The code's modules (`get` takes row, column): medium error correction survives a smudged thermal print (decision Q6). */
export async function qrModules(text: string): Promise<boolean[][]> {
  // Loaded at the first receipt, not with the app: nothing of it is on the start-up path (G11).
  const { default: QRCode } = await import('qrcode');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, y) =>
    Array.from({ length: modules.size }, (_, x) => modules.get(y, x) === 1),
  );
}

/** Money's tax by rate, as its tax lines print it: its tickets and counter items (issue 30). */
function taxesOf(input: ReceiptInput, money: JournalEntryView) {
  const discount = money.discounts.reduce((a, d) => a + d.amount, 0);
  return ratesOf(
    {
      kind: money.kind,
      total: money.amount,
      items: money.items,
      goods: money.goods,
      discount,
      counterDiscounts: money.counterDiscounts,
    },
    input.settings.defaultTaxRate,
  );
}

/** A counter discount's own line: its reason as the record kept it, and its percent if one. */
function counterDiscountRow(
  d: NonNullable<JournalEntryView['counterDiscounts']>[number],
  input: ReceiptInput,
  L: Words,
  fmt: (n: number) => string,
): ReceiptRow {
  const label = L.discountFor(discountReasonText(d.reason, input.locale));
  return pair(d.kind === 'percent' ? `${label} ${d.value}%` : label, `-${fmt(d.amount)}`);
}

/** A tax line per rate; the reduced rate's marked ※ as its items are (issue 30). */
function taxRows(
  input: ReceiptInput,
  money: JournalEntryView,
  L: Words,
  fmt: (n: number) => string,
) {
  return taxesOf(input, money).map((t): ReceiptRow => ({
    kind: 'text',
    text: `${t.rate === REDUCED_RATE ? L.reducedMark : ''}${L.taxLine(t.rate, fmt(t.amount), fmt(t.tax))}`,
    style: 'sub',
  }));
}

function saleRows(
  input: ReceiptInput,
  sale: JournalEntryView,
  L: Words,
  fmt: (n: number) => string,
) {
  const rows: ReceiptRow[] = [];
  rows.push(pair(L.total, fmt(sale.amount), 'total'));
  rows.push(...taxRows(input, sale, L, fmt));
  rows.push(...tenderRows(sale.tender, L, fmt));
  if (sale.change > 0) rows.push(pair(L.change, fmt(sale.change), 'total'));
  if (sale.priceConfirmed === false)
    rows.push({ kind: 'text', text: L.priceNotConfirmed, style: 'sub' });
  return rows;
}

/**
 * A collection of a booking paid on site (issue 27): what the booking owes, what was paid and
 * discounted before and now, the tax of what is paid now (at the booking's rate), the tender,
 * and what is still to pay.
 */
function collectionRows(
  input: ReceiptInput,
  entry: JournalEntryView,
  L: Words,
  fmt: (n: number) => string,
) {
  const c = entry.collection;
  const rows: ReceiptRow[] = [];
  if (c?.due != null) rows.push(pair(L.bookingAmount, fmt(c.due)));
  if (c && c.before > 0) rows.push(pair(L.paidBefore, `-${fmt(c.before)}`));
  if (c?.discount)
    rows.push(
      pair(
        L.discountFor(discountReasonText({ ...c.discount, id: c.discount.reason }, input.locale)),
        `-${fmt(c.discount.amount)}`,
      ),
    );
  rows.push(pair(L.paidNow, fmt(entry.amount), 'total'));
  rows.push(...taxRows(input, entry, L, fmt));
  rows.push(...tenderRows(entry.tender, L, fmt));
  if (entry.change > 0) rows.push(pair(L.change, fmt(entry.change), 'total'));
  if (c?.stillOwed) rows.push(pair(L.stillOwed, fmt(c.stillOwed), 'total'));
  return rows;
}

function refundRows(entry: JournalEntryView, L: Words, fmt: (n: number) => string) {
  const rows: ReceiptRow[] = [];
  const reason = entry.refundReason ? L.refundReason[entry.refundReason] : L.refundReason.other;
  rows.push({ kind: 'text', text: reason, style: 'normal' });
  if (entry.customerName) rows.push(pair('', L.addressee(entry.customerName), 'sub'));
  rows.push(pair(L.refunded, fmt(-entry.amount), 'total'));
  rows.push(...tenderRows(entry.tender, L, fmt));
  if (entry.note) rows.push({ kind: 'text', text: entry.note, style: 'sub' });
  return rows;
}

export async function receiptModel(input: ReceiptInput): Promise<ReceiptModel> {
  const { entry, settings, locale } = input;
  const L = wordsOf(locale);
  const fmt = (n: number) => money(n, input.currency, locale);
  const refund = entry.kind === 'refund';
  const sale = refund ? input.sale : entry;
  const title = refund ? L.refundSlip : input.ryoshusho ? L.ryoshusho : L.receipt;
  const number = numberOf(input);
  const blocks: ReceiptBlock[] = [{ kind: 'title', text: title }];

  if (input.reissue) blocks.push({ kind: 'notice', text: L.reissue });
  if (input.training) blocks.push({ kind: 'notice', text: L.training });
  if (input.ryoshusho && !refund)
    blocks.push({ kind: 'addressee', text: L.addressee(input.ryoshusho.addressee) });

  // Who issues it: the business (and its registration number: a qualified invoice) and store.
  const issuer: string[] = [];
  if (settings.businessName && settings.businessName !== input.storeName)
    issuer.push(input.storeName);
  if (settings.registrationNumber) issuer.push(`${L.registration}: ${settings.registrationNumber}`);
  if (settings.address) issuer.push(settings.address);
  if (settings.phone) issuer.push(`TEL ${settings.phone}`);
  blocks.push({
    kind: 'issuer',
    business: settings.businessName || input.storeName,
    lines: issuer,
  });

  const meta = [
    pair(L.soldAt, stamp(entry.at, input.timeZone, locale)),
    pair(L.counter, entry.counterName),
  ];
  // Who took the money (or paid it back): レジ担当 (issue 29).
  if (entry.staff) meta.push(pair(L.staff, entry.staff.name));
  if (input.reissue) meta.push(pair(L.reissue, stamp(input.now, input.timeZone, locale), 'sub'));
  meta.push(
    pair(
      number ? L.reservationNumber : sale?.kind === 'goods' ? L.entryNumber : L.numberPending,
      number ?? (sale?.walkInEntryId ?? entry.id).slice(0, 8).toUpperCase(),
    ),
  );
  blocks.push({ kind: 'rows', role: 'meta', rows: meta });

  const lines: ReceiptRow[] = [];
  const collection = !refund && entry.kind === 'collection';
  const counterDiscounts = collection ? [] : (sale?.counterDiscounts ?? []);
  for (const item of collection ? [] : (sale?.items ?? [])) {
    const what = item.ticket === 'adult' ? L.adult : item.ticket === 'child' ? L.child : L.party;
    const rate = item.taxRate !== settings.defaultTaxRate ? ` (${item.taxRate}%)` : '';
    lines.push(
      {
        kind: 'product',
        name: item.productName,
        detail: `${L.experience} ${item.date} ${item.startTime}`,
      },
      pair(
        item.ticket === 'party' ? what : `${what} ${fmt(item.unitPrice)} × ${item.quantity}${rate}`,
        fmt(item.unitPrice * item.quantity),
      ),
    );
    // The counter's discount of this line, under it.
    for (const d of counterDiscounts.filter((c) => c.line === lineIdOf(item)))
      lines.push(counterDiscountRow(d, input, L, fmt));
  }
  for (const item of collection ? entry.items : [])
    lines.push({
      kind: 'product',
      name: item.productName,
      detail: `${L.experience} ${item.date} ${item.startTime}`,
    });
  // Counter items (issue 30): sold alone, with a walk-in or with a collection.
  if (!refund)
    lines.push(
      ...goodsRows(sale?.goods ?? [], locale, L, fmt, (line) =>
        counterDiscounts
          .filter((c) => c.line === itemLineId(line))
          .map((d) => counterDiscountRow(d, input, L, fmt)),
      ),
    );
  for (const d of sale?.discounts ?? [])
    lines.push(pair(`${L.discount} ${d.label}`, `-${fmt(d.amount)}`));
  for (const d of counterDiscounts.filter((c) => c.line === null))
    lines.push(counterDiscountRow(d, input, L, fmt));
  lines.push(
    ...(collection
      ? collectionRows(input, entry, L, fmt)
      : !refund && sale
        ? saleRows(input, sale, L, fmt)
        : refundRows(entry, L, fmt)),
  );
  // A 領収書, and a レシート (Q13 amended), is a receipt of money under the stamp duty act (Q13): a
  // stamp, or why none.
  const duty = !refund && sale ? stampOf(input, sale) : null;
  if (duty?.exemptLine) lines.push({ kind: 'text', text: L.stampExempt, style: 'sub' });
  blocks.push({ kind: 'rows', role: 'lines', rows: lines });

  if (input.ryoshusho && !refund && input.ryoshusho.purpose)
    blocks.push({ kind: 'purpose', text: L.purpose(input.ryoshusho.purpose) });
  if (duty?.duty) blocks.push({ kind: 'stamp', caption: L.stampBox });
  if (number)
    blocks.push({
      kind: 'code',
      text: number,
      modules: await qrModules(number),
      caption: [number, L.scanHint],
    });

  return { layout: input.layout, locale, title, blocks, stampDuty: duty?.duty ?? 0 };
}

/** What a 領収書 of `money` (a sale or a collection) needs: the tax it shows is taken out first. */
function stampOf(input: ReceiptInput, money: JournalEntryView) {
  const tax = taxesOf(input, money).reduce((sum, t) => sum + t.tax, 0);
  return stampNeed(money.tender, money.amount, tax);
}

/** The quiet zone around the code, in modules: the standard's four. */
export const QUIET_ZONE = 4;

/**
 * The code's dark modules as horizontal runs, in modules from the top left of the code with its
 * quiet zone: both drawings fill these (a rectangle per run, not per module: fewer, no seams).
 */
export function qrRuns(modules: boolean[][]): { x: number; y: number; length: number }[] {
  const runs: { x: number; y: number; length: number }[] = [];
  modules.forEach((row, y) => {
    let start = -1;
    row.forEach((dark, x) => {
      if (dark && start < 0) start = x;
      if (start >= 0 && (!dark || x === row.length - 1)) {
        const end = dark ? x + 1 : x;
        runs.push({ x: start + QUIET_ZONE, y: y + QUIET_ZONE, length: end - start });
        start = -1;
      }
    });
  });
  return runs;
}
