/**
 * What the office's books need of a record (decision AB50), read the one way the counter reads it:
 * its payments from the tender lines, its tax per rate as the receipt splits it (recordRates, the
 * same rounding), what it sold by product and counter item, its stamps, the booking's number as
 * the counter knows it now, and the guest as the counter's search keys them. The one home of that
 * reading: the sender adds these facts to each record at send time (AB56), so outbox files stay
 * as they were. A receipt's copy needs the receipt model (async): receipt-copy.ts adds it.
 * Just over 300 lines: one reading per journal kind, kept side by side so a kind's facts are
 * compared with the others' in one place.
 */
import {
  NO_FACTS,
  type BookFacts,
  type BookLine,
  type BookTax,
} from '../../../office/protocol/books';
import type { StaffStamp } from '../../common/staff';
import {
  isMoneyTaken,
  type AuditRecord,
  type JournalRecord,
  type MoneyTaken,
  type SaleRecord,
} from '../../local/index';
import { recordRates } from '../items/rates';
import { guestOf, type ReadingsOf } from './guest-keys';
import { taxIncluded } from '../receipt/tax';

type KindOf<K extends JournalRecord['kind']> = Extract<JournalRecord, { kind: K }>;

/** What reading a record needs of the counter beside the record itself. */
export interface FactsContext {
  /** The store's default rate (money settings): the receipt's rate when items do not add up (Q3). */
  fallbackRate: number;
  /** A record of this counter's journal (a refund's sale, a correction's record), or null. */
  recordOf: (id: string) => JournalRecord | null;
  /**
   * A walk-in's booking as the counter knows it now: a queued walk-in's comes from its outbox
   * entry once booked (refunds-owed.ts' bookingOf, what the CSV's NumberOfSale reads); null: none.
   */
  bookingOf: (
    sale: SaleRecord,
  ) => { reservationId: string; reservationNumber: string | null } | null;
  /** The kana readings the counter's search already holds for a booking (guest-keys.ts). */
  readingsOf?: ReadingsOf;
}

/** The facts' bounds (books.ts): a long name is cut, never refused. */
const cut = (text: string, max: number) => text.slice(0, max);
const MAX_LINES = 40;

const person = (stamp: StaffStamp | undefined) =>
  stamp ? { id: cut(stamp.id, 100), name: cut(stamp.name, 100) } : null;

/**
 * `amount` shared over `weights` in proportion, whole yen, the remainder on the largest weight
 * (the first of equals: rates come higher first). Signed as `amount`. Null: no weight to share by.
 */
export function proRata(amount: number, weights: readonly number[]): number[] | null {
  const total = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (total <= 0) return null;
  const sign = amount < 0 ? -1 : 1;
  const whole = Math.abs(amount);
  const shares = weights.map((w) => Math.floor((whole * Math.max(0, w)) / total));
  const largest = weights.reduce((best, w, i) => (w > weights[best]! ? i : best), 0);
  shares[largest]! += whole - shares.reduce((a, b) => a + b, 0);
  return shares.map((s) => sign * s + 0);
}

/** Money taken's tax per rate, exactly as its receipt prints it (recordRates, decision Q2). */
function moneyTaxes(r: MoneyTaken, context: FactsContext): BookTax[] {
  return recordRates(r, context.fallbackRate).map((t) => ({
    rate: t.rate,
    gross: t.amount,
    tax: t.tax,
  }));
}

/**
 * Money paid back or corrected (signed `amount`) split as the money it refers to was (AB58): the
 * refund slip prints no split, so its share of each rate is pro rata of that record's, the
 * remainder on the largest; each rate's tax is what its share contains (the receipt's rounding).
 * Unknown or not money: all at the store's rate.
 */
function sharedTaxes(amount: number, about: MoneyTaken | null, context: FactsContext): BookTax[] {
  const rates = about ? moneyTaxes(about, context) : [];
  const shares = proRata(
    amount,
    rates.map((t) => t.gross),
  );
  if (!shares) {
    const rate = context.fallbackRate;
    const tax = Math.sign(amount) * taxIncluded(Math.abs(amount), rate) + 0;
    return [{ rate, gross: amount, tax }];
  }
  return rates.map((t, i) => ({
    rate: t.rate,
    gross: shares[i]!,
    tax: Math.sign(shares[i]!) * taxIncluded(Math.abs(shares[i]!), t.rate) + 0,
  }));
}

/** Lines added up by product or item, in the order first sold. */
function grouped(lines: BookLine[]): BookLine[] {
  const by = new Map<string, BookLine>();
  for (const l of lines) {
    const key = `${l.kind}:${l.id}`;
    const seen = by.get(key);
    if (seen) {
      seen.quantity += l.quantity;
      seen.amount += l.amount;
    } else by.set(key, { ...l });
  }
  return [...by.values()].slice(0, MAX_LINES);
}

const itemLines = (goods: MoneyTaken['goods']): BookLine[] =>
  (goods ?? []).map((g) => ({
    kind: 'item',
    id: g.itemId,
    name: cut(g.name.ja, 100),
    quantity: g.quantity,
    amount: g.unitPrice * g.quantity,
  }));

/**
 * What money taken sold, as its receipt's lines print them (before the discounts under them,
 * which are `discount`). A collection's booking line is what is paid of it now; its tickets are
 * counted by the booking's first collection only, so a booking paid in parts is not counted twice.
 */
function linesOf(r: MoneyTaken): BookLine[] {
  if (r.kind === 'goods') return grouped(itemLines(r.goods));
  if (r.kind === 'sale')
    return grouped([
      ...r.items.map((i): BookLine => ({
        kind: 'booking',
        id: i.productId,
        name: cut(i.productName, 100),
        quantity: i.quantity,
        amount: i.unitPrice * i.quantity,
      })),
      ...itemLines(r.goods),
    ]);
  const goods = itemLines(r.goods);
  const paid = r.total - goods.reduce((a, g) => a + g.amount, 0);
  const shares = proRata(
    paid,
    r.items.map((i) => i.unitPrice * i.quantity),
  );
  const first = r.before === 0 && r.basis.length === 0;
  const booking = r.items.map((i, n): BookLine => ({
    kind: 'booking',
    id: i.productId,
    name: cut(i.productName, 100),
    quantity: first ? i.quantity : 0,
    amount: shares?.[n] ?? (n === 0 ? paid : 0),
  }));
  return grouped([...(paid > 0 ? booking : []), ...goods]);
}

/** A refund's lines: the sale's, negative; a part refund shares its amount over them (AB58). */
function refundLines(amount: number, sale: MoneyTaken | null): BookLine[] {
  if (!sale) return [];
  const lines = linesOf(sale);
  if (amount === sale.total)
    return lines.map((l) => ({ ...l, quantity: -l.quantity + 0, amount: -l.amount + 0 }));
  const shares = proRata(
    -amount,
    lines.map((l) => l.amount),
  );
  return shares ? lines.map((l, i) => ({ ...l, quantity: 0, amount: shares[i]! })) : [];
}

/** A money record's booking, as the receipt and the CSV name it. */
function bookingOf(r: MoneyTaken, context: FactsContext) {
  if (r.kind === 'goods') return { number: null, reservationId: null, name: null };
  if (r.kind === 'collection')
    return { number: r.reservationNumber, reservationId: r.reservationId, name: r.customerName };
  const booked = context.bookingOf(r);
  return {
    number: booked?.reservationNumber ?? null,
    reservationId: booked?.reservationId || r.reservationId,
    name: r.customerName,
  };
}

const payments = (
  lines: readonly { method: string; brand: string | null; amount: number }[],
  sign: number,
) =>
  lines.slice(0, 4).map((l) => ({
    method: cut(l.method, 20),
    brand: l.brand === null ? null : cut(l.brand, 40),
    amount: sign * l.amount + 0,
  }));

const counterDiscount = (r: MoneyTaken): number =>
  r.kind === 'collection'
    ? (r.discount?.amount ?? 0)
    : (r.counterDiscounts ?? []).reduce((a, d) => a + d.amount, 0);

const SALE_KIND = { sale: 'walk_in', collection: 'collection', goods: 'goods' } as const;

function moneyFacts(r: MoneyTaken, context: FactsContext): Partial<BookFacts> {
  const booking = bookingOf(r, context);
  return {
    reservationNumber: booking.number === null ? null : cut(booking.number, 100),
    guest: guestOf(booking.name, booking.reservationId, context),
    payments: payments(r.tender, 1),
    taxes: moneyTaxes(r, context),
    lines: linesOf(r),
    discount: counterDiscount(r),
    sale: SALE_KIND[r.kind],
  };
}

function refundFacts(r: KindOf<'refund'>, context: FactsContext): Partial<BookFacts> {
  const about = context.recordOf(r.refersTo);
  const sale = about && isMoneyTaken(about) ? about : null;
  const booking = sale ? bookingOf(sale, context) : null;
  return {
    reservationNumber: booking?.number == null ? null : cut(booking.number, 100),
    guest: booking ? guestOf(booking.name, booking.reservationId, context) : null,
    payments: payments(r.tender, -1),
    taxes: sharedTaxes(-r.amount, sale, context),
    lines: refundLines(r.amount, sale),
  };
}

/** The money a record is about: a sale or collection, or a refund's (a correction of a refund). */
function moneyAbout(id: string, context: FactsContext): MoneyTaken | null {
  const about = context.recordOf(id);
  const money = about?.kind === 'refund' ? context.recordOf(about.refersTo) : about;
  return money && isMoneyTaken(money) ? money : null;
}

/** A record's reservation number, as the money it is about names it. */
function numberAbout(id: string, context: FactsContext): string | null {
  const money = moneyAbout(id, context);
  const number = money ? bookingOf(money, context).number : null;
  return number === null ? null : cut(number, 100);
}

/** The facts of one journal record: throws only on a record it cannot read (the sender's null). */
export function factsOf(record: JournalRecord, context: FactsContext): BookFacts {
  const base: BookFacts = {
    ...NO_FACTS,
    staff: person(record.staff),
    approvedBy: person(record.approvedBy),
  };
  switch (record.kind) {
    case 'sale':
    case 'collection':
    case 'goods':
      return { ...base, ...moneyFacts(record, context) };
    case 'refund':
      return { ...base, refersTo: record.refersTo, ...refundFacts(record, context) };
    case 'correction':
      // Signed already (J12): what the record should have said, minus what it said.
      return {
        ...base,
        refersTo: record.refersTo,
        reservationNumber: numberAbout(record.refersTo, context),
        payments: payments(record.tender, 1),
        taxes: sharedTaxes(record.amount, moneyAbout(record.refersTo, context), context),
      };
    case 'receipt':
      return {
        ...base,
        refersTo: record.refersTo,
        reservationNumber: numberAbout(record.refersTo, context),
        receipt: { reissue: record.reissue, ryoshusho: record.ryoshusho ?? false, copy: null },
      };
    case 'cash':
      // How much moved, with which way (the record's signed effect is its `amount` on the wire).
      return {
        ...base,
        cash: { direction: record.direction, reason: record.reason, amount: record.amount },
      };
    case 'close':
      // The note stays in the sealed body: it may name a person.
      return {
        ...base,
        close: {
          countedCash: record.countedCash,
          expectedCash: record.expectedCash,
          overShort: record.overShort,
          hasNote: !!record.note?.trim(),
        },
      };
    case 'drawer':
      return { ...base, refersTo: record.entryId };
  }
}

/** An audit record names no money: who did it, and nothing else. */
export function auditFacts(record: AuditRecord): BookFacts {
  return {
    ...NO_FACTS,
    staff: person(record.staff ?? undefined),
    approvedBy: person(record.approvedBy ?? undefined),
  };
}
