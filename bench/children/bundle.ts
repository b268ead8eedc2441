/**
 * A bench child built as the app runs: bundled by esbuild into one ES module and run by plain
 * node, so its time and memory are the code's own, not a TypeScript loader's.
 */
import path from 'node:path';
import { build } from 'esbuild';

/** Bundle `bench/children/<name>.ts` into `<dir>/<name>.mjs`; returns the file to run. */
export async function bundleChild(name: string, dir: string): Promise<string> {
  const outfile = path.join(dir, `${name}.mjs`);
  await build({
    entryPoints: [`bench/children/${name}.ts`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    // Dependencies written in CommonJS (conf and its own) call `require` inside the module.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return outfile;
}
