/**
 * Japanese on a printer without a kanji font (set-up's "kanji: image", decision M17): the
 * ReceiptLine document drawn by receiptline as SVG, rendered to pixels by resvg (its WebAssembly
 * build: no native module, the same in both hosts) with the font the receipt PDF embeds (Noto Sans
 * JP), made black and white, and sent as the printer's raster image command — GS v 0 on ESC/POS,
 * ESC GS S on StarPRNT — in bands, then cut. The encoder library writes neither raster command
 * for StarPRNT (its images are column bands), so these few bytes are ours, like the status request.
 * The wasm and the font load once per process, at the first image or `warmRaster()`.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Resvg } from '@resvg/resvg-wasm';
import type { PrinterLanguage } from '../../ipc/contract';
import { receiptFontPath } from './pdf-font';

/** One bit a dot, rows of `width / 8` bytes, the leftmost dot the high bit; 1 is black. */
export interface Bitmap {
  width: number;
  height: number;
  bits: Uint8Array;
}

/** The font's family: every family the SVG names (and the generic ones) falls back to it. */
const FAMILY = 'Noto Sans JP';

interface Renderer {
  Resvg: typeof Resvg;
  font: Uint8Array;
}

let loading: Promise<Renderer> | null = null;

function renderer(): Promise<Renderer> {
  if (!loading) {
    const started = (async () => {
      const resvg = await import('@resvg/resvg-wasm');
      // Read from inside app.asar in the packaged app (Electron's fs reads it; no child needs it).
      const wasm = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
      const [bytes, font] = await Promise.all([readFile(wasm), readFile(receiptFontPath())]);
      await resvg.initWasm(bytes);
      return { Resvg: resvg.Resvg, font: new Uint8Array(font) };
    })();
    // A failed load is tried again by the next image rather than remembered.
    started.catch(() => {
      if (loading === started) loading = null;
    });
    loading = started;
  }
  return loading;
}

/** Load the renderer and its font now (in the background after start), so a print does not. */
export async function warmRaster(): Promise<void> {
  await svgBitmap(
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text y="8">字</text></svg>',
  );
}

/** An SVG (receiptline's, its width a multiple of 8 dots) as a black-and-white bitmap. */
export async function svgBitmap(svg: string): Promise<Bitmap> {
  const { Resvg, font } = await renderer();
  const resvg = new Resvg(svg, {
    font: {
      fontBuffers: [font],
      defaultFontFamily: FAMILY,
      monospaceFamily: FAMILY,
      sansSerifFamily: FAMILY,
      serifFamily: FAMILY,
    },
    background: '#fff',
    // Rules and boxes on whole dots.
    shapeRendering: 1,
  });
  const image = resvg.render();
  try {
    const { width, height, pixels } = image;
    const stride = Math.ceil(width / 8);
    const bits = new Uint8Array(stride * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        // Luminance below half is ink (the background is white: alpha is whole).
        if (pixels[p]! * 0.299 + pixels[p + 1]! * 0.587 + pixels[p + 2]! * 0.114 < 128)
          bits[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    return { width: stride * 8, height, bits };
  } finally {
    image.free();
    resvg.free();
  }
}

/** Rows per raster command: well within every printer's buffer (GS v 0 allows 2303 on Epson's). */
const BAND = 240;

/** The bitmap as the printer's raster image commands, one band of rows at a time. */
export function rasterCommands(language: PrinterLanguage, bitmap: Bitmap): Buffer {
  const stride = bitmap.width / 8;
  const bands: Buffer[] = [];
  for (let top = 0; top < bitmap.height; top += BAND) {
    const rows = Math.min(BAND, bitmap.height - top);
    const data = bitmap.bits.subarray(top * stride, (top + rows) * stride);
    const [xL, xH, yL, yH] = [stride & 0xff, stride >> 8, rows & 0xff, rows >> 8];
    // GS v 0 m xL xH yL yH d… (m 0: normal size); ESC GS S m xL xH yL yH n d… (m 1, n 0: one tone).
    const head =
      language === 'escpos'
        ? [0x1d, 0x76, 0x30, 0, xL, xH, yL, yH]
        : [0x1b, 0x1d, 0x53, 1, xL, xH, yL, yH, 0];
    bands.push(Buffer.from(head), Buffer.from(data));
  }
  return Buffer.concat(bands);
}

/** ESC @: the printer as it starts (no kanji mode, no emphasis). */
const INIT = Buffer.from([0x1b, 0x40]);

/** Fed to the cutter and cut (partly), as ReceiptLine cuts: GS V B 0; ESC d 3. */
const CUT: Record<PrinterLanguage, Buffer> = {
  escpos: Buffer.from([0x1d, 0x56, 0x42, 0]),
  starprnt: Buffer.from([0x1b, 0x64, 0x33]),
};

/** ReceiptLine's SVG of a document as the printer's raster image, cut at the end when asked. */
export async function rasterPrint(
  svg: string,
  language: PrinterLanguage,
  cut: boolean,
): Promise<Buffer> {
  // An empty document is an SVG of no height, which resvg does not draw.
  const empty = /^<svg[^>]* height="0px"/.test(svg);
  const image = empty ? null : rasterCommands(language, await svgBitmap(svg));
  return Buffer.concat([INIT, image ?? Buffer.alloc(0), cut ? CUT[language] : Buffer.alloc(0)]);
}
