/**
 * Vitest's global set-up for the tests that start real processes (vitest.config.ts, project
 * `processes`): builds what they start (test/support/built.ts) once per run, from the current
 * sources, into dist/test-run-<pid>/ — two levels below the root like dist/host, since the host
 * finds package.json and node_modules from where it lies — and names the folder to the test
 * files through the environment. Removed when the run ends.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { buildHost, ROOT } from '../../scripts/host-bundle';
import { BUILT_ENV, CODE_CACHED, PROGRAMS } from './built';

/**
 * `import.meta.dirname` of our sources as the folder of their source file: the office finds its
 * migrations (office/db/migrate.ts) and web pages beside its sources, not beside the bundle.
 */
const sourceDirname: Plugin = {
  name: 'source-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(file, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      return {
        contents: text.replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file))),
        loader: 'ts',
      };
    });
  },
};

export default async function setup(): Promise<() => void> {
  const dir = path.join(ROOT, 'dist', `test-run-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  await Promise.all([
    buildHost({
      entry: 'main/host/cli.ts',
      bootEntry: 'main/host/boot.ts',
      outdir: dir,
      name: 'host',
    }),
    ...Object.entries(PROGRAMS).flatMap(([name, program]): Promise<unknown>[] => {
      const common: BuildOptions = {
        absWorkingDir: ROOT,
        bundle: true,
        platform: 'node',
        target: 'node20',
        // PGlite finds its WebAssembly and data files beside its own module.
        external: ['electron', 'kuromoji', '@electric-sql/pglite'],
        plugins: [sourceDirname],
        logLevel: 'warning',
      };
      const cached = CODE_CACHED[name as keyof typeof PROGRAMS];
      if (cached)
        return [
          // As scripts/host-bundle.ts builds the host: a script run from V8's code cache has no
          // import(), nor import.meta (the bundle's own file stands for it).
          build({
            ...common,
            entryPoints: [program.entry],
            outfile: path.join(dir, cached.bundle),
            format: 'cjs',
            supported: { 'dynamic-import': false },
            define: { 'import.meta.url': '__frontDeskBundleUrl' },
            banner: {
              js: "var __frontDeskBundleUrl = require('node:url').pathToFileURL(__filename).href;",
            },
          }),
          build({
            ...common,
            entryPoints: [cached.boot],
            outfile: path.join(dir, program.file),
            format: 'cjs',
          }),
        ];
      return [
        build({
          ...common,
          entryPoints: [program.entry],
          outfile: path.join(dir, program.file),
          // ES modules, as their sources are; CommonJS packages inside still call require()
          // for Node's own modules.
          format: 'esm',
          banner: {
            js: "import { createRequire as __frontDeskRequire } from 'node:module'; const require = __frontDeskRequire(import.meta.url);",
          },
        }),
      ];
    }),
  ]);
  process.env[BUILT_ENV] = dir;
  console.log(
    `[global set-up] host, sandbox, office and walk-in child built in ${Math.round(performance.now() - started)} ms`,
  );
  return () => rmSync(dir, { recursive: true, force: true });
}
