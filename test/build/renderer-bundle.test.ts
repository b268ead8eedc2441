/**
 * What the built renderer carries. The page runs the contract's zod schemas, so the contract must
 * not pull in the main process's code: the service client and its wire schemas, the local data,
 * the desk, the hosts, the shell or the sandbox. Vite builds the renderer in memory here, with the
 * project's own config, and every module of every output chunk is checked.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Never in the renderer. */
const FORBIDDEN = [
  'main/api/',
  'main/local/',
  'main/desk/',
  'main/shop/',
  'main/installed/',
  'main/host/',
  'main/shell/',
  'sandbox/',
];
/** The only sources of ours the renderer may carry. */
const ALLOWED = ['renderer/', 'main/ipc/contract/', 'main/ipc/bridge.ts', 'main/common/'];

/** The project's own modules in the bundle, relative to the root (no packages, no virtual ones). */
let ours: string[];

beforeAll(async () => {
  const built = await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, sourcemap: false, minify: false },
  });
  const outputs = Array.isArray(built) ? built : [built];
  const ids = outputs.flatMap((out) => {
    if (!('output' in out)) throw new Error('expected a build, not a watcher');
    return out.output.flatMap((file) => (file.type === 'chunk' ? file.moduleIds : []));
  });
  ours = ids
    .filter((id) => path.isAbsolute(id) && !id.split(path.sep).includes('node_modules'))
    .map((id) => path.relative(ROOT, id).split(path.sep).join('/'));
}, 60_000);

describe('the built renderer', () => {
  it('carries the contract, and no file of main/api, local, desk, shop, installed, host, shell or the sandbox', () => {
    expect(ours).toContain('main/ipc/contract/channels.ts');
    expect(ours.filter((id) => FORBIDDEN.some((dir) => id.startsWith(dir)))).toEqual([]);
  });

  it('carries nothing of ours beyond the renderer, the contract, the bridge and main/common', () => {
    expect(ours.filter((id) => !ALLOWED.some((dir) => id.startsWith(dir)))).toEqual([]);
  });
});
