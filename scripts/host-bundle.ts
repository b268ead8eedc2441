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
const EXTERNAL = ['electron', 'kuromoji'];

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
      external: EXTERNAL,
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
