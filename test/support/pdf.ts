/**
 * A PDF read back with poppler's tools (poppler-utils, installed by scripts/ensure-browser.ts):
 * its text as laid out, its pages' size, its fonts, and its first page as a PNG whose QR code is
 * decoded with jsQR. Each writes the PDF to a temporary file and removes it after.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

function withFile<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fd-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.error}`);
  return result.stdout;
}

/** The text as pdftotext lays it out. */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) => run('pdftotext', ['-layout', file, '-']));
}

/** Pages and the first page's size in points (pdfinfo). */
export function pdfInfo(pdf: Buffer): { pages: number; width: number; height: number } {
  const info = withFile(pdf, (file) => run('pdfinfo', [file]));
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  if (!size || !pages) throw new Error(`pdfinfo said:\n${info}`);
  return { pages: Number(pages[1]), width: Number(size[1]), height: Number(size[2]) };
}

/** The fonts as pdffonts lists them: name, whether embedded, whether a subset. */
export function pdfFonts(pdf: Buffer): { name: string; embedded: boolean; subset: boolean }[] {
  const lines = withFile(pdf, (file) => run('pdffonts', [file]))
    .split('\n')
    .slice(2);
  return lines
    .filter((line) => line.trim())
    .map((line) => {
      // name, type (may hold spaces), encoding, then emb sub uni object ID.
      const cols = line.trim().split(/\s+/);
      const [emb, sub] = cols.slice(-5, -3);
      return { name: cols[0]!, embedded: emb === 'yes', subset: sub === 'yes' };
    });
}

/** The first page as PNG at `dpi` (pdftoppm). */
export function pdfPng(pdf: Buffer, dpi = 200): Buffer {
  return withFile(pdf, (file, dir) => {
    run('pdftoppm', ['-png', '-r', String(dpi), '-singlefile', file, path.join(dir, 'page')]);
    return readFileSync(path.join(dir, 'page.png'));
  });
}

/** The QR code on a PNG, decoded, or null when none is read. */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}
