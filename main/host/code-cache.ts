/**
 * Run the browser host's bundle (one CommonJS file, its dependencies inside) with V8's code cache
 * kept beside it, as `v8-compile-cache` does: Node 20 has no `module.enableCompileCache` (22.1+).
 * Compiling the ~4 MB bundle took ~55 of the ~170 ms before its code ran (decision G10); with the
 * cache V8 takes the compiled code from the file instead.
 *
 * The cache is keyed by the bundle's size and modification time (V8 checks only the source's
 * length, so a rebuilt bundle must not meet an older cache), written once the code it should hold
 * has run (the first requests served: ten seconds after the start, or at exit if that is sooner),
 * and only when none was taken. Any failure to read or write it only costs the compile.
 */
import { readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

const WRITE_AFTER_MS = 10_000;
const SUFFIX = '.v8cache';

/** The cache file of `bundle` as it is now. */
export function cacheFileOf(bundle: string): string {
  const { size, mtimeMs } = statSync(bundle);
  return `${bundle}.${size}-${Math.round(mtimeMs)}${SUFFIX}`;
}

/** Run `bundle` as Node would run it as a CommonJS main module, compiled from its cache if any. */
export function runWithCodeCache(bundle: string): void {
  const filename = path.resolve(bundle);
  const source = readFileSync(filename, 'utf8');
  const cacheFile = cacheFileOf(filename);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // None yet (the first start after a build): compiled from source, cached below.
  }
  const script = new vm.Script(Module.wrap(source), { filename, cachedData });
  if (cachedData === undefined || script.cachedDataRejected === true)
    keepWhenRun(script, filename, cacheFile);
  const module = new Module(filename);
  module.filename = filename;
  const run = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: Module,
    filename: string,
    dirname: string,
  ) => void;
  run.call(
    module.exports,
    module.exports,
    createRequire(filename),
    module,
    filename,
    path.dirname(filename),
  );
}

function keepWhenRun(script: vm.Script, bundle: string, cacheFile: string): void {
  let done = false;
  const write = () => {
    if (done) return;
    done = true;
    try {
      const temporary = `${cacheFile}.${process.pid}`;
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
      removeOthers(bundle, cacheFile);
    } catch {
      // A read-only folder: every start compiles, as without a cache.
    }
  };
  process.once('exit', write);
  setTimeout(write, WRITE_AFTER_MS).unref();
}

/** Caches of earlier builds of the same bundle. */
function removeOthers(bundle: string, kept: string): void {
  const stem = `${path.basename(bundle)}.`;
  for (const name of readdirSync(path.dirname(bundle)))
    if (name.startsWith(stem) && name.endsWith(SUFFIX) && name !== path.basename(kept))
      rmSync(path.join(path.dirname(bundle), name), { force: true });
}
