/**
 * The receipt model as a thermal printer's own commands (the third drawing, beside the HTML page
 * and the PDF). Two kept libraries, each for what it does (decision M6): the text is written as a
 * ReceiptLine document, which `receiptline` turns into ESC/POS (Epson TM-m30, TM-T88) or StarPRNT
 * (Star mC-Print3, TSP100) in the printer's kanji mode, cut at the end; the reservation number is
 * the printer's own QR command (GS ( k, ESC GS y), written by `@point-of-sale/receipt-printer-
 * encoder` (ReceiptLine draws codes as images). Widths are the printer's columns of its standard
 * font: 48 on an 80 mm roll, 32 on a 58 mm one. No emphasis by weight (Q9): the title and totals
 * are wide. A printer without a kanji font gets the same document drawn as a raster image
 * (thermal-raster.ts, M17), 12 dots a column: 576 dots wide on 80 mm, 384 on 58 mm.
 */
import type { ThermalFormat } from '../../ipc/contract';
import type { ReceiptBlock, ReceiptModel, ReceiptRow } from './model';
import { rasterPrint } from './thermal-raster';

/** Characters per line of the printer's standard (12 × 24 dot) font on each roll. */
export const COLUMNS: Record<ThermalFormat['paper'], number> = { '58mm': 32, '80mm': 48 };

/** ReceiptLine's command set for each language: its Japanese (multi-byte) variants. */
const COMMAND: Record<ThermalFormat['language'], 'escpos' | 'starmbcs'> = {
  escpos: 'escpos',
  starprnt: 'starmbcs',
};

/**
 * Characters the printer's code page (cp932) lacks, as the ones it has that look alike: ReceiptLine
 * would print `?` for them.
 */
const LOOKALIKE: Record<string, string> = {
  '\u2014': '\u2015', // — as ―
  '\u2013': '-', // –
  '\u2212': '-', // − (minus)
  '\u00b7': '\u30fb', // · as ・
  '\u301c': '\uff5e', // 〜 as ～
};

/** Text as the printer can print it, ReceiptLine's markup characters written as themselves. */
export function escapeLine(text: string): string {
  const plain = text
    .replace(/\s+/g, ' ')
    .replace(/[\u2014\u2013\u2212\u00b7\u301c]/g, (c) => LOOKALIKE[c]!)
    .replace(/[\\|{}~_"`^]/g, (c) => `\\${c}`);
  // A line of only `-` or `=` is a rule or a cut.
  return /^[-=]/.test(plain) ? `\\${plain}` : plain;
}

/** A line left-aligned and indented by two (ReceiptLine trims plain spaces: `\x20` stays). */
export const indented = (text: string) => `|\\x20\\x20${escapeLine(text)}`;

function rowLines(row: ReceiptRow, columns: number): string[] {
  if (row.kind === 'product') return [`|${escapeLine(row.name)}`, indented(row.detail)];
  if (row.kind === 'text') return [`|${escapeLine(row.text)}`];
  const left = escapeLine(row.left);
  const right = escapeLine(row.right);
  // The total doubles its width when label and amount still fit one line (not on 58 mm with a
  // long amount: there it is double height, the label never broken under its amount).
  if (row.style === 'total') {
    const scale = emphasis(`${row.left} ${row.right}`, columns, '^', '^^');
    return ['-', `|${scale}${left} | ${scale}${right}`];
  }
  // No left text: the right stands alone on the right (a slip number under its method).
  return [left ? `|${left} | ${right}` : `${right}|`];
}

/** Columns `text` takes in the standard font: a full-width character two. */
export function columnsOf(text: string): number {
  return [...text].reduce((n, c) => n + (/[\u0020-\u007e\uff61-\uff9f]/.test(c) ? 1 : 2), 0);
}

/**
 * `text` in lines of at most `columns`, broken between words; a word longer than a line (Japanese
 * is written without spaces) is left whole for ReceiptLine to break at any character.
 */
export function wordLines(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && columnsOf(next) > columns) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line || !lines.length ? [...lines, line] : lines;
}

/**
 * ReceiptLine's emphasis for `text`: `wide` (one that doubles the width: `^`, `^^^`) when the text
 * stays on one line so, else `narrow` (the same width: `^^` double height, or none).
 */
const emphasis = (text: string, columns: number, wide: string, narrow: string) =>
  columnsOf(text) * 2 <= columns ? wide : narrow;

function blockLines(block: ReceiptBlock, columns: number): string[] {
  switch (block.kind) {
    case 'title':
      return [`${emphasis(block.text, columns, '^^^', '^^')}${escapeLine(block.text)}`, ''];
    case 'notice':
      return [`\`${escapeLine(block.text)}\``];
    case 'addressee':
      return ['', `|_^${escapeLine(block.text)}_`];
    case 'issuer':
      return [
        '',
        `${emphasis(block.business, columns, '^', '')}${escapeLine(block.business)}`,
        ...block.lines.map(escapeLine),
        '',
      ];
    case 'rows':
      return [
        ...block.rows.flatMap((row) => rowLines(row, columns)),
        ...(block.role === 'meta' ? ['-'] : []),
      ];
    case 'purpose':
      return ['', `|${escapeLine(block.text)}`];
    case 'stamp':
      // The place the stamp goes: its caption between two rules, room for it below (Q13).
      return ['', '-', `|${escapeLine(block.caption)}`, '', '', '', '', '-'];
    case 'code':
      // The code itself is the printer's command (qrCommand); its caption is text, its words kept
      // whole on the roll (ReceiptLine would cut "booking" at the roll's edge).
      return block.caption.flatMap((c) => wordLines(c, columns)).map(escapeLine);
  }
}

/** A part of the printout: ReceiptLine text, or a QR code the printer draws. */
type Part = { text: string } | { code: string };

/** The model as ReceiptLine text and codes, in order (the text is also what tests read back). */
export function receiptParts(model: ReceiptModel, columns: number): Part[] {
  const parts: Part[] = [];
  let lines: string[] = [];
  for (const block of model.blocks) {
    if (block.kind === 'code') {
      parts.push({ text: [...lines, ''].join('\n') }, { code: block.text });
      lines = [];
    }
    lines.push(...blockLines(block, columns));
  }
  parts.push({ text: lines.join('\n') });
  return parts;
}

/** The model as the bytes a printer of `format` prints, cut at the end. */
export async function receiptThermal(model: ReceiptModel, format: ThermalFormat): Promise<Buffer> {
  const parts = receiptParts(model, COLUMNS[format.paper]);
  const bytes = await Promise.all(
    parts.map((part, i) =>
      'code' in part
        ? qrCommand(part.code, format)
        : thermalBytes(part.text, format, i === parts.length - 1),
    ),
  );
  return Buffer.concat(bytes);
}

/** ReceiptLine text as the printer's commands (a receipt's text, a test print, a report). */
export async function thermalBytes(
  document: string,
  format: ThermalFormat,
  cut = true,
): Promise<Buffer> {
  // Loaded at the first print, not with the app (G11).
  const { default: receiptline } = await import('receiptline');
  if (format.kanji === 'image') {
    // No kanji font in the printer: the text drawn by the counter, sent as an image (M17).
    const svg = receiptline.transform(document, {
      cpl: COLUMNS[format.paper],
      encoding: 'cp932',
      command: 'svg',
      spacing: true,
      cutting: false,
    });
    return rasterPrint(svg, format.language, cut);
  }
  const commands = receiptline.transform(document, {
    cpl: COLUMNS[format.paper],
    encoding: 'cp932',
    command: COMMAND[format.language],
    spacing: true,
    cutting: cut,
  });
  // ReceiptLine answers the commands as a string of bytes (one char each).
  return Buffer.from(commands, 'latin1');
}

/** The printer's encoder of the library for `format`'s language. */
export async function encoderFor(language: ThermalFormat['language']) {
  const { default: Encoder } = await import('@point-of-sale/receipt-printer-encoder');
  return new Encoder({
    language: language === 'escpos' ? 'esc-pos' : 'star-prnt',
    newline: '\n',
  });
}

/** The reservation number as the printer's QR command, centred: cell 6 dots, level M (Q6). */
export async function qrCommand(text: string, format: ThermalFormat): Promise<Buffer> {
  const encoder = await encoderFor(format.language);
  const bytes = encoder
    .align('center')
    .qrcode(text, { model: 2, size: 6, errorlevel: 'm' })
    .newline()
    .align('left')
    .encode();
  return Buffer.from(bytes);
}
