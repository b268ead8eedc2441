/**
 * What the virtual printer printed, as a picture of the paper (decision M9): its graphics in the
 * order they printed — raster images dot for dot, the QR codes it was asked for drawn as the
 * printer draws them (6-dot cells, centred) — as a PNG, for tests and training. Text printed in
 * the printer's own font is read back as lines (`Printout.lines`), not drawn: the virtual printer
 * has no printer font, and a drawing of ours would not be what the printer shows.
 */
import { PNG } from 'pngjs';
import { qrModules } from '../../receipt/model';
import type { Printout } from './decode';

/** The QR's cell in dots (qrCommand's size 6) and the feed around a code. */
const CELL = 6;
const GAP = 12;

export interface PaperImage {
  png: Buffer;
  width: number;
  height: number;
  /** Rows with any ink. */
  inkRows: number;
}

/** One bit a dot, 1 black: the paper as drawn so far. */
class Sheet {
  readonly rows: Uint8Array[] = [];
  constructor(readonly width: number) {}

  blank(rows: number): void {
    for (let i = 0; i < rows; i++) this.rows.push(new Uint8Array(this.width));
  }

  /** Rows of `cells` dots each `scale` × `scale`, centred. */
  draw(cells: boolean[][], scale: number): void {
    const left = Math.max(0, Math.floor((this.width - cells.length * scale) / 2));
    for (const line of cells) {
      const row = new Uint8Array(this.width);
      line.forEach((on, x) => {
        if (on) row.fill(1, left + x * scale, Math.min(this.width, left + (x + 1) * scale));
      });
      for (let i = 0; i < scale; i++) this.rows.push(row);
    }
  }
}

/** The printout's graphics as a PNG `width` dots wide (the roll's: 576 on 80 mm, 384 on 58 mm). */
export async function renderPaper(printout: Printout, width = 576): Promise<PaperImage> {
  const sheet = new Sheet(Math.max(width, ...printout.rasters.map((r) => r.width)));
  for (const item of printout.paper) {
    if (item.kind === 'raster') {
      // A raster image prints from the left margin, dot for dot.
      const { width: w, height, bits } = item.bitmap;
      for (let y = 0; y < height; y++) {
        const row = new Uint8Array(sheet.width);
        for (let x = 0; x < w; x++) row[x] = (bits[y * (w / 8) + (x >> 3)]! >> (7 - (x & 7))) & 1;
        sheet.rows.push(row);
      }
    } else if (item.kind === 'code') {
      sheet.blank(GAP);
      sheet.draw(await qrModules(item.text), CELL);
      sheet.blank(GAP);
    }
  }
  const height = Math.max(1, sheet.rows.length);
  const png = new PNG({ width: sheet.width, height });
  png.data.fill(255);
  let inkRows = 0;
  sheet.rows.forEach((row, y) => {
    let ink = false;
    row.forEach((on, x) => {
      if (!on) return;
      ink = true;
      const p = (y * sheet.width + x) * 4;
      png.data[p] = png.data[p + 1] = png.data[p + 2] = 0;
    });
    if (ink) inkRows++;
  });
  return { png: PNG.sync.write(png), width: sheet.width, height, inkRows };
}
