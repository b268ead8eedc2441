/**
 * The close report on the receipt printer (issue 31): the figures and words of the page
 * (report.ts, main/common/words close.ts and money.ts) as a ReceiptLine document for the
 * printer's own language and roll: by tender, the cash and its count, walk-ins, bookings paid on
 * site (their collections, the unpaid and the unpaid no-shows by number: no names on paper), by
 * staff (issue 29: 担当者別, who closed the day), check-ins, sales by product and by hour (as rows: a
 * roll has no chart), cash in, out and changed (Y11), items by tax rate (Z12), the drawer's opens,
 * what is owed or unreadable; then, at a counter of a shop, the store's close (Z13).
 */
import { DateTime } from 'luxon';
import * as closeWords from '../../common/words/close';
import * as moneyWords from '../../common/words/money';
import { DENOMINATIONS, type CloseView } from '../../ipc/contract';
import { escapeLine, indented } from '../receipt/receipt-thermal';
import { itemsThermal } from '../items/close-report';
import * as itemWords from '../../common/words/items';
import type { ReportOptions } from './report';
import { storeReportThermal } from './store-report';
import { signed, yen } from './yen';

const row = (left: string, right: string) => `|${escapeLine(left)} | ${escapeLine(right)}`;
const heading = (text: string) => ['-', `^${escapeLine(text)}`];
/** A heading too long for double width on a 58 mm roll: bold, at the roll's own width. */
const longHeading = (text: string) => ['-', `"${escapeLine(text)}"`];

/** The close report as ReceiptLine text, for `thermalBytes`. */
export function closeReportThermal(view: CloseView, options: ReportOptions): string {
  const { locale, timeZone } = options;
  const l = closeWords[locale];
  const m = moneyWords[locale];
  const { methods } = m;
  const stamp = (ms: number) =>
    DateTime.fromMillis(ms, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm');
  const money = (n: number) => yen(n, locale);
  const time = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).toFormat('HH:mm');
  const closedBy = view.closedBy ? ` (${l.closedBy}: ${view.closedBy.name})` : '';
  const state =
    view.closedAt === null ? l.notClosed : `${l.closedAt}: ${stamp(view.closedAt)}${closedBy}`;
  const hours = view.salesByHour.filter((h) => h.amount !== 0);
  const { onSite } = view;
  const owing = (items: CloseView['onSite']['unpaid']['items']) =>
    items.length
      ? items.map((u) =>
          row(
            `${u.number ?? u.reservationId} ${u.startTime}`,
            u.owed === null ? l.amountUnknown : money(u.owed),
          ),
        )
      : [`|${escapeLine(l.none)}`];
  return [
    `^^${escapeLine(l.title)}`,
    `|${escapeLine(`${options.storeName} ${view.businessDate}`)}`,
    `|${escapeLine(`${l.counter}: ${view.counterName || view.counterId}`)}`,
    `|${escapeLine(state)}`,
    `|${escapeLine(`${l.printedAt}: ${stamp(options.now)}`)}`,
    ...heading(l.byTender),
    ...view.byTender.flatMap((t) => [
      row(`${methods[t.method]} (${t.count})`, money(t.sales - t.refunds + t.corrections)),
      indented(`${l.sales} ${money(t.sales)} / ${l.refunds} ${money(t.refunds)}`),
      ...(t.corrections ? [indented(`${l.corrections} ${signed(t.corrections, locale)}`)] : []),
    ]),
    ...heading(methods.cash),
    row(l.openingFloat, money(view.openingFloat)),
    ...(view.cashMoves.in ? [row(m.cashDirections.in, signed(view.cashMoves.in, locale))] : []),
    ...(view.cashMoves.out ? [row(m.cashDirections.out, money(-view.cashMoves.out))] : []),
    row(l.expected, money(view.expectedCash)),
    row(l.counted, view.countedCash === null ? '-' : money(view.countedCash)),
    row(l.overShort, view.overShort === null ? '-' : signed(view.overShort, locale)),
    row(l.note, view.note ?? l.none),
    ...(view.counted
      ? DENOMINATIONS.map((d) => {
          const pieces = view.counted![String(d) as keyof typeof view.counted];
          return row(`  ${money(d)} x ${pieces}`, money(d * pieces));
        })
      : []),
    ...(view.cashMoves.items.length
      ? [
          ...longHeading(l.cashMoves),
          ...view.cashMoves.items.flatMap((c) => [
            row(`${time(c.at)} ${m.cashDirections[c.direction]}`, money(c.amount)),
            indented(
              [m.cashReasons[c.reason], c.note, c.staff?.name ?? l.noStaff]
                .filter(Boolean)
                .join(' / '),
            ),
          ]),
          ...(view.cashMoves.exchanged ? [indented(l.exchangedNote)] : []),
        ]
      : []),
    ...(view.byStaff.length
      ? [
          ...heading(l.byStaff),
          ...view.byStaff.flatMap((f) => [
            row(`${f.name ?? l.noStaff} (${f.count})`, money(f.sales)),
            indented(
              `${l.refunds} ${money(f.refunds)} / ${l.cash} ${signed(f.cash, locale)}` +
                (f.corrections ? ` / ${l.corrections} ${signed(f.corrections, locale)}` : ''),
            ),
          ]),
        ]
      : []),
    ...heading(l.walkIns),
    row(l.count, String(view.walkIns.count)),
    row(l.amount, money(view.walkIns.amount)),
    // Counter items and the day by tax rate (issue 30, Z12), the reduced rate marked ※.
    ...longHeading(itemWords[locale].closeTitle),
    ...itemsThermal(view.items, locale, money, row, indented),
    // Discounts given at the counter (issue 30), by reason in the words their records kept.
    ...longHeading(l.discountsGiven),
    row(l.count, String(view.discountsGiven.count)),
    row(l.amount, money(view.discountsGiven.amount)),
    ...view.discountsGiven.byReason.map((r) => row(`  ${r[locale]} (${r.count})`, money(r.amount))),
    ...longHeading(l.onSite),
    row(l.count, String(onSite.collections.count)),
    row(l.amount, money(onSite.collections.amount)),
    ...onSite.byTender.map((t) => row(`  ${methods[t.method]}`, money(t.amount))),
    row(l.discounts, money(onSite.discounts)),
    ...longHeading(l.onSiteUnpaid),
    row(l.count, String(onSite.unpaid.count)),
    row(l.amount, money(onSite.unpaid.amount)),
    ...owing(onSite.unpaid.items),
    ...longHeading(l.onSiteNoShows),
    row(l.count, String(onSite.noShows.count)),
    ...owing(onSite.noShows.items),
    ...heading(l.checkIns),
    row(l.expectedParties, String(view.checkIns.expected)),
    row(l.arrived, String(view.checkIns.arrived)),
    row(l.noShows, String(view.checkIns.noShows)),
    row(l.rate, view.checkIns.rate === null ? '-' : `${Math.round(view.checkIns.rate * 100)}%`),
    ...heading(l.byProduct),
    ...(view.salesByProduct.length
      ? view.salesByProduct.map((p) => row(p.name, money(p.amount)))
      : [`|${escapeLine(l.none)}`]),
    ...heading(l.byHour),
    ...(hours.length
      ? hours.map((h) => row(`${String(h.hour).padStart(2, '0')}:00`, money(h.amount)))
      : [`|${escapeLine(l.none)}`]),
    ...heading(l.drawer),
    row(l.drawerSale, String(view.drawer.sale)),
    row(l.drawerCollection, String(view.drawer.collection)),
    row(l.drawerRefund, String(view.drawer.refund)),
    row(l.drawerCash, String(view.drawer.cash)),
    row(l.drawerManual, String(view.drawer.manual)),
    row(l.drawerNotOpened, String(view.drawer.notOpened)),
    ...view.drawer.byHand.map((o) =>
      indented(`${time(o.at)} ${o.reason ?? ''}${o.opened ? '' : ` ${l.drawerFailed}`}`),
    ),
    '-',
    row(l.refundsOwed, String(view.refundsOwed)),
    row(l.unreadable, String(view.unreadable)),
    ...(options.store ? storeReportThermal(options.store, locale, options.timeZone) : []),
  ].join('\n');
}
