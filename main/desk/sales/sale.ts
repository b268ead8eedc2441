/**
 * Money taken for a walk-in: the tender checked against the price, and the sale written to the
 * journal before the walk-in is sent (money taken is never lost, whatever the booking's fate).
 * The price is the service's calculation as quoted; offline without one, what the tender pays is
 * what was taken, marked unconfirmed (decision J5).
 */
import {
  Tender,
  changeDue,
  itemsTotal,
  type ItemLine,
  tenderProblems,
  tenderTotal,
  type MoneyProblem,
  type ReceiptItem,
} from '../../common';
import type { Request } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { SaleRecord } from '../../local/index';
import { goodsOf } from '../items/sell';
import { counterDiscountsOn } from './discounts';
import { reasonsOf } from './reasons';
import { moneySettingsOf } from './settings';
import type { SettingsFile } from '../settings';
import type { DeskSession, SessionPart } from '../desk-session';
import { definePart } from '../parts';

type Booking = Pick<
  Request<'walkin.book'>,
  'productId' | 'date' | 'startTime' | 'adults' | 'children' | 'customer'
> &
  Partial<Pick<Request<'walkin.book'>, 'quoted' | 'tender' | 'items' | 'counterDiscounts'>>;

/** What the sale takes of the service's calculation (decision 12). */
interface Calculation {
  items: { productId: string; adultUnitPrice: number; childUnitPrice: number }[];
  discounts: { label: string; amount: number }[];
  totalAmount: number;
}

/** The service's calculations quoted at this counter, by what they priced (memory only). */
const quotes: SessionPart<Map<string, Calculation>> = definePart('sales.quotes', () => new Map());
const QUOTES_KEPT = 50;

const quoteKey = (b: Pick<Booking, 'productId' | 'date' | 'startTime' | 'adults' | 'children'>) =>
  [b.productId, b.date, b.startTime, b.adults, b.children].join('|');

/** Remember a calculation shown to staff: its unit prices and discounts go on the sale. */
export function rememberQuote(
  session: DeskSession,
  draft: Booking,
  calculation: Calculation,
): void {
  const kept = session.part(quotes);
  kept.delete(quoteKey(draft));
  kept.set(quoteKey(draft), calculation);
  if (kept.size > QUOTES_KEPT) kept.delete(kept.keys().next().value!);
}

const invalid = (message: string, problems: MoneyProblem[]) =>
  new DeskError('INVALID_INPUT', message, problems);

interface Price {
  tender: Tender;
  /** The booking's price: the quote's total, or (offline, no price) what the tender paid less the items. */
  total: number;
  confirmed: boolean;
  /** Counter items sold with it (issue 30), paid on top of `total`. */
  goods: ItemLine[];
}

/**
 * The booking's price of a sale with a tender and the items sold with it, the tender checked
 * against them once the counter's discounts are known (recordSale).
 */
function priceOf(session: DeskSession, request: Booking): Price | null {
  if (!request.tender) {
    if (request.counterDiscounts?.length)
      throw invalid('a discount is given with the money taken', [
        { field: 'tender', code: 'TENDER_REQUIRED', reason: 'how the guest paid' },
      ]);
    return null;
  }
  const tender = Tender.parse(request.tender);
  const { quoted } = request;
  if (quoted && !Number.isInteger(quoted.total))
    throw invalid('the price is not a whole amount', [
      { field: 'quoted.total', code: 'not_integer', reason: 'a whole amount' },
    ]);
  const goods = goodsOf(session, request.items);
  const extra = itemsTotal(goods);
  const total = quoted ? quoted.total : tenderTotal(tender.lines) - extra;
  if (total < 0)
    throw invalid('the amount taken does not pay the items', [
      { field: 'tender', code: 'short', reason: `at least ${extra}` },
    ]);
  return { tender, total, confirmed: quoted !== null && quoted !== undefined, goods };
}

/**
 * A party's tickets as the service priced them: adults and children at the calculation's unit
 * prices (none taken: no line). Null when the calculation does not price the product. The quote
 * shows them (a line's discount names them) and the sale keeps them.
 */
export function ticketsOf(
  request: Pick<Booking, 'productId' | 'adults' | 'children'>,
  calculation: Pick<Calculation, 'items'> | null,
): Pick<ReceiptItem, 'ticket' | 'quantity' | 'unitPrice'>[] | null {
  const priced = calculation?.items.find((i) => i.productId === request.productId);
  if (!priced) return null;
  return [
    { ticket: 'adult' as const, quantity: request.adults, unitPrice: priced.adultUnitPrice },
    { ticket: 'child' as const, quantity: request.children, unitPrice: priced.childUnitPrice },
  ].filter((i) => i.quantity > 0);
}

/** The sale's lines: per ticket with the calculation's unit prices, else one line of the total. */
function itemsOf(
  request: Booking,
  productName: string,
  calculation: Calculation | null,
  total: number,
  taxRate: number,
): ReceiptItem[] {
  const base = {
    productId: request.productId,
    productName,
    date: request.date,
    startTime: request.startTime,
    taxRate,
  };
  const tickets = ticketsOf(request, calculation);
  if (!tickets) return [{ ...base, ticket: 'party', quantity: 1, unitPrice: total }];
  return tickets.map((t) => ({ ...base, ...t }));
}

/**
 * The money taken for a walk-in queued as outbox entry `walkInEntryId`: its tender checked
 * (INVALID_INPUT, nothing written), then `beforeWrite` told what it takes (the walk-in's entry is
 * written there, held for this sale: decision AA10), then the sale written. None without a tender.
 */
export function recordSale(
  session: DeskSession,
  settings: SettingsFile,
  request: Booking,
  walkInEntryId: string,
  productName: string,
  beforeWrite: (taken: { total: number; currency: string }) => void = () => undefined,
): SaleRecord | null {
  const price = priceOf(session, request);
  if (!price) return null;
  const { tender } = price;
  const calc = session.part(quotes).get(quoteKey(request)) ?? null;
  // A calculation of another total (the party changed since) says nothing about this sale.
  const calculation = calc && calc.totalAmount === price.total && price.confirmed ? calc : null;
  const money = moneySettingsOf(settings);
  const taxRate = money.productTaxRates[request.productId] ?? money.defaultTaxRate;
  const items = itemsOf(request, productName, calculation, price.total, taxRate);
  // The items are paid on top, at their catalogue's prices (J20); the counter's discounts come
  // off a line (a ticket or an item) or the whole (I12, I15); the tender pays what is left.
  const asked = request.counterDiscounts ?? [];
  const whole = price.total + itemsTotal(price.goods);
  const given = counterDiscountsOn(
    items,
    price.goods,
    whole,
    price.confirmed,
    asked,
    reasonsOf(session).list(),
  );
  const total = whole - given.total;
  const problems = tenderProblems(tender, total);
  if (problems.length) throw invalid('the tender does not pay the price', problems);
  const name = [request.customer.lastName, request.customer.firstName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  const currency = request.quoted?.currency ?? session.currency;
  beforeWrite({ total, currency });
  // After this counter's close of today, the next business day's (Z10): never refused.
  return session.till.record('sale', {
    walkInEntryId,
    reservationId: null,
    reservationNumber: null,
    customerName: name || null,
    currency,
    items,
    discounts: (calculation?.discounts ?? []).map((d) => ({ label: d.label, amount: d.amount })),
    total,
    ...(!price.confirmed && { priceConfirmed: false }),
    tender: tender.lines,
    change: changeDue(tender.lines),
    ...(price.goods.length > 0 && { goods: price.goods }),
    ...(given.discounts.length > 0 && {
      counterDiscounts: given.discounts,
      servicePrice: price.total,
      discountNotes: asked.map((a) => a.note?.trim() || null),
    }),
  });
}
