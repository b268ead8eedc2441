/**
 * A printer without a kanji font (set-up's "kanji: image", decision M17): the receipt's text
 * drawn by the counter and sent as the printer's raster image — GS v 0 on ESC/POS, ESC GS S on
 * StarPRNT — of the roll's width in dots (384 on 58 mm, 576 on 80 mm), with ink in it and no text
 * in the printer's kanji mode; the QR stays the printer's own command and the cut is there. The
 * virtual printer draws what it received as a PNG (render.ts) that a test reads back.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodePrintout } from '../../../main/desk/printer/virtual/decode';
import { renderPaper } from '../../../main/desk/printer/virtual/render';
import { readJob } from '../../../main/desk/printer/virtual/virtual-printer';
import { qrModules } from '../../../main/desk/receipt/model';
import { receiptThermal, thermalBytes } from '../../../main/desk/receipt/receipt-thermal';
import { rasterCommands, type Bitmap } from '../../../main/desk/receipt/thermal-raster';
import { SMALL_RECEIPT as model } from './support';

/** Rows of a bitmap with any ink. */
const inkRows = (b: Bitmap) => {
  const stride = b.width / 8;
  let rows = 0;
  for (let y = 0; y < b.height; y++)
    if (b.bits.subarray(y * stride, (y + 1) * stride).some((x) => x !== 0)) rows++;
  return rows;
};

/** Kanji mode switched on: FS & or FS C 1 on ESC/POS, ESC $ 1 on StarPRNT. */
const KANJI_ON = [
  Buffer.from([0x1c, 0x26]),
  Buffer.from([0x1c, 0x43, 0x01]),
  Buffer.from([0x1b, 0x24, 0x01]),
  Buffer.from([0x1b, 0x24, 0x31]),
];

describe('kanji as an image', () => {
  for (const language of ['escpos', 'starprnt'] as const)
    for (const [paper, dots] of [
      ['58mm', 384],
      ['80mm', 576],
    ] as const)
      it(`${language} on ${paper}: a raster image ${dots} dots wide, not blank, no kanji mode`, async () => {
        const bytes = await receiptThermal(model, { language, paper, kanji: 'image' });
        const out = decodePrintout(language, bytes);
        // The raster command of the language.
        const command =
          language === 'escpos' ? Buffer.from([0x1d, 0x76, 0x30]) : Buffer.from([0x1b, 0x1d, 0x53]);
        expect(bytes.includes(command)).toBe(true);
        // No text at all in the printer's font, kanji or not.
        expect(out.lines.every((l) => l.trim() === '')).toBe(true);
        for (const on of KANJI_ON) expect(bytes.includes(on)).toBe(false);
        // The text before the code and after it: two images, the roll's width.
        expect(out.rasters).toHaveLength(2);
        for (const image of out.rasters) {
          expect(image.width).toBe(dots);
          expect(inkRows(image)).toBeGreaterThan(10);
        }
        expect(out.codes).toEqual(['R-2611-0042']);
        expect(out.cuts).toBe(1);
        expect(readJob(bytes).rasters).toHaveLength(2);
      });

  it('prints the same document in kanji mode when the printer has the font', async () => {
    const builtin = decodePrintout(
      'escpos',
      await thermalBytes('|領収書', { language: 'escpos', paper: '80mm' }),
    );
    expect(builtin.lines.join('')).toContain('領収書');
    expect(builtin.rasters).toHaveLength(0);
    const image = decodePrintout(
      'escpos',
      await thermalBytes('|領収書', { language: 'escpos', paper: '80mm', kanji: 'image' }),
    );
    expect(image.lines.join('')).toBe('');
    expect(image.rasters).toHaveLength(1);
  });

  it('sends a tall image in bands the decoder joins back dot for dot', () => {
    const width = 16;
    const height = 500;
    const bits = new Uint8Array((width / 8) * height).map((_, i) => (i * 37) & 0xff);
    for (const language of ['escpos', 'starprnt'] as const) {
      const bytes = rasterCommands(language, { width, height, bits });
      const out = decodePrintout(language, bytes);
      // 240 rows a band: three commands, one image.
      expect(out.images).toBe(3);
      expect(out.rasters).toHaveLength(1);
      expect(out.rasters[0]!.height).toBe(height);
      expect(Buffer.from(out.rasters[0]!.bits).equals(Buffer.from(bits))).toBe(true);
    }
  });
});

describe('the virtual printer draws what it printed', () => {
  it('a raster receipt as a PNG of the roll: its images and its code, in ink', async () => {
    const bytes = await receiptThermal(model, {
      language: 'escpos',
      paper: '80mm',
      kanji: 'image',
    });
    const printout = readJob(bytes);
    const drawn = await renderPaper(printout, 576);
    const png = PNG.sync.read(drawn.png);
    expect([png.width, png.height]).toEqual([drawn.width, drawn.height]);
    expect(png.width).toBe(576);
    // Both images and the code between them (its modules 6 dots each, 12 dots fed either side).
    const modules = (await qrModules('R-2611-0042')).length;
    const images = printout.rasters.reduce((n, r) => n + r.height, 0);
    expect(png.height).toBe(images + modules * 6 + 24);
    const inked = printout.rasters.reduce((n, r) => n + inkRows(r), 0);
    expect(drawn.inkRows).toBe(inked + modules * 6);
    // Black dots are black, the paper white.
    const at = (x: number, y: number) => png.data[(y * png.width + x) * 4]!;
    const values = new Set<number>();
    for (let y = 0; y < png.height; y += 7)
      for (let x = 0; x < png.width; x += 5) values.add(at(x, y));
    expect([...values].sort()).toEqual([0, 255]);
  });

  it('draws nothing of text printed in the printer’s font: that is read as lines', async () => {
    const printout = readJob(await thermalBytes('|領収書', { language: 'escpos', paper: '58mm' }));
    const drawn = await renderPaper(printout, 384);
    expect(drawn.inkRows).toBe(0);
    expect(drawn.width).toBe(384);
    expect(printout.lines.join('')).toContain('領収書');
  });
});
