/**
 * The close report: one self-contained printable HTML page (no scripts, the print CSP), Japanese
 * or English (main/common/words: close.ts, and money.ts for the methods) — by tender (a row per
 * method of the table, in its order: the view's `byTender`), by staff (担当者別), the cash count,
 * over/short and its note, walk-ins, check-ins, sales by product, sales by hour as an inline SVG bar
 * chart (the screen's interactive chart is the renderer's), cash in, out and changed (Y11), and
 * the cash drawer's opens; then, at a counter of a shop, the store's close (store-report.ts, Z13).
 */
import { DateTime } from 'luxon';
import { escapeHtml, PRINT_CSP } from '../../common/html';
import * as closeWords from '../../common/words/close';
import * as moneyWords from '../../common/words/money';
import { itemsReport } from '../items/close-report';
import {
  DENOMINATIONS,
  type CloseView,
  type StoreCloseView,
  type UiLocale,
} from '../../ipc/contract';
import { storeReportHtml } from './store-report';
import { signed, yen } from './yen';

function row(cells: readonly string[], header = false): string {
  const tag = header ? 'th' : 'td';
  return `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
}

/** Sales by hour as bars: only the hours from the first to the last with sales (all if none). */
export function hourChart(view: CloseView, locale: UiLocale): string {
  const withSales = view.salesByHour.filter((h) => h.amount !== 0).map((h) => h.hour);
  const first = withSales.length ? Math.min(...withSales) : 0;
  const last = withSales.length ? Math.max(...withSales) : 23;
  const hours = view.salesByHour.filter((h) => h.hour >= first && h.hour <= last);
  const max = Math.max(1, ...hours.map((h) => h.amount));
  const bar = 28;
  const height = 160;
  const width = hours.length * bar + 20;
  const bars = hours
    .map((h, i) => {
      const x = 10 + i * bar;
      const barHeight = Math.round((Math.max(0, h.amount) / max) * (height - 40));
      const y = height - 20 - barHeight;
      const title = `${h.hour}:00 ${yen(h.amount, locale)}`;
      return (
        `<g><title>${escapeHtml(title)}</title>` +
        `<rect x="${x + 4}" y="${y}" width="${bar - 8}" height="${barHeight}" fill="#2f6f9f"/>` +
        `<text x="${x + bar / 2}" y="${height - 5}" font-size="10" text-anchor="middle">${h.hour}</text></g>`
      );
    })
    .join('');
  const label = escapeHtml(closeWords[locale].byHour);
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${label}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><line x1="10" y1="${height - 20}" x2="${width - 10}" y2="${height - 20}" stroke="#333"/>${bars}</svg>`;
}

/** Cash put in, taken out and changed (Y11): the totals, then each with its time, reason and who. */
function cashMovesSection(view: CloseView, locale: UiLocale, timeZone: string): string {
  const l = closeWords[locale];
  const m = moneyWords[locale];
  const { cashMoves: moves } = view;
  if (!moves.items.length) return '';
  const time = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).toFormat('HH:mm');
  const items = moves.items.map((c) =>
    row([
      time(c.at),
      m.cashDirections[c.direction],
      [m.cashReasons[c.reason], c.note].filter(Boolean).join(': '),
      c.staff?.name ?? l.noStaff,
      yen(c.amount, locale),
    ]),
  );
  return `<h2>${escapeHtml(l.cashMoves)}</h2>
<table>${row([m.cashDirections.in, signed(moves.in, locale)])}${row([m.cashDirections.out, yen(-moves.out, locale)])}${row([m.cashDirections.exchange, `${yen(moves.exchanged, locale)} (${l.exchangedNote})`])}</table>
<table>${row([l.drawerAt, l.cashDirection, l.drawerReason, l.staff, l.amount], true)}${items.join('')}</table>`;
}

/** The drawer's opens: counts by cause, then each open by hand with its time and reason (M19). */
function drawerSection(view: CloseView, locale: UiLocale, timeZone: string): string {
  const l = closeWords[locale];
  const { drawer } = view;
  const time = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).toFormat('HH:mm');
  const byHand = drawer.byHand.map((o) =>
    row([time(o.at), `${o.reason ?? ''}${o.opened ? '' : ` ${l.drawerFailed}`}`]),
  );
  return `<h2>${escapeHtml(l.drawer)}</h2>
<table>${row([l.drawerSale, String(drawer.sale)])}${row([l.drawerCollection, String(drawer.collection)])}${row([l.drawerRefund, String(drawer.refund)])}${row([l.drawerCash, String(drawer.cash)])}${row([l.drawerManual, String(drawer.manual)])}${row([l.drawerNotOpened, String(drawer.notOpened)])}</table>
${byHand.length ? `<table>${row([l.drawerAt, l.drawerReason], true)}${byHand.join('')}</table>` : ''}`;
}

export interface ReportOptions {
  locale: UiLocale;
  storeName: string;
  timeZone: string;
  now: number;
  /** The store's close when this counter is one of a shop (Z13): printed after its own figures. */
  store?: StoreCloseView | null;
}

/** Discounts given at the counter (issue 30): count and amount, then by reason in its kept words. */
function discountsSection(view: CloseView, locale: UiLocale): string {
  const l = closeWords[locale];
  const d = view.discountsGiven;
  const reasons = d.byReason.map((r) => row([`${r[locale]} (${r.count})`, yen(r.amount, locale)]));
  return `<h2>${escapeHtml(l.discountsGiven)}</h2>
<table>${row([l.count, String(d.count)])}${row([l.amount, yen(d.amount, locale)])}${reasons.join('')}</table>`;
}

export function closeReportHtml(view: CloseView, options: ReportOptions): string {
  const { locale, timeZone } = options;
  const l = closeWords[locale];
  const { methods } = moneyWords[locale];
  const stamp = (ms: number) =>
    DateTime.fromMillis(ms, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm');
  const tenders = view.byTender.map((t) =>
    row([
      methods[t.method],
      yen(t.sales, locale),
      yen(t.refunds, locale),
      signed(t.corrections, locale),
      yen(t.sales - t.refunds + t.corrections, locale),
      String(t.count),
    ]),
  );
  const count = view.counted
    ? DENOMINATIONS.map((d) => {
        const pieces = view.counted![String(d) as keyof typeof view.counted];
        return row([yen(d, locale), String(pieces), yen(d * pieces, locale)]);
      })
    : [];
  const staff = view.byStaff.map((f) =>
    row([
      f.name ?? l.noStaff,
      yen(f.sales, locale),
      String(f.count),
      yen(f.refunds, locale),
      signed(f.corrections, locale),
      signed(f.cash, locale),
    ]),
  );
  const { checkIns } = view;
  const products = view.salesByProduct.map((p) => row([p.name, yen(p.amount, locale)]));
  // No names on paper: the booking's number (or product and time) finds the guest.
  const owing = (items: CloseView['onSite']['unpaid']['items']) =>
    items.length
      ? `<table>${row([l.reservation, l.product, l.owed], true)}${items
          .map((u) =>
            row([
              u.number ?? u.reservationId,
              `${u.startTime} ${u.productName}`,
              u.owed === null ? l.amountUnknown : yen(u.owed, locale),
            ]),
          )
          .join('')}</table>`
      : `<p>${escapeHtml(l.none)}</p>`;
  const { onSite } = view;
  const closedBy = view.closedBy ? ` (${l.closedBy}: ${view.closedBy.name})` : '';
  const state =
    view.closedAt === null ? l.notClosed : `${l.closedAt}: ${stamp(view.closedAt)}${closedBy}`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(PRINT_CSP)}">
<title>${escapeHtml(`${l.title} ${view.businessDate}`)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 16mm; color: #111; }
h1 { font-size: 18pt; margin: 0 0 4pt; }
h2 { font-size: 12pt; margin: 14pt 0 4pt; }
h3 { font-size: 10.5pt; margin: 8pt 0 4pt; }
h2, h3 { break-after: avoid; }
table { break-inside: avoid; }
table { border-collapse: collapse; margin-bottom: 6pt; }
th, td { border: 1px solid #999; padding: 2pt 6pt; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.alert { font-weight: bold; }
@media print { body { margin: 0; } }
</style>
</head>
<body>
<h1>${escapeHtml(l.title)} · ${escapeHtml(options.storeName)} · ${escapeHtml(view.businessDate)}</h1>
<p>${escapeHtml(`${l.counter}: ${view.counterName || view.counterId}`)} · ${escapeHtml(state)} · ${escapeHtml(`${l.printedAt}: ${stamp(options.now)}`)}</p>
<h2>${escapeHtml(l.byTender)}</h2>
<table>${row([l.method, l.sales, l.refunds, l.corrections, l.net, l.count], true)}${tenders.join('')}</table>
${
  staff.length
    ? `<h2>${escapeHtml(l.byStaff)}</h2>
<table>${row([l.staff, l.sales, l.count, l.refunds, l.corrections, l.cash], true)}${staff.join('')}</table>`
    : ''
}
<h2>${escapeHtml(methods.cash)}</h2>
<table>
${row([l.openingFloat, yen(view.openingFloat, locale)])}
${view.cashMoves.in ? row([moneyWords[locale].cashDirections.in, signed(view.cashMoves.in, locale)]) : ''}
${view.cashMoves.out ? row([moneyWords[locale].cashDirections.out, yen(-view.cashMoves.out, locale)]) : ''}
${row([l.expected, yen(view.expectedCash, locale)])}
${row([l.counted, view.countedCash === null ? '—' : yen(view.countedCash, locale)])}
<tr class="${view.overShort ? 'alert' : ''}"><td>${escapeHtml(l.overShort)}</td><td>${escapeHtml(view.overShort === null ? '—' : signed(view.overShort, locale))}</td></tr>
${row([l.note, view.note ?? l.none])}
</table>
${count.length ? `<table>${row([l.denomination, l.pieces, l.amount], true)}${count.join('')}</table>` : ''}
${cashMovesSection(view, locale, timeZone)}
<h2>${escapeHtml(l.walkIns)}</h2>
<table>${row([l.count, String(view.walkIns.count)])}${row([l.amount, yen(view.walkIns.amount, locale)])}</table>
${itemsReport(view.items, locale, (n) => yen(n, locale))}
${discountsSection(view, locale)}
<h2>${escapeHtml(l.onSite)}</h2>
<table>${row([l.count, String(onSite.collections.count)])}${row([l.amount, yen(onSite.collections.amount, locale)])}${onSite.byTender.map((t) => row([methods[t.method], yen(t.amount, locale)])).join('')}${row([l.discounts, yen(onSite.discounts, locale)])}</table>
<h2>${escapeHtml(l.onSiteUnpaid)} · ${onSite.unpaid.count} · ${escapeHtml(yen(onSite.unpaid.amount, locale))}</h2>
${owing(onSite.unpaid.items)}
<h2>${escapeHtml(l.onSiteNoShows)} · ${onSite.noShows.count}</h2>
${owing(onSite.noShows.items)}
<h2>${escapeHtml(l.checkIns)}</h2>
<table>${row([l.expectedParties, String(checkIns.expected)])}${row([l.arrived, String(checkIns.arrived)])}${row([l.noShows, String(checkIns.noShows)])}${row([l.rate, checkIns.rate === null ? '—' : `${Math.round(checkIns.rate * 100)}%`])}</table>
<h2>${escapeHtml(l.byHour)}</h2>
${hourChart(view, locale)}
<h2>${escapeHtml(l.byProduct)}</h2>
${products.length ? `<table>${row([l.product, l.amount], true)}${products.join('')}</table>` : `<p>${escapeHtml(l.none)}</p>`}
${drawerSection(view, locale, timeZone)}
<table>
${row([l.refundsOwed, String(view.refundsOwed)])}
${row([l.unreadable, String(view.unreadable)])}
</table>
${options.store ? storeReportHtml(options.store, locale, options.timeZone) : ''}
</body>
</html>
`;
}
