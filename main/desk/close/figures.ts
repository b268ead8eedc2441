/**
 * The close arithmetic (レジ締め) of one counter's business day, pure: the day's journal records
 * (those that count on it, `countDayOf` in day-records.ts) and the check-ins in, the close view out.
 * Integers only: amounts are whole yen, sums of integers stay integers.
 *
 * Over 300 lines: the close's figures are one view computed in one pass over the day's records
 * (by tender, walk-ins, on site, by staff, cash moves, drawer opens); each part is its own function.
 */
import { DateTime } from 'luxon';
import {
  cashEffect,
  DENOMINATIONS,
  methodSpec,
  NO_CASH_MOVES,
  TenderMethod,
  type CashMoves,
  type CloseView,
  type DenominationCount,
  type DrawerOpens,
  type OnSiteOwing,
} from '../../ipc/contract';
import { isMoneyTaken, type CloseRecord, type JournalRecord } from '../../local/index';
import { itemsCloseLine } from '../items/close-figures';
import { bookingPart } from '../sales/discounts';
import { discountsGiven } from './discounts-given';

/** The day's check-ins: parties expected (active reservations of the date), arrived, no-shows. */
export interface CheckInTally {
  expected: number;
  arrived: number;
  noShows: number;
}

export interface CloseInput {
  businessDate: string;
  counter: { id: string; name: string };
  /** The store's time zone: sales by hour are its wall-clock hours. */
  timeZone: string;
  /** This counter's records that count on the day (corrections included). */
  records: readonly JournalRecord[];
  /** Records of the day that could not be read: the close counts without them and says so. */
  unreadable: number;
  /** The day's close, if it was done: its float, count and note are what the day was closed with. */
  close: CloseRecord | null;
  /** The store's default tax rate: a sale whose lines do not add up is taxed at it (Q3). */
  defaultTaxRate?: number;
  /** What staff entered (ignored once closed). */
  openingFloat: number;
  counted: DenominationCount | null;
  note: string | null;
  checkIns: CheckInTally;
  refundsOwed: number;
  /**
   * The shop's bookings of the day paid on site still unpaid, and the unpaid no-shows (who owe
   * nothing): decision I9. None when left out.
   */
  onSite?: { unpaid: OnSiteOwing[]; noShows: OnSiteOwing[] };
}

type TenderTotals = CloseView['byTender'][number];
type StaffFigures = CloseView['byStaff'][number];

/** Cash in a denomination count: Σ value × count. */
export function countedCashOf(counted: DenominationCount): number {
  return DENOMINATIONS.reduce(
    (sum, d) => sum + d * counted[String(d) as keyof DenominationCount],
    0,
  );
}

/** Per tender method: sales (amount applied, change netted), refunds, signed corrections. */
export function tenderTotals(records: readonly JournalRecord[]): TenderTotals[] {
  const totals = new Map<TenderMethod, TenderTotals>(
    TenderMethod.options.map((method) => [
      method,
      { method, sales: 0, refunds: 0, corrections: 0, count: 0 },
    ]),
  );
  for (const r of records) {
    // A collection of a booking paid on site is money taken like a sale (decision I9).
    if (isMoneyTaken(r))
      for (const line of r.tender) {
        const t = totals.get(line.method)!;
        t.sales += line.amount;
        t.count += 1;
      }
    else if (r.kind === 'refund')
      for (const line of r.tender) totals.get(line.method)!.refunds += line.amount;
    else if (r.kind === 'correction')
      for (const line of r.tender) totals.get(line.method)!.corrections += line.amount;
  }
  return [...totals.values()];
}

/**
 * Float + cash sales − cash refunds ± cash corrections (the drawer's methods: the table's), + cash
 * put in − cash taken out (Y11: an exchange nets to zero).
 */
export function expectedCashOf(
  openingFloat: number,
  byTender: readonly TenderTotals[],
  moves: Pick<CashMoves, 'in' | 'out'> = NO_CASH_MOVES,
): number {
  return byTender
    .filter((t) => methodSpec(t.method).drawer)
    .reduce(
      (sum, t) => sum + t.sales - t.refunds + t.corrections,
      openingFloat + moves.in - moves.out,
    );
}

/** The day's cash put in, taken out and changed (Y11), each listed with who did it. */
export function cashMoves(records: readonly JournalRecord[]): CashMoves {
  const moves: CashMoves = { in: 0, out: 0, exchanged: 0, items: [] };
  for (const r of records) {
    if (r.kind !== 'cash') continue;
    if (r.direction === 'in') moves.in += r.amount;
    else if (r.direction === 'out') moves.out += r.amount;
    else moves.exchanged += r.amount;
    moves.items.push({
      id: r.id,
      at: r.at,
      direction: r.direction,
      reason: r.reason,
      amount: r.amount,
      note: r.note,
      ...(r.staff && { staff: r.staff }),
    });
  }
  return moves;
}

/** Members by name; records made with nobody signed in last. */
export function staffOrder(a: StaffFigures, b: StaffFigures): number {
  if (a.staffId === null || b.staffId === null) return a.staffId === null ? 1 : -1;
  return (a.name ?? '').localeCompare(b.name ?? '', 'ja');
}

/**
 * The day by staff member (issue 29: 担当者別): what each took (sales and collections of bookings
 * paid on site), paid back and corrected, and what moved through the drawer by their hand — a row per member, by name; records made with nobody
 * signed in last, as one row (`staffId` null).
 */
export function staffFigures(records: readonly JournalRecord[]): StaffFigures[] {
  const rows = new Map<string | null, StaffFigures>();
  const rowOf = (r: JournalRecord) => {
    const id = r.staff?.id ?? null;
    let row = rows.get(id);
    if (!row) {
      row = { staffId: id, name: null, sales: 0, count: 0, refunds: 0, corrections: 0, cash: 0 };
      rows.set(id, row);
    }
    // The name it had on its latest record (records are oldest first).
    if (r.staff) row.name = r.staff.name;
    return row;
  };
  const cash = (lines: readonly { method: TenderMethod; amount: number }[]) =>
    lines.filter((l) => methodSpec(l.method).drawer).reduce((sum, l) => sum + l.amount, 0);
  for (const r of records) {
    // A collection of a booking paid on site is money taken by whoever took it, like a sale's.
    if (isMoneyTaken(r)) {
      const row = rowOf(r);
      row.sales += r.total;
      row.count += 1;
      row.cash += cash(r.tender);
    } else if (r.kind === 'refund') {
      const row = rowOf(r);
      row.refunds += r.amount;
      row.cash -= cash(r.tender);
    } else if (r.kind === 'correction') {
      const row = rowOf(r);
      row.corrections += r.amount;
      row.cash += cash(r.tender);
    } else if (r.kind === 'cash') {
      // Cash put in or taken out by their hand (Y11): the rows still add up to expected − float.
      rowOf(r).cash += cashEffect(r.direction, r.amount);
    }
  }
  return [...rows.values()].sort(staffOrder);
}

/** The store-local start of each hour of the day (epoch ms), for sales by hour. */
function hourStarts(businessDate: string, timeZone: string): number[] {
  const day = DateTime.fromISO(businessDate, { zone: timeZone });
  return Array.from({ length: 24 }, (_, hour) => day.set({ hour }).toMillis());
}

/** The store-local hour of `at` (a record before the day's start counts at 0, after it at 23). */
function hourOf(at: number, starts: readonly number[]): number {
  let hour = 0;
  while (hour < 23 && starts[hour + 1]! <= at) hour += 1;
  return hour;
}

/**
 * A sale's total shared among its products in proportion to their list prices (discounts spread
 * alike); the remainder of the integer division goes to the dearest, so the parts add up exactly.
 */
export function productShares(sale: Extract<JournalRecord, { kind: 'sale' }>): Map<string, number> {
  const gross = new Map<string, number>();
  for (const item of sale.items)
    gross.set(item.productId, (gross.get(item.productId) ?? 0) + item.unitPrice * item.quantity);
  const all = [...gross.values()].reduce((a, b) => a + b, 0);
  // The booking's money: counter items sold with it are the items' line (issue 30).
  const total = bookingPart(sale);
  const shares = new Map<string, number>();
  if (gross.size === 0) return shares;
  if (all === 0) {
    shares.set(sale.items[0]!.productId, total);
    return shares;
  }
  let given = 0;
  for (const [id, g] of gross) {
    const share = Math.floor((total * g) / all);
    shares.set(id, share);
    given += share;
  }
  const dearest = [...gross.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  shares.set(dearest, shares.get(dearest)! + total - given);
  return shares;
}

/** The drawer's opens among the day's records: by cause, those by hand with their reason (M19). */
export function drawerOpens(records: readonly JournalRecord[]): DrawerOpens {
  const opens: DrawerOpens = {
    sale: 0,
    collection: 0,
    refund: 0,
    cash: 0,
    manual: 0,
    notOpened: 0,
    byHand: [],
  };
  for (const r of records) {
    if (r.kind !== 'drawer') continue;
    opens[r.cause] += 1;
    if (!r.pulsed) opens.notOpened += 1;
    if (r.cause === 'manual')
      opens.byHand.push({ at: r.at, reason: r.note, staffId: r.staffId, opened: r.pulsed });
  }
  opens.byHand.sort((a, b) => a.at - b.at);
  return opens;
}

/** The on-site line: this counter's collections of the day, by tender; the unpaid of the day. */
function onSiteLine(input: CloseInput): CloseView['onSite'] {
  const collections = input.records.filter((r) => r.kind === 'collection');
  const byMethod = new Map<TenderMethod, { method: TenderMethod; amount: number; count: number }>();
  for (const c of collections)
    for (const line of c.tender) {
      const t = byMethod.get(line.method) ?? { method: line.method, amount: 0, count: 0 };
      t.amount += line.amount;
      t.count += 1;
      byMethod.set(line.method, t);
    }
  const unpaid = input.onSite?.unpaid ?? [];
  const noShows = input.onSite?.noShows ?? [];
  return {
    collections: {
      count: collections.length,
      amount: collections.reduce((sum, c) => sum + c.total, 0),
    },
    byTender: TenderMethod.options.flatMap((m) => byMethod.get(m) ?? []),
    discounts: collections.reduce((sum, c) => sum + (c.discount?.amount ?? 0), 0),
    unpaid: {
      count: unpaid.length,
      amount: unpaid.reduce((sum, u) => sum + (u.owed ?? 0), 0),
      items: unpaid,
    },
    noShows: { count: noShows.length, items: noShows },
  };
}

export function computeClose(input: CloseInput): CloseView {
  const { records, close } = input;
  const byTender = tenderTotals(records);
  const moves = cashMoves(records);
  const sales = records.filter((r) => r.kind === 'sale');

  const starts = hourStarts(input.businessDate, input.timeZone);
  const byHour = new Array<number>(24).fill(0);
  const byProduct = new Map<string, { productId: string; name: string; amount: number }>();
  for (const sale of sales) {
    const hour = hourOf(sale.at, starts);
    byHour[hour] = byHour[hour]! + sale.total;
    for (const [productId, amount] of productShares(sale)) {
      const name = sale.items.find((i) => i.productId === productId)?.productName ?? productId;
      const entry = byProduct.get(productId) ?? { productId, name, amount: 0 };
      entry.amount += amount;
      byProduct.set(productId, entry);
    }
  }

  const openingFloat = close ? close.openingFloat : input.openingFloat;
  const counted = close ? close.counted : input.counted;
  const expectedCash = close ? close.expectedCash : expectedCashOf(openingFloat, byTender, moves);
  const countedCash = close ? close.countedCash : counted ? countedCashOf(counted) : null;
  const { expected, arrived, noShows } = input.checkIns;
  return {
    businessDate: input.businessDate,
    counterId: input.counter.id,
    counterName: input.counter.name,
    closedAt: close?.at ?? null,
    closeEntryId: close?.id ?? null,
    openingFloat,
    byTender,
    walkIns: { count: sales.length, amount: sales.reduce((sum, s) => sum + s.total, 0) },
    onSite: onSiteLine(input),
    cashMoves: moves,
    discountsGiven: discountsGiven(records),
    expectedCash,
    counted,
    countedCash,
    overShort: close ? close.overShort : countedCash === null ? null : countedCash - expectedCash,
    note: close ? close.note : input.note,
    checkIns: {
      expected,
      arrived,
      noShows,
      rate: expected === 0 ? null : Math.min(1, arrived / expected),
    },
    salesByHour: byHour.map((amount, hour) => ({ hour, amount })),
    salesByProduct: [...byProduct.values()].sort((a, b) => b.amount - a.amount),
    refundsOwed: input.refundsOwed,
    unreadable: input.unreadable,
    drawer: drawerOpens(records),
    byStaff: staffFigures(records),
    ...(close?.staff && { closedBy: close.staff }),
    items: itemsCloseLine(records, input.defaultTaxRate ?? 10),
  };
}
