/**
 * Counter items on a receipt (issue 30): each line with its name in the receipt's language, unit
 * price × quantity and amount; a reduced-rate line marked ※ and the mark explained once, as the
 * invoice system asks (適格簡易請求書: 軽減税率対象である旨). A line's counter discount prints under it
 * (`under`, Q14, I15).
 */
import { REDUCED_RATE, type ItemLine } from '../../common';
import type { PrintLocale } from '../../common/words';
import type * as receiptWords from '../../common/words/receipt';
import type { ReceiptRow } from '../receipt/rows';

type Words = Pick<(typeof receiptWords)['ja'], 'reducedMark' | 'reducedNote' | 'itemLine'>;

export function goodsRows(
  goods: readonly ItemLine[],
  locale: PrintLocale,
  L: Words,
  fmt: (n: number) => string,
  under: (line: ItemLine) => ReceiptRow[] = () => [],
): ReceiptRow[] {
  const rows: ReceiptRow[] = [];
  for (const line of goods) {
    const mark = line.taxRate === REDUCED_RATE ? ` ${L.reducedMark}` : '';
    rows.push({
      kind: 'pair',
      left: `${line.name[locale]}${mark}`,
      right: fmt(line.unitPrice * line.quantity),
      style: 'normal',
    });
    if (line.quantity > 1)
      rows.push({
        kind: 'pair',
        left: L.itemLine(fmt(line.unitPrice), line.quantity),
        right: '',
        style: 'sub',
      });
    rows.push(...under(line));
  }
  if (goods.some((l) => l.taxRate === REDUCED_RATE))
    rows.push({ kind: 'text', text: L.reducedNote, style: 'sub' });
  return rows;
}
