/**
 * The store's close on the printed report (decision Z13), after this counter's own figures, when
 * the counter is one of a shop: every counter closed or not with its drawer's figures, the store's
 * totals by tender, cash in/out, items by tax rate and category, discounts given, and which counter
 * did not send which part (an older version) or could not be read. On the page (HTML) and on the
 * roll (ReceiptLine), from the one StoreCloseView the close screen shows.
 */
import { DateTime } from 'luxon';
import { escapeHtml } from '../../common/html';
import * as closeWords from '../../common/words/close';
import * as itemWords from '../../common/words/items';
import * as moneyWords from '../../common/words/money';
import type { StoreClosePart, StoreCloseView, UiLocale } from '../../ipc/contract';
import { itemsReport, itemsThermal } from '../items/close-report';
import { escapeLine, indented } from '../receipt/receipt-thermal';
import { signed, yen } from './yen';

/** What the store part says, in words, whatever it is printed on. */
function storeLines(store: StoreCloseView, locale: UiLocale, timeZone: string) {
  const l = closeWords[locale];
  const m = moneyWords[locale];
  const money = (n: number) => yen(n, locale);
  const partName: Record<StoreClosePart, string> = {
    items: itemWords[locale].closeTitle,
    discountsGiven: l.discountsGiven,
    cashMoves: l.cashMoves,
  };
  const separator = locale === 'ja' ? '・' : ', ';
  return {
    counters: store.counters.map((c) => ({
      name: c.counterName || c.counterId,
      state: c.closed ? l.closed : l.notClosed,
      expected: c.hasFigures ? money(c.expectedCash) : '—',
      // Not closed, not counted (AA20): never an over/short.
      counted: !c.closed || c.countedCash === null ? l.notCounted : money(c.countedCash),
      overShort: !c.closed || c.overShort === null ? '—' : signed(c.overShort, locale),
    })),
    tenders: store.byTender
      .filter((t) => t.count > 0 || t.sales || t.refunds || t.corrections)
      .map((t) => ({
        method: `${m.methods[t.method]} (${t.count})`,
        net: money(t.sales - t.refunds + t.corrections),
      })),
    cash: [
      [m.cashDirections.in, signed(store.cashMoves.in, locale)],
      [m.cashDirections.out, money(-store.cashMoves.out)],
      [m.cashDirections.exchange, `${money(store.cashMoves.exchanged)} (${l.exchangedNote})`],
    ] as const,
    notes: [
      ...(store.missing.length ? [l.storeIncomplete] : []),
      ...store.missing.map((m) =>
        m.reason === 'no_figures'
          ? l.storeNoFigures(m.counterName || m.counterId)
          : l.storeNotReached(
              m.counterName || m.counterId,
              m.asOf === null
                ? null
                : DateTime.fromMillis(m.asOf, { zone: timeZone }).toFormat('HH:mm'),
            ),
      ),
      ...store.notReported.map((c) =>
        l.storeNotReported(
          c.counterName || c.counterId,
          c.parts.map((p) => partName[p]).join(separator),
        ),
      ),
      ...(store.unreadable.length ? [l.storeUnreadable(store.unreadable.length)] : []),
    ],
  };
}

const cell = (tag: 'td' | 'th', values: readonly string[]) =>
  `<tr>${values.map((v) => `<${tag}>${escapeHtml(v)}</${tag}>`).join('')}</tr>`;

/** The store part of the report's page. */
export function storeReportHtml(store: StoreCloseView, locale: UiLocale, timeZone: string): string {
  const l = closeWords[locale];
  const s = storeLines(store, locale, timeZone);
  const money = (n: number) => yen(n, locale);
  const d = store.discountsGiven;
  return `<section class="store">
<h2>${escapeHtml(l.store)}</h2>
${s.notes.map((n) => `<p class="alert">${escapeHtml(n)}</p>`).join('\n')}
<table>${cell('th', [l.counter, '', l.expected, l.counted, l.overShort])}${s.counters
    .map((c) => cell('td', [c.name, c.state, c.expected, c.counted, c.overShort]))
    .join('')}${cell('td', [l.overShort, '', '', '', signed(store.overShort, locale)])}</table>
<h2>${escapeHtml(l.byTender + l.allCounters)}</h2>
<table>${cell('th', [l.method, l.net])}${s.tenders.map((t) => cell('td', [t.method, t.net])).join('')}</table>
<h2>${escapeHtml(l.cashMoves + l.allCounters)}</h2>
<table>${s.cash.map(([what, amount]) => cell('td', [what, amount])).join('')}</table>
${itemsReport(store.items, locale, money, l.allCounters)}
<h2>${escapeHtml(l.discountsGiven + l.allCounters)}</h2>
<table>${cell('td', [l.count, String(d.count)])}${cell('td', [l.amount, money(d.amount)])}${d.byReason
    .map((r) => cell('td', [`${r[locale]} (${r.count})`, money(r.amount)]))
    .join('')}</table>
</section>`;
}

/** The store part of the report on the roll. */
export function storeReportThermal(
  store: StoreCloseView,
  locale: UiLocale,
  timeZone: string,
): string[] {
  const l = closeWords[locale];
  const s = storeLines(store, locale, timeZone);
  const money = (n: number) => yen(n, locale);
  const row = (left: string, right: string) => `|${escapeLine(left)} | ${escapeLine(right)}`;
  const heading = (text: string) => ['-', `"${escapeLine(text)}"`];
  const d = store.discountsGiven;
  return [
    '=',
    `^${escapeLine(l.store)}`,
    ...s.notes.map((n) => `|"${escapeLine(n)}"`),
    ...s.counters.flatMap((c) => [
      row(c.name, c.state),
      indented(`${l.expected} ${c.expected} / ${l.counted} ${c.counted}`),
      indented(`${l.overShort} ${c.overShort}`),
    ]),
    row(l.overShort, signed(store.overShort, locale)),
    ...heading(l.byTender + l.allCounters),
    ...s.tenders.map((t) => row(t.method, t.net)),
    ...heading(l.cashMoves + l.allCounters),
    ...s.cash.map(([what, amount]) => row(what, amount)),
    ...heading(itemWords[locale].closeTitle + l.allCounters),
    ...itemsThermal(store.items, locale, money, row, indented),
    ...heading(l.discountsGiven + l.allCounters),
    row(l.count, String(d.count)),
    row(l.amount, money(d.amount)),
    ...d.byReason.map((r) => row(`  ${r[locale]} (${r.count})`, money(r.amount))),
  ];
}
