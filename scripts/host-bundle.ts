/**
 * The browser host as it is built and run (`npm run build:host`, `npm start` without Electron, the
 * cold-start bench): one CommonJS file with every dependency inside, started by a small boot file
 * that compiles it through V8's code cache (main/host/code-cache.ts), and the reading worker
 * beside it. Decision G10: resolving and loading ~560 files of node_modules one by one was most of
 * the host's start before its code ran; one file compiled from a cache is not.
 */
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** kuromoji is only ever loaded by the reading worker, which is bundled whole on its own. */
const WORKER_ONLY = ['kuromoji'];

/**
 * Packages the host loads only when first used, by a dynamic import (decisions G11, Q10, M21): the
 * receipt's PDF (pdfkit, fontkit and brotli's 1.3 MB dictionary), its QR code, the thermal
 * printer's layout and encoder, the raster's SVG renderer. Inside the bundle they were half its
 * 7.8 MB, read and deserialised from V8's cache at every start though never run there (G19): left
 * out, they are required from node_modules at their first use, which the browser host always runs
 * beside (`npm start`, the tests), as they were before G10.
 */
export const LOADED_WHEN_USED = [
  'pdfkit',
  'fontkit',
  'qrcode',
  'receiptline',
  '@point-of-sale/receipt-printer-encoder',
  '@resvg/resvg-wasm',
];

const EXTERNAL = ['electron', ...WORKER_ONLY];

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: ROOT,
};

export interface HostBundle {
  /** The file to run: `node <boot> [args]`. */
  boot: string;
  /** What esbuild put into the host's bundle (for tests and `--analyze`). */
  metafile: Metafile;
}

/**
 * Bundle `entry` (main/host/cli.ts, or the bench's host) into `outdir`/`name`.cjs with the boot
 * file `bootEntry` beside it (it names the bundle it runs) and the reading worker.
 */
export async function buildHost(options: {
  entry: string;
  bootEntry: string;
  outdir: string;
  name: string;
}): Promise<HostBundle> {
  const outdir = path.resolve(ROOT, options.outdir);
  const [host] = await Promise.all([
    build({
      ...common,
      entryPoints: [options.entry],
      outfile: path.join(outdir, `${options.name}.cjs`),
      external: [...EXTERNAL, ...LOADED_WHEN_USED],
      // A script run from V8's code cache has no import() (code-cache.ts): those of the packages
      // left out become requires, run when first used all the same.
      supported: { 'dynamic-import': false },
      metafile: true,
      // The sources ask `import.meta.url` where they are (the renderer, package.json, the
      // worker): in CommonJS that is the bundle's own file.
      define: { 'import.meta.url': '__frontDeskBundleUrl' },
      banner: {
        js: "var __frontDeskBundleUrl = require('node:url').pathToFileURL(__filename).href;",
      },
    }),
    build({
      ...common,
      entryPoints: [options.bootEntry],
      outfile: path.join(outdir, 'boot.cjs'),
    }),
    // Beside the bundle, where main/local/search/reading-service.ts looks for it.
    build({
      ...common,
      entryPoints: ['main/local/search/reading-worker.ts'],
      outfile: path.join(outdir, 'reading-worker.cjs'),
    }),
  ]);
  return { boot: path.join(outdir, 'boot.cjs'), metafile: host.metafile };
}
