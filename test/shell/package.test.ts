/**
 * The installers' configuration and what they would ship, checked without Electron's binary:
 * electron-builder's own schema validator accepts electron-builder.yml, and an unpacked Linux
 * build (`--linux dir`) made with a stub Electron dist is opened and inspected: app.asar holds
 * the built main, preload and renderer and production dependencies only, the fuses are flipped
 * as configured and unused locales are gone; the search's dictionary and the receipt PDF's font
 * are unpacked beside app.asar where the app looks for them. The stub is a dummy executable
 * carrying Electron's fuse sentinel, so electron-builder's fuse step runs for real.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'fontkit';
import { RECEIPT_FONT_FILE } from '../../main/desk/receipt/pdf-font';
import { unpacked } from '../../main/local/search/dictionary';

const repo = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: unknown): Promise<any>;
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (on: boolean) => unknown };
const asar = require('@electron/asar') as {
  listPackage(file: string, options: object): string[];
  extractFile(file: string, name: string): Buffer;
};
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses') as {
  getCurrentFuseWire(file: string): Promise<Record<number, number>>;
  FuseV1Options: Record<string, number>;
};

const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(repo, 'package-lock.json'), 'utf8'));

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 49;
const OFF = 48;
/** What electron-builder.yml asks for, by fuse. */
const FUSES: Record<string, number> = {
  RunAsNode: OFF,
  EnableCookieEncryption: ON,
  EnableNodeOptionsEnvironmentVariable: OFF,
  EnableNodeCliInspectArguments: OFF,
  EnableEmbeddedAsarIntegrityValidation: ON,
  OnlyLoadAppFromAsar: ON,
  LoadBrowserProcessSpecificV8Snapshot: OFF,
  GrantFileProtocolExtraPrivileges: OFF,
};

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own validator', async () => {
    const config = await getConfig(repo, null, null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the validator is real: it rejects a misplaced option', async () => {
    const config = await getConfig(repo, null, null);
    await expect(
      validateConfiguration(
        { ...config, mac: { ...config.mac, oneClick: true } },
        new DebugLogger(false),
      ),
    ).rejects.toThrow(/does not match the API schema/);
  });

  it('publishes updates to a generic server, stable and beta channels', async () => {
    const config = await getConfig(repo, null, null);
    expect(config.publish).toEqual([
      { provider: 'generic', url: 'https://updates.frontdesk.example/counter', channel: 'latest' },
    ]);
    expect(config.generateUpdatesFilesForAllChannels).toBe(true);
    // The macOS updater installs from the zip: it must stay a target.
    expect(config.mac.target.map((t: { target: string }) => t.target)).toContain('zip');
  });

  it('the validator checks the publish block too', async () => {
    const config = await getConfig(repo, null, null);
    await expect(
      validateConfiguration(
        {
          ...config,
          publish: [{ provider: 'generic', url: 'https://x.example', stagingPercentage: 10 }],
        },
        new DebugLogger(false),
      ),
    ).rejects.toThrow(/does not match the API schema/);
  });

  it('the Windows installer lets the shop’s link and discovery through the firewall, and takes them back', async () => {
    const config = await getConfig(repo, null, null);
    expect(config.nsis.include).toBe('build/installer.nsh');
    const script = readFileSync(path.join(repo, config.nsis.include), 'utf8');
    const macro = (name: string) =>
      script.match(new RegExp(String.raw`!macro ${name}\n([\s\S]*?)!macroend`))?.[1] ?? '';
    const adds = macro('customInstall')
      .split('\n')
      .filter((l) => l.includes('add rule'));
    // For the app's own program (whatever port set-up names), never on public networks.
    expect(adds).toHaveLength(2);
    for (const rule of adds) {
      expect(rule).toContain('dir=in action=allow');
      expect(rule).toContain('program="$INSTDIR\\${APP_EXECUTABLE_FILENAME}"');
      expect(rule).toContain('profile=private,domain');
    }
    expect(adds.some((r) => r.includes('protocol=TCP'))).toBe(true);
    expect(adds.some((r) => r.includes('protocol=UDP localport=5353'))).toBe(true);
    // Each rule is deleted before it is added (an update replaces it) and on uninstall.
    for (const name of ['${FD_RULE_LINK}', '${FD_RULE_DISCOVERY}']) {
      expect(macro('customInstall')).toContain(`delete rule name="${name}"`);
      expect(macro('customUnInstall')).toContain(`delete rule name="${name}"`);
    }
  });

  it('builds NSIS and DMG + zip for x64 and arm64, hardened, fused, in asar', async () => {
    const config = await getConfig(repo, null, null);
    expect(config.asar).toBe(true);
    expect(config.win.target).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }]);
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(config.mac.hardenedRuntime).toBe(true);
    // Notarization is not switched off: it runs when its environment variables are set.
    expect(config.mac.notarize).toBeUndefined();
    expect(existsSync(path.join(repo, config.mac.entitlements))).toBe(true);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // Signing secrets come from the environment, never from the file.
    const text = readFileSync(path.join(repo, 'electron-builder.yml'), 'utf8');
    expect(text).not.toMatch(/^\s*(cscLink|cscKeyPassword|certificatePassword|identity)\s*:/m);
  });
});

describe('an unpacked build with a stub Electron', () => {
  let work: string;
  let appDir: string;
  let archive: string;
  let entries: string[];

  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'fd-package-'));
    const run = (command: string, args: string[]) => {
      const result = spawnSync(command, args, {
        cwd: repo,
        encoding: 'utf8',
        // A bound, not a wait: electron-builder took over 120 s at a load average of 26.
        timeout: 300_000,
        env: {
          ...process.env,
          CSC_LINK: '',
          CSC_KEY_PASSWORD: '',
          ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        },
      });
      if (result.status !== 0)
        throw new Error(
          `${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}):\n${result.stdout}\n${result.stderr}`,
        );
      return result.stdout;
    };
    // The bundles from the current sources; the renderer as last built (`npm test` builds it).
    run(process.execPath, ['scripts/build-main.mjs']);
    if (!existsSync(path.join(repo, 'dist', 'renderer', 'index.html')))
      run(process.execPath, [
        path.join(repo, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--logLevel',
        'warn',
      ]);

    // The stub dist: a dummy executable whose fuse wire starts opposite to the configuration.
    const dist = path.join(work, 'electron-dist');
    mkdirSync(path.join(dist, 'locales'), { recursive: true });
    mkdirSync(path.join(dist, 'resources'));
    const initial = Object.keys(FuseV1Options)
      .filter((k) => Number.isNaN(Number(k)))
      .sort((a, b) => FuseV1Options[a]! - FuseV1Options[b]!)
      .map((name) => (FUSES[name] === ON ? OFF : ON));
    writeFileSync(
      path.join(dist, 'electron'),
      Buffer.concat([
        Buffer.from('#!/bin/sh\necho "stub Electron"\n'),
        Buffer.from(SENTINEL),
        Buffer.from([1, initial.length, ...initial]),
      ]),
      { mode: 0o755 },
    );
    writeFileSync(path.join(dist, 'LICENSE'), 'stub');
    for (const locale of ['ja', 'en-US', 'fr', 'de', 'zh-CN'])
      writeFileSync(path.join(dist, 'locales', `${locale}.pak`), locale);

    const out = path.join(work, 'out');
    run(process.execPath, [
      require.resolve('electron-builder/cli.js'),
      '--linux',
      'dir',
      '--x64',
      '--publish',
      'never',
      `-c.electronDist=${dist}`,
      `-c.electronVersion=${pkg.devDependencies.electron}`,
      `-c.directories.output=${out}`,
    ]);
    appDir = path.join(out, 'linux-unpacked');
    archive = path.join(appDir, 'resources', 'app.asar');
    entries = asar.listPackage(archive, {}).map((e) => e.split(path.sep).join('/'));
  }, 600_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the built main, preload and renderer, and nothing else of ours', () => {
    expect(entries).toContain('/dist/main/main.js');
    expect(entries).toContain('/dist/preload/preload.cjs');
    expect(entries).toContain('/dist/renderer/index.html');
    expect(entries.some((e) => /^\/dist\/renderer\/assets\/.+\.js$/.test(e))).toBe(true);
    const top = new Set(entries.map((e) => e.split('/')[1]));
    expect([...top].sort()).toEqual(['dist', 'node_modules', 'package.json']);
    const ours = entries.filter((e) => e.startsWith('/dist/'));
    expect(ours.filter((e) => e.endsWith('.map'))).toEqual([]);
    expect(ours.filter((e) => !/^\/dist\/(main|preload|renderer)(\/|$)/.test(e))).toEqual([]);
  });

  it('holds production dependencies only', () => {
    // electron-builder lays node_modules out its own way: compare packages by name and version.
    const key = (name: string, version: string) => `${name}@${version}`;
    const shipped = new Set<string>();
    for (const entry of entries) {
      if (!/^\/(?:node_modules\/(?:@[^/]+\/)?[^/]+\/)+package\.json$/.test(entry)) continue;
      const manifest = JSON.parse(asar.extractFile(archive, entry.slice(1)).toString('utf8'));
      shipped.add(key(manifest.name, manifest.version));
    }
    const production = new Set<string>();
    const development = new Set<string>();
    for (const [where, entry] of Object.entries(lock.packages as Record<string, any>)) {
      if (!where.startsWith('node_modules/')) continue;
      const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 13);
      (entry.dev || entry.devOptional ? development : production).add(key(name, entry.version));
    }
    expect(shipped.size).toBeGreaterThan(0);
    for (const item of shipped)
      expect(production.has(item), `${item} is not a production package`).toBe(true);
    // Nothing is missing at run time either.
    for (const item of production) expect(shipped.has(item), `${item} is missing`).toBe(true);
    // No development package is shipped (by name and version: a production package may need
    // another version of the same name, as qrcode needs pngjs 5 beside the tests' pngjs 7).
    for (const name of Object.keys(pkg.devDependencies)) {
      const dev = key(name, lock.packages[`node_modules/${name}`].version);
      if (!production.has(dev)) expect(shipped.has(dev), `${dev} is shipped`).toBe(false);
    }
  });

  it('the bundles import only Node, Electron and the shipped packages', () => {
    const main = asar.extractFile(archive, 'dist/main/main.js').toString('utf8');
    const imported = new Set(
      [...main.matchAll(/(?:^|\n)import\s[^;]*?from\s*"([^"]+)"|import\("([^"]+)"\)/g)].map(
        (m) => m[1] ?? m[2]!,
      ),
    );
    expect(imported.size).toBeGreaterThan(0);
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    for (const name of imported) {
      if (builtins.has(name) || name === 'electron') continue;
      const packageName = name.startsWith('@')
        ? name.split('/').slice(0, 2).join('/')
        : name.split('/')[0]!;
      expect(entries, name).toContain(`/node_modules/${packageName}/package.json`);
    }
    const preload = asar.extractFile(archive, 'dist/preload/preload.cjs').toString('utf8');
    const required = new Set([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]));
    // A sandboxed preload can require nothing but Electron's own modules.
    expect([...required]).toEqual(['electron']);
    const shipped = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8'));
    expect(entries).toContain(`/${shipped.main}`);
  });

  it('ships the search’s reading worker and its dictionary unpacked, working from there', async () => {
    const unpackedDir = path.join(appDir, 'resources', 'app.asar.unpacked');
    const worker = path.join(unpackedDir, 'dist', 'main', 'reading-worker.cjs');
    const dict = path.join(unpackedDir, 'node_modules', 'kuromoji', 'dict');
    expect(existsSync(worker)).toBe(true);
    const source = path.join(repo, 'node_modules', 'kuromoji', 'dict');
    expect(readdirSync(dict).sort()).toEqual(readdirSync(source).sort());
    expect(readdirSync(dict).length).toBeGreaterThanOrEqual(12);
    // The path the app computes inside app.asar is the unpacked one.
    expect(
      unpacked(path.join(appDir, 'resources', 'app.asar', 'node_modules', 'kuromoji', 'dict')),
    ).toBe(dict);
    // Whole: it needs nothing but Node's own modules (nothing from inside app.asar).
    const required = new Set(
      [...readFileSync(worker, 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!),
    );
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    expect([...required].filter((r) => !builtins.has(r))).toEqual([]);
    // And it reads a name from the shipped dictionary.
    const readings = await new Promise<unknown>((resolve, reject) => {
      const thread = new Worker(worker, { workerData: { dicPath: dict } });
      thread.on('error', reject);
      thread.on('message', (m: { type: string; readings?: unknown }) => {
        if (m.type === 'loaded')
          thread.postMessage({ id: 1, names: [{ last: '中島', first: '' }] });
        else {
          void thread.terminate();
          resolve(m.readings);
        }
      });
    });
    expect(readings).toEqual([['なかじま', 'なかしま']]);
  }, 60_000);

  it('ships the receipt PDF’s font unpacked, where the app looks for it, and no other weight', async () => {
    const resources = path.join(appDir, 'resources');
    const inside = path.join(resources, 'app.asar', 'node_modules', RECEIPT_FONT_FILE);
    const font = unpacked(inside);
    expect(font).toBe(path.join(resources, 'app.asar.unpacked', 'node_modules', RECEIPT_FONT_FILE));
    // The very file of the package, whole, and a font with the kanji a receipt prints.
    expect(readFileSync(font).equals(readFileSync(require.resolve(RECEIPT_FONT_FILE)))).toBe(true);
    const parsed = create(readFileSync(font));
    expect('layout' in parsed && parsed.postscriptName).toBe('NotoSansJP-Regular');
    if (!('layout' in parsed)) return;
    for (const ch of '領収書再発行登録番号￥')
      expect(parsed.hasGlyphForCodePoint(ch.codePointAt(0)!)).toBe(true);
    // Of the package only its Regular, its licence and its manifest.
    const shipped = entries.filter((e) => e.startsWith('/node_modules/@expo-google-fonts/'));
    expect(shipped.filter((e) => /\.(ttf|png)$/.test(e))).toEqual([
      '/node_modules/@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    ]);
    expect(shipped).toContain('/node_modules/@expo-google-fonts/noto-sans-jp/LICENSE_FONT');
  });

  it('flips the fuses as configured', async () => {
    const wire = await getCurrentFuseWire(path.join(appDir, pkg.name));
    for (const [name, state] of Object.entries(FUSES))
      expect(wire[FuseV1Options[name]!], name).toBe(state);
  });

  it('carries the update feed the updater reads (app-update.yml)', () => {
    const feed = readFileSync(path.join(appDir, 'resources', 'app-update.yml'), 'utf8');
    expect(feed).toMatch(/^provider: generic$/m);
    expect(feed).toMatch(/^url: https:\/\/updates\.frontdesk\.example\/counter$/m);
    expect(feed).toMatch(/^updaterCacheDirName: /m);
  });

  it('keeps only the Japanese and English locales', () => {
    expect(readdirSync(path.join(appDir, 'locales')).sort()).toEqual(['en-US.pak', 'ja.pak']);
  });
});
