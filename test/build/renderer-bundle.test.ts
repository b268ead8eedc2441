/**
 * What the built renderer carries. The page runs the contract's zod schemas, so the contract must
 * not pull in the main process's code: the service client and its wire schemas, the local data,
 * the desk, the hosts, the shell or the sandbox. Vite builds the renderer in memory here, with the
 * project's own config, and every module of every output chunk is checked. What the window starts
 * with (the entry chunk and the chunks it imports statically) carries one language: English is a
 * chunk fetched when shown (decision G18).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
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
/** The same, of the chunks the window starts with: the entry and what it imports statically. */
let atStart: string[];
/** The other files of the build (stylesheets, fonts, images) by name, with their text. */
let assets: Map<string, string>;

const relative = (ids: string[]) =>
  ids
    .filter((id) => path.isAbsolute(id) && !id.split(path.sep).includes('node_modules'))
    .map((id) => path.relative(ROOT, id).split(path.sep).join('/'));

function startChunks(chunks: Rollup.OutputChunk[]): Rollup.OutputChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const walk = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of byName.get(name)?.imports ?? []) walk(next);
  };
  for (const c of chunks) if (c.isEntry) walk(c.fileName);
  return [...seen].map((name) => byName.get(name)!);
}

beforeAll(async () => {
  const built = await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, sourcemap: false, minify: false },
  });
  const outputs = Array.isArray(built) ? built : [built];
  const chunks = outputs.flatMap((out) => {
    if (!('output' in out)) throw new Error('expected a build, not a watcher');
    return out.output.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  });
  ours = relative(chunks.flatMap((c) => c.moduleIds));
  assets = new Map(
    outputs.flatMap((out) =>
      'output' in out
        ? out.output.flatMap((file) =>
            file.type === 'asset' ? [[file.fileName, String(file.source)] as const] : [],
          )
        : [],
    ),
  );
  atStart = relative(startChunks(chunks).flatMap((c) => c.moduleIds));
}, 60_000);

describe('the built renderer', () => {
  it('carries the contract, and no file of main/api, local, desk, shop, installed, host, shell or the sandbox', () => {
    expect(ours).toContain('main/ipc/contract/channels.ts');
    expect(ours.filter((id) => FORBIDDEN.some((dir) => id.startsWith(dir)))).toEqual([]);
  });

  it('carries nothing of ours beyond the renderer, the contract, the bridge and main/common', () => {
    expect(ours.filter((id) => !ALLOWED.some((dir) => id.startsWith(dir)))).toEqual([]);
  });

  it('starts with the Japanese words alone; the English ones are a chunk of their own', () => {
    expect(atStart).toContain('renderer/src/i18n/ja/day.ts');
    expect(atStart.filter((id) => id.startsWith('renderer/src/i18n/en/'))).toEqual([]);
    expect(ours).toContain('renderer/src/i18n/en/index.ts');
  });

  it("starts without a reservation's screen, fetched behind the first paint", () => {
    expect(atStart).toContain('renderer/src/screens/day/DayScreen.tsx');
    expect(atStart).not.toContain('renderer/src/screens/reservation/ReservationScreen.tsx');
    expect(ours).toContain('renderer/src/screens/reservation/ReservationScreen.tsx');
  });

  it("draws with the OS's Japanese faces: no web font to wait for before the first paint (G20)", () => {
    const css = [...assets].filter(([name]) => name.endsWith('.css'));
    expect(css.length).toBeGreaterThan(0);
    for (const [, text] of css) expect(text).not.toContain('@font-face');
    expect([...assets.keys()].filter((name) => /\.(woff2?|ttf|otf)$/.test(name))).toEqual([]);
    // The faces Windows, macOS and Linux counter PCs have, Japanese first (styles.css).
    const root = css.map(([, text]) => text).join('\n');
    for (const face of ['Hiragino Sans', 'Yu Gothic UI', 'Meiryo', 'Noto Sans CJK JP'])
      expect(root).toContain(face);
  });
});
