/**
 * The store's close: every counter's close of the day added up (decisions Z5, Z13). Each counter
 * publishes its summary (totals by tender, the drawer's figures, by staff, its collections of
 * bookings paid on site, its items by rate, discounts given and cash in/out — store-parts.ts —,
 * closed or not; no customer data, no note) into the shop's shared state; the others' are read
 * back there, zod-checked, and one that cannot be read is left out of the sums and listed. Without
 * a shop it is this counter alone. The on-site bookings still unpaid are the shop's already (every
 * counter knows what every other took): this counter's view says them.
 *
 * Each counter keeps its summary there as it records (`share.ts`), so the store's close counts
 * every counter the shop holds figures of; one not reached now counts as last published, one with
 * no figures at all counts nothing — both named in `missing` (AA21). A counter that has not closed
 * has not counted: its counted cash and over/short are none, never a short (AA20).
 */
import {
  TenderMethod,
  type CloseView,
  type OnSiteCloseLine,
  type StoreCloseView,
} from '../../ipc/contract';
import type { CloseSummary } from '../../shop/shared/records';
import type { ShopState } from '../../shop/shared/shop-state';
import { staffOrder } from './figures';
import { partsOf, sumParts } from './store-parts';

type Row = StoreCloseView['counters'][number];
type TenderTotals = StoreCloseView['byTender'][number];
type StaffFigures = StoreCloseView['byStaff'][number];

/** What this counter publishes of its close view. */
export function summaryOf(
  view: CloseView,
  publishedAt: number,
): Omit<CloseSummary, 'storeId' | 'counterId'> {
  return {
    counterName: view.counterName,
    date: view.businessDate,
    closed: view.closedAt !== null,
    byTender: view.byTender.map(({ method, sales, refunds, corrections, count }) => ({
      method,
      sales,
      refunds,
      corrections,
      count,
    })),
    expectedCash: view.expectedCash,
    // A count typed on a close screen not committed is no count (AA20): published once closed.
    countedCash: view.closedAt !== null ? view.countedCash : null,
    overShort: view.closedAt !== null ? view.overShort : null,
    publishedAt,
    byStaff: view.byStaff,
    onSite: {
      count: view.onSite.collections.count,
      amount: view.onSite.collections.amount,
      byTender: view.onSite.byTender,
      discounts: view.onSite.discounts,
    },
    ...partsOf(view),
  };
}

function rowOf(view: CloseView): Row {
  return {
    counterId: view.counterId,
    counterName: view.counterName,
    closed: view.closedAt !== null,
    byTender: view.byTender,
    expectedCash: view.expectedCash,
    countedCash: view.countedCash,
    overShort: view.overShort,
    publishedAt: null,
    reached: true,
    hasFigures: true,
  };
}

/**
 * Another counter's published summary as a row: all of it but the store and date it is kept by.
 * Not closed, it has not counted (AA20): whatever count an older version published is not shown.
 */
function rowOfSummary(
  {
    storeId: _storeId,
    date: _date,
    byStaff: _byStaff,
    onSite: _onSite,
    items: _items,
    discountsGiven: _discounts,
    cashMoves: _cash,
    ...row
  }: CloseSummary,
  reached: boolean,
): Row {
  const counted = row.closed ? {} : { countedCash: null, overShort: null };
  return { ...row, ...counted, reached, hasFigures: true };
}

/** A counter the shop knows of whose figures of the day it holds none. */
const rowWithout = (c: ShopCounterSeen): Row => ({
  counterId: c.counterId,
  counterName: c.name,
  closed: false,
  byTender: [],
  expectedCash: 0,
  countedCash: null,
  overShort: null,
  publishedAt: null,
  reached: c.present,
  hasFigures: false,
});

/** A counter of the shop as this counter's link shows it (`Shop.view().counters`). */
export interface ShopCounterSeen {
  counterId: string;
  name: string;
  present: boolean;
}

/** What the store's close lacks of each counter: not reached now, or no figures shared (AA21). */
function missingOf(rows: readonly Row[]): StoreCloseView['missing'] {
  return rows.flatMap((r): StoreCloseView['missing'] => {
    if (!r.reached) return [{ ...named(r), reason: 'not_reached', asOf: r.publishedAt }];
    return r.hasFigures ? [] : [{ ...named(r), reason: 'no_figures', asOf: null }];
  });
}
const named = (r: Row) => ({ counterId: r.counterId, counterName: r.counterName });

/** Each member's figures over the counters (one who moved between counters: one row). */
function sumStaff(lists: readonly (readonly StaffFigures[])[]): StaffFigures[] {
  const sums = new Map<string | null, StaffFigures>();
  for (const list of lists)
    for (const f of list) {
      const sum = sums.get(f.staffId);
      if (!sum) {
        sums.set(f.staffId, { ...f });
        continue;
      }
      sum.name ??= f.name;
      sum.sales += f.sales;
      sum.count += f.count;
      sum.refunds += f.refunds;
      sum.corrections += f.corrections;
      sum.cash += f.cash;
    }
  return [...sums.values()].sort(staffOrder);
}

/** Each method's totals over the counters: a row per method of the table, in its order. */
function sumTenders(rows: readonly Row[]): TenderTotals[] {
  const sums = new Map<TenderMethod, TenderTotals>(
    TenderMethod.options.map((method) => [
      method,
      { method, sales: 0, refunds: 0, corrections: 0, count: 0 },
    ]),
  );
  for (const row of rows)
    for (const t of row.byTender) {
      const sum = sums.get(t.method)!;
      sum.sales += t.sales;
      sum.refunds += t.refunds;
      sum.corrections += t.corrections;
      sum.count += t.count;
    }
  return [...sums.values()];
}

/**
 * The shop's on-site line: every counter's collections added up (by tender in the table's order),
 * with the unpaid and the no-shows this counter's view knows shop-wide.
 */
function sumOnSite(own: OnSiteCloseLine, others: readonly CloseSummary[]): OnSiteCloseLine {
  const parts = [
    { ...own.collections, byTender: own.byTender, discounts: own.discounts },
    ...others.flatMap((s) => s.onSite ?? []),
  ];
  const byMethod = new Map<TenderMethod, OnSiteCloseLine['byTender'][number]>();
  for (const part of parts)
    for (const t of part.byTender) {
      const sum = byMethod.get(t.method) ?? { method: t.method, amount: 0, count: 0 };
      sum.amount += t.amount;
      sum.count += t.count;
      byMethod.set(t.method, sum);
    }
  return {
    collections: {
      count: parts.reduce((n, p) => n + p.count, 0),
      amount: parts.reduce((n, p) => n + p.amount, 0),
    },
    byTender: TenderMethod.options.flatMap((m) => byMethod.get(m) ?? []),
    discounts: parts.reduce((n, p) => n + p.discounts, 0),
    unpaid: own.unpaid,
    noShows: own.noShows,
  };
}

/**
 * Every counter's close of the day added up: this one's live view, the others' as published.
 * `seen`: the shop's counters as this counter's link shows them now — which are reached, and
 * which it knows of without figures; null: not known (each counter published is taken as reached).
 */
export function storeClose(
  own: CloseView,
  shared: ShopState | null,
  seen: readonly ShopCounterSeen[] | null = null,
): StoreCloseView {
  const date = own.businessDate;
  const summaries = (shared?.closes(date) ?? []).filter((c) => c.counterId !== own.counterId);
  const present = new Set(seen?.filter((c) => c.present).map((c) => c.counterId));
  const published = new Set(summaries.map((s) => s.counterId));
  const others: Row[] = [
    ...summaries.map((s) => rowOfSummary(s, seen === null || present.has(s.counterId))),
    ...(shared ? (seen ?? []) : [])
      .filter((c) => c.counterId !== own.counterId && !published.has(c.counterId))
      .map(rowWithout),
  ].sort((a, b) => a.counterName.localeCompare(b.counterName));
  const counters = [rowOf(own), ...others];
  const unreadable = (shared?.problems() ?? [])
    .filter((p) => p.area === 'closes' && (p.date === null || p.date === date))
    .map((p) => ({ counterId: p.counterId, issue: p.issue }));
  return {
    businessDate: date,
    counters,
    byTender: sumTenders(counters),
    overShort: counters.reduce((sum, c) => sum + (c.overShort ?? 0), 0),
    byStaff: sumStaff([own.byStaff, ...summaries.map((s) => s.byStaff ?? [])]),
    onSite: sumOnSite(own.onSite, summaries),
    ...sumParts(own, summaries),
    missing: missingOf(others),
    unreadable,
  };
}
