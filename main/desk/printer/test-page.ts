/**
 * Set-up's test page: what the printer is set up as, Japanese in its kanji mode, a ruler of its
 * columns, and the cut — as a ReceiptLine document (receipt-thermal.ts prints it).
 */
import type { PrintLocale } from '../../common/words';
import * as words from '../../common/words/printer';
import type { ThermalPrinter } from '../../ipc/contract';
import { COLUMNS, escapeLine } from '../receipt/receipt-thermal';

export function testPage(printer: ThermalPrinter, locale: PrintLocale, now: number): string {
  const w = words[locale];
  const columns = COLUMNS[printer.paper];
  const stamp = new Date(now).toISOString().slice(0, 16).replace('T', ' ');
  const row = (left: string, right: string) => `|${escapeLine(left)} | ${escapeLine(right)}`;
  return [
    `^^^${escapeLine(w.testTitle)}`,
    '',
    `|${escapeLine(w.testIntro)}`,
    '-',
    row(w.language, printer.language === 'escpos' ? 'ESC/POS' : 'StarPRNT'),
    row(w.paper, `${printer.paper} (${w.columns(columns)})`),
    row(w.drawer, printer.drawer ? w.drawerYes : w.drawerNo),
    row(w.printedAt, `${stamp} UTC`),
    '-',
    `|${escapeLine(w.sample)}`,
    `|${escapeLine(w.ruler)}`,
    `|${'1234567890'.repeat(Math.ceil(columns / 10)).slice(0, columns)}`,
  ].join('\n');
}
