/**
 * The receipt PDF's font: the package's full Noto Sans JP Regular (kanji included, not a subset
 * shipped by the package), parsed once per process and the same parsed font given to every PDF.
 */
import { statSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { receiptFont, receiptFontPath } from '../../../main/desk/receipt/pdf-font';

describe('the receipt font', () => {
  it('is the full Regular TrueType font, with the kanji a receipt prints', async () => {
    expect(receiptFontPath()).toMatch(/NotoSansJP_400Regular\.ttf$/);
    expect(statSync(receiptFontPath()).size).toBeGreaterThan(4_000_000);
    const font = await receiptFont();
    expect(font.postscriptName).toBe('NotoSansJP-Regular');
    expect(font.numGlyphs).toBeGreaterThan(15_000);
    for (const ch of '領収書再発行登録番号嵐山体験株式会社お釣り予約￥')
      expect(font.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(true);
  });

  it('is read and parsed once: every PDF gets the same parsed font', async () => {
    const [a, b] = await Promise.all([receiptFont(), receiptFont()]);
    expect(a).toBe(b);
    expect(await receiptFont()).toBe(a);
  });

  it('is loaded ahead by the warm-up, so the first PDF finds it parsed', async () => {
    // A process that has not loaded it yet: without the warm-up the font would still be loading.
    vi.resetModules();
    const fresh = await import('../../../main/desk/receipt/pdf-font');
    const { warmReceiptPdf } = await import('../../../main/desk/receipt/receipt-pdf');
    await warmReceiptPdf();
    const settled = await Promise.race([
      fresh.receiptFont().then(() => 'parsed'),
      new Promise((resolve) => setImmediate(() => resolve('still loading'))),
    ]);
    expect(settled).toBe('parsed');
  });
});
