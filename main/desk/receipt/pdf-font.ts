/**
 * The receipt PDF's font: Noto Sans JP Regular (SIL OFL 1.1, decision Q10), embedded as a subset
 * of the glyphs a receipt uses, so a PDF reads the same on any machine and nothing depends on the
 * fonts installed. Read and parsed once per process, on the first PDF (not at start: fontkit and
 * pdfkit are imported then too, ~0.25 s of loading kept off the start-up path), and the parsed
 * font reused by every PDF after. In the packaged app the file is unpacked beside app.asar
 * (electron-builder.yml), as kuromoji's dictionary is.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { unpacked } from '../../local/index';

/** The font file, as the package ships it (a full TrueType font with its kanji). */
export const RECEIPT_FONT_FILE =
  '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf';

export function receiptFontPath(): string {
  return unpacked(createRequire(import.meta.url).resolve(RECEIPT_FONT_FILE));
}

let loading: Promise<Font> | null = null;

export function receiptFont(): Promise<Font> {
  if (!loading) {
    const started = Promise.all([import('fontkit'), readFile(receiptFontPath())]).then(
      ([{ create }, bytes]) => {
        const font = create(bytes);
        if (!('layout' in font)) throw new Error('the receipt font is a collection, not one font');
        return font;
      },
    );
    // A failed read is tried again by the next PDF rather than remembered.
    started.catch(() => {
      if (loading === started) loading = null;
    });
    loading = started;
  }
  return loading;
}
