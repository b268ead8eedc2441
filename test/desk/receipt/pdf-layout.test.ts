/**
 * The PDF's layout with a measure of its own (every character 1 pt wide at any size, lines
 * 10 pt): lines wrap within the body at any Japanese character and between words, a closing
 * mark never starts a line, an amount stays whole on the right, a roll is as long as its
 * content and A4 turns to a new page when full.
 */
import { describe, expect, it } from 'vitest';
import { layoutReceipt, PDF_PAGE, wrap, type Measure } from '../../../main/desk/receipt/pdf-layout';
import type { ReceiptModel } from '../../../main/desk/receipt/model';

const m: Measure = { width: (text) => [...text].length, lineHeight: () => 10 };

describe('wrap', () => {
  it('fills lines to the width, between words and at any Japanese character', () => {
    expect(wrap('Show this code at the counter', 9, 12, m)).toEqual([
      'Show this',
      'code at the',
      'counter',
    ]);
    expect(wrap('受付でこのコードを読み取る', 9, 5, m)).toEqual([
      '受付でこの',
      'コードを読',
      'み取る',
    ]);
  });

  it('never starts a line with a closing mark, never cuts a word that fits', () => {
    const lines = wrap('料金はサービス未確認(受付で収受した額)。', 9, 10, m);
    for (const line of lines) expect('、。)）」'.includes(line[0]!)).toBe(false);
    expect(lines.join('')).toBe('料金はサービス未確認(受付で収受した額)。');
    expect(wrap('T7000012050002', 9, 20, m)).toEqual(['T7000012050002']);
  });

  it('cuts a word wider than the line where the line is full', () => {
    expect(wrap('abcdefghij', 9, 4, m)).toEqual(['abcd', 'efgh', 'ij']);
  });
});

describe('layoutReceipt', () => {
  const model = (layout: ReceiptModel['layout'], rows: number): ReceiptModel => ({
    layout,
    locale: 'en',
    stampDuty: 0,
    title: 'Receipt',
    blocks: [
      { kind: 'title', text: 'Receipt' },
      {
        kind: 'rows',
        role: 'lines',
        rows: Array.from({ length: rows }, (_, i) => ({
          kind: 'pair' as const,
          left: `Item ${i} with a name long enough to wrap on a narrow roll`,
          right: '¥12,000',
          style: 'normal' as const,
        })),
      },
    ],
  });

  it('keeps every text within the body, the amount whole at its right edge', () => {
    const page = PDF_PAGE['58mm'];
    const left = (page.width - page.body) / 2;
    const layout = layoutReceipt(model('58mm', 3), m);
    const texts = layout.ops.filter((op) => op.kind === 'text');
    for (const op of texts) {
      expect(op.x).toBeGreaterThanOrEqual(left - 1e-9);
      expect(op.x + [...op.text].length).toBeLessThanOrEqual(left + page.body + 1e-9);
    }
    const amounts = texts.filter((op) => op.text === '¥12,000');
    expect(amounts).toHaveLength(3);
    for (const op of amounts) expect(op.x + 7).toBeCloseTo(left + page.body);
  });

  it('a roll is one page as long as its content; more rows, longer', () => {
    const short = layoutReceipt(model('80mm', 2), m);
    const long = layoutReceipt(model('80mm', 40), m);
    expect([short.pages, long.pages]).toEqual([1, 1]);
    const bottom = Math.max(...long.ops.map((op) => op.y));
    expect(long.height).toBeGreaterThan(bottom);
    expect(long.height).toBeGreaterThan(short.height + 38 * 10);
  });

  it('A4 keeps its size and turns to a new page when one is full', () => {
    const layout = layoutReceipt(model('a4', 100), m);
    expect(layout.height).toBeCloseTo(PDF_PAGE.a4.height!);
    expect(layout.pages).toBeGreaterThan(1);
    for (const op of layout.ops)
      expect(op.y + 10).toBeLessThanOrEqual(layout.height - PDF_PAGE.a4.margin + 1e-9);
  });
});
