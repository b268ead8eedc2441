// Bundle the Electron main process, the preload script and the search's reading worker with
// esbuild. Runtime dependencies stay external in the main bundle: electron-builder ships them in
// app.asar's node_modules. The reading worker is whole (kuromoji inside, its dictionary read from
// the package's unpacked files): a worker thread then needs nothing from inside app.asar.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = ['electron', ...Object.keys(pkg.dependencies ?? {})];

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['main/shell/main.ts'],
    outfile: 'dist/main/main.js',
    format: 'esm',
  }),
  // A sandboxed preload cannot be an ES module.
  build({
    ...common,
    entryPoints: ['preload/preload.ts'],
    outfile: 'dist/preload/preload.cjs',
    format: 'cjs',
  }),
  // Beside main.js, where main/local/search/reading-service.ts looks for it. CommonJS: kuromoji is.
  build({
    ...common,
    external: [],
    entryPoints: ['main/local/search/reading-worker.ts'],
    outfile: 'dist/main/reading-worker.cjs',
    format: 'cjs',
  }),
]);
