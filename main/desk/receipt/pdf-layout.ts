/**
 * Where each part of a receipt model goes on the PDF's page, in points: the same sizes, rules and
 * spacing as the HTML page's CSS (receipt-page.ts), measured with the embedded font. Laid out
 * before drawing so that a roll's page is exactly as long as its content; A4 turns to a new page
 * when one is full. Lines wrap at any Japanese character and between Latin words, never before
 * a closing mark or after an opening one.
 */
import type { ReceiptLayout } from '../../ipc/contract';
import { QUIET_ZONE, qrRuns, type ReceiptBlock, type ReceiptModel, type ReceiptRow } from './model';

export const MM = 72 / 25.4;

/** The page (width; a roll's height follows its content), the body, the type and the code. */
export const PDF_PAGE: Record<
  ReceiptLayout,
  { width: number; height: number | null; body: number; font: number; margin: number; code: number }
> = {
  '58mm': { width: 58 * MM, height: null, body: 48 * MM, font: 9, margin: 3 * MM, code: 30 * MM },
  '80mm': { width: 80 * MM, height: null, body: 72 * MM, font: 10, margin: 3 * MM, code: 30 * MM },
  a4: {
    width: 210 * MM,
    height: 297 * MM,
    body: 120 * MM,
    font: 11,
    margin: 15 * MM,
    code: 35 * MM,
  },
};

/** Sizes relative to the layout's type, as the HTML's CSS has them. */
const SIZE = { normal: 1, sub: 0.85, total: 1.2 } as const;

export interface Measure {
  /** The advance width of `text` at `size` points. */
  width(text: string, size: number): number;
  /** The height of a line at `size` points. */
  lineHeight(size: number): number;
}

export type DrawOp =
  | { kind: 'text'; page: number; x: number; y: number; size: number; text: string }
  | { kind: 'rule'; page: number; x: number; y: number; width: number; thickness: number }
  | {
      kind: 'box';
      page: number;
      x: number;
      y: number;
      width: number;
      height: number;
      thickness: number;
    }
  | {
      kind: 'code';
      page: number;
      x: number;
      y: number;
      module: number;
      runs: ReturnType<typeof qrRuns>;
    };

export interface PdfLayout {
  width: number;
  /** Every page's height: a roll's is its content's. */
  height: number;
  pages: number;
  ops: DrawOp[];
}

const CJK = '\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef';
const TOKEN = new RegExp(`[${CJK}]|\\s+|[^\\s${CJK}]+`, 'gu');
const NO_START = new Set([...'、。，．）)」』】〕ー・：；！？%,.:;!?']);
const NO_END = new Set([...'（(「『【〔']);

/** `text` cut into lines no wider than `width`. */
export function wrap(text: string, size: number, width: number, m: Measure): string[] {
  const tokens: string[] = [];
  for (const t of text.match(TOKEN) ?? []) {
    const last = tokens.at(-1);
    if (last !== undefined && (NO_START.has(t[0]!) || NO_END.has(last.at(-1)!)))
      tokens[tokens.length - 1] = last + t;
    else tokens.push(t);
  }
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (m.width(line + token, size) <= width || line.trim() === '') {
      line += token;
      // A single word wider than the line: cut it where it fills the line.
      while (m.width(line, size) > width && [...line].length > 1) {
        const chars = [...line];
        let n = chars.length - 1;
        while (n > 1 && m.width(chars.slice(0, n).join(''), size) > width) n--;
        lines.push(chars.slice(0, n).join(''));
        line = chars.slice(n).join('');
      }
      continue;
    }
    lines.push(line.trimEnd());
    line = /^\s+$/.test(token) ? '' : token;
  }
  if (line.trim() !== '' || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

export function layoutReceipt(model: ReceiptModel, m: Measure): PdfLayout {
  const page = PDF_PAGE[model.layout];
  const base = page.font;
  const left = (page.width - page.body) / 2;
  const right = left + page.body;
  const bottom = page.height === null ? Infinity : page.height - page.margin;
  const ops: DrawOp[] = [];
  let sheet = 0;
  let y = page.margin;

  /** Room for `height` more: a new A4 page when this one is full. */
  const need = (height: number) => {
    if (y + height > bottom && y > page.margin) {
      sheet++;
      y = page.margin;
    }
  };
  const text = (s: string, x: number, size: number) =>
    ops.push({ kind: 'text', page: sheet, x, y, size, text: s });
  /** Lines of text, wrapped to the body, set left, centred or right. */
  const paragraph = (
    s: string,
    size: number,
    align: 'left' | 'center' = 'left',
    width = page.body,
  ) => {
    for (const line of wrap(s, size, width, m)) {
      need(m.lineHeight(size));
      const x = align === 'center' ? left + (page.body - m.width(line, size)) / 2 : left;
      text(line, x, size);
      y += m.lineHeight(size);
    }
  };
  const rule = (thickness: number) =>
    ops.push({ kind: 'rule', page: sheet, x: left, y, width: page.body, thickness });

  const row = (r: ReceiptRow) => {
    const size = r.kind === 'product' ? base : base * SIZE[r.style];
    y += r.kind === 'product' ? 1.5 * MM : 0.3 * MM;
    if (r.kind === 'product') {
      paragraph(r.name, base);
      paragraph(r.detail, base * SIZE.sub);
    } else if (r.kind === 'text') {
      if (r.style === 'total') rule(0.75);
      paragraph(r.text, size);
    } else {
      const rightWidth = m.width(r.right, size);
      const lines = wrap(r.left, size, Math.max(page.body - rightWidth - 2 * MM, page.body / 3), m);
      need(m.lineHeight(size));
      if (r.style === 'total') rule(0.75);
      ops.push({ kind: 'text', page: sheet, x: right - rightWidth, y, size, text: r.right });
      for (const line of lines) {
        need(m.lineHeight(size));
        if (line) text(line, left, size);
        y += m.lineHeight(size);
      }
    }
    y += 0.3 * MM;
  };

  const block = (b: ReceiptBlock) => {
    switch (b.kind) {
      case 'title':
        paragraph(b.text, base * 1.5, 'center');
        y += 2 * MM;
        return;
      case 'notice': {
        // The HTML's 2 px border (1.5 pt), 1 mm above and below.
        y += 1 * MM;
        const lines = wrap(b.text, base, page.body - 4, m);
        const height = lines.length * m.lineHeight(base) + 3;
        need(height);
        ops.push({
          kind: 'box',
          page: sheet,
          x: left,
          y,
          width: page.body,
          height,
          thickness: 1.5,
        });
        y += 1.5;
        for (const line of lines) {
          text(line, left + (page.body - m.width(line, base)) / 2, base);
          y += m.lineHeight(base);
        }
        y += 1.5 + 1 * MM;
        return;
      }
      case 'addressee':
        y += base * 1.3;
        paragraph(b.text, base * 1.3);
        rule(0.75);
        y += base * 1.3;
        return;
      case 'issuer':
        paragraph(b.business, base * 1.15);
        for (const line of b.lines) paragraph(line, base);
        return;
      case 'rows':
        y += 2 * MM;
        b.rows.forEach(row);
        return;
      case 'purpose':
        y += base;
        paragraph(b.text, base);
        y += base;
        return;
      case 'stamp': {
        // The page's box (22 × 26 mm), its caption at the top: the stamp goes inside (Q13).
        const width = 22 * MM;
        const height = 26 * MM;
        y += 3 * MM;
        need(height);
        ops.push({ kind: 'box', page: sheet, x: left, y, width, height, thickness: 0.75 });
        const size = base * SIZE.sub;
        text(b.caption, left + Math.max(0, (width - m.width(b.caption, size)) / 2), size);
        y += height + 3 * MM;
        return;
      }
      case 'code': {
        y += 4 * MM;
        const modules = b.modules.length + 2 * QUIET_ZONE;
        need(page.code + m.lineHeight(base * SIZE.sub));
        ops.push({
          kind: 'code',
          page: sheet,
          x: left + (page.body - page.code) / 2,
          y,
          module: page.code / modules,
          runs: qrRuns(b.modules),
        });
        y += page.code;
        for (const line of b.caption) paragraph(line, base * SIZE.sub, 'center');
        return;
      }
    }
  };

  model.blocks.forEach(block);
  return {
    width: page.width,
    height: page.height ?? Math.ceil(y + page.margin),
    pages: sheet + 1,
    ops,
  };
}
