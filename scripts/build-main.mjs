// Bundle the Electron main process and the preload script with esbuild.
// Runtime dependencies stay external: electron-builder ships them in app.asar's node_modules.
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
]);
