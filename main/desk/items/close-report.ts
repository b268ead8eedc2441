/**
 * Counter items on the printed close report (issue 30): items sold alone, every item by category,
 * and the day's takings by tax rate with the tax they contain — the reduced rate marked ※. On the
 * page (HTML) and on the roll (ReceiptLine rows); a counter's or the store's (a title's suffix).
 */
import { escapeHtml } from '../../common/html';
import * as itemWords from '../../common/words/items';
import type { ItemsCloseLine, UiLocale } from '../../ipc/contract';

const cells = (values: readonly string[], tag = 'td') =>
  `<tr>${values.map((v) => `<${tag}>${escapeHtml(v)}</${tag}>`).join('')}</tr>`;

export function itemsReport(
  line: ItemsCloseLine,
  locale: UiLocale,
  yen: (n: number) => string,
  suffix = '',
): string {
  const w = itemWords[locale];
  const rates = line.byRate.map((r) => cells([w.rate(r.rate), yen(r.amount), yen(r.tax)]));
  const categories = line.byCategory.map((c) =>
    cells([w.categories[c.category], String(c.quantity), yen(c.amount)]),
  );
  return `<h2>${escapeHtml(w.closeTitle + suffix)}</h2>
<table>${cells([w.alone, w.count(line.alone.count, yen(line.alone.amount))])}</table>
<h3>${escapeHtml(w.byRate)}</h3>
${rates.length ? `<table>${cells([w.rateColumn, w.amount, w.tax], 'th')}${rates.join('')}</table>` : ''}
${categories.length ? `<table>${cells([w.byCategory, w.quantity, w.amount], 'th')}${categories.join('')}</table>` : ''}`;
}

/** The same on the roll, as ReceiptLine rows (`row` and `indented` are the report's). */
export function itemsThermal(
  line: ItemsCloseLine,
  locale: UiLocale,
  yen: (n: number) => string,
  row: (left: string, right: string) => string,
  indented: (text: string) => string,
): string[] {
  const w = itemWords[locale];
  return [
    row(w.alone, w.count(line.alone.count, yen(line.alone.amount))),
    ...line.byRate.flatMap((r) => [
      row(w.rate(r.rate), yen(r.amount)),
      indented(`${w.tax} ${yen(r.tax)}`),
    ]),
    ...line.byCategory.map((c) =>
      row(`${w.categories[c.category]} x ${c.quantity}`, yen(c.amount)),
    ),
  ];
}
