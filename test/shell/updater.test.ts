/**
 * The real electron-updater behind the shell's port, against a generic update server on
 * loopback: what it reads from the channel file (the version, the staged rollout's percentage,
 * the beta channel), the download checked by its sha512, the publisher's signature check called
 * when the build names a publisher, and the update service on top of it installing only when
 * nothing holds it back. electron-updater's own Windows updater runs with an adapter in place of
 * Electron's app and Node's HTTP in place of Electron's net (neither runs here); nothing is
 * installed (quitAndInstall is replaced).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NsisUpdater, type AppUpdater } from 'electron-updater';
import { createLogger, type LogRecord } from '../../main/api/log';
import type { UpdateEvent } from '../../main/installed/update-state';
import { UpdateService } from '../../main/installed/updates';
import { INSTALLED_DEFAULTS } from '../../main/installed/installed-settings';
import { openUpdater, updaterPort } from '../../main/shell/updater';

const require = createRequire(import.meta.url);
const { NodeHttpExecutor } = require('builder-util/out/nodeHttpExecutor') as {
  NodeHttpExecutor: new () => { doDownload(...args: unknown[]): void };
};
const { configureRequestOptions, configureRequestUrl } = require('builder-util-runtime') as {
  configureRequestOptions(options: object): void;
  configureRequestUrl(url: URL, options: object): void;
};

/** builder-util's Node executor with the download electron-updater's Electron executor adds. */
class TestHttpExecutor extends NodeHttpExecutor {
  download(url: URL, destination: string, options: any): Promise<string> {
    return options.cancellationToken.createPromise((resolve: any, reject: any, onCancel: any) => {
      const requestOptions = { headers: options.headers || undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error: Error | null) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

const INSTALLER = Buffer.from('MZ not really an installer, but bytes with a digest');
const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64');

/** Channel files served, by name (latest.yml, beta.yml); requests seen. */
const channelFiles = new Map<string, string>();
const requested: string[] = [];
let server: Server;
let baseUrl: string;
let root: string;
const logs: LogRecord[] = [];
const logger = createLogger((r) => logs.push(r), 'debug');

function channelFile(
  version: string,
  extra: Record<string, string | number> = {},
  digest = sha512(INSTALLER),
) {
  const lines = [
    `version: ${version}`,
    'files:',
    `  - url: Front-Desk-Setup-${version}.exe`,
    `    sha512: ${digest}`,
    `    size: ${INSTALLER.length}`,
    `path: Front-Desk-Setup-${version}.exe`,
    `sha512: ${digest}`,
    "releaseDate: '2026-10-01T00:00:00.000Z'",
    ...Object.entries(extra).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'fd-updater-'));
  server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
    requested.push(name);
    const yml = channelFiles.get(name);
    if (yml) return res.writeHead(200, { 'content-type': 'text/yaml' }).end(yml);
    if (name.endsWith('.exe'))
      return res.writeHead(200, { 'content-length': INSTALLER.length }).end(INSTALLER);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

afterEach(() => {
  channelFiles.clear();
  requested.length = 0;
});

/** A v4 UUID whose last 8 hex digits are `tail`: electron-updater's place in a rollout. */
const stagingId = (tail: string) => `6ba7b810-9dad-41d1-80b4-0000${tail}`;

let counter = 0;
/**
 * electron-updater's NSIS updater for an installed 0.1.0, its staging id ending in `idTail`
 * (8 hex digits: the part electron-updater turns into the counter's place in a rollout).
 */
function nsisUpdater(options: { idTail?: string; publisherName?: string } = {}): AppUpdater {
  const dir = path.join(root, `app-${++counter}`);
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'app-update.yml');
  writeFileSync(
    config,
    [
      'provider: generic',
      `url: ${baseUrl}`,
      'updaterCacheDirName: front-desk-updater',
      ...(options.publisherName ? [`publisherName:\n  - ${options.publisherName}`] : []),
    ].join('\n'),
  );
  writeFileSync(path.join(dir, '.updaterId'), stagingId(options.idTail ?? '00000001'));
  const updater = new NsisUpdater(null, {
    version: '0.1.0',
    name: 'Front Desk',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: dir,
    baseCachePath: path.join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch() {},
    quit() {},
    onQuit() {},
  });
  // Node's HTTP for Electron's net, and the Windows channel files (electron-updater's test hook).
  Object.assign(updater, {
    httpExecutor: new TestHttpExecutor(),
    _testOnlyOptions: { platform: 'win32' },
  });
  return updater;
}

/** The port's events as they come. */
function follow(updater: AppUpdater) {
  const port = updaterPort(updater, logger);
  const events: UpdateEvent[] = [];
  port.listen((e) => events.push(e));
  return { port, events, types: () => events.map((e) => e.type) };
}

describe('electron-updater behind the port', () => {
  it('the staging ids made here are ones electron-updater keeps (else it would draw its own)', () => {
    const { UUID } = require('builder-util-runtime') as { UUID: { check(id: string): unknown } };
    for (const tail of ['00000010', 'fffffff0']) expect(UUID.check(stagingId(tail))).toBeTruthy();
  });

  it('nothing newer: up to date, nothing downloaded', async () => {
    channelFiles.set('latest.yml', channelFile('0.1.0'));
    const { port, types } = follow(nsisUpdater());
    await port.check();
    expect(types()).toEqual(['checking', 'up_to_date']);
    expect(requested).toEqual(['latest.yml']);
  });

  it('a newer version: downloaded quietly, checked by its sha512, then ready', async () => {
    channelFiles.set('latest.yml', channelFile('0.2.0'));
    const { port, events, types } = follow(nsisUpdater());
    await port.check();
    await vi.waitFor(() => expect(types()).toContain('downloaded'), { timeout: 10_000 });
    expect(types()[0]).toBe('checking');
    expect(events).toContainEqual(expect.objectContaining({ type: 'available', version: '0.2.0' }));
    expect(events.at(-1)).toEqual({ type: 'downloaded', version: '0.2.0' });
    expect(requested).toContain('Front-Desk-Setup-0.2.0.exe');
  });

  it('a download whose digest does not match is refused (the status says: not verified)', async () => {
    channelFiles.set('latest.yml', channelFile('0.2.0', {}, sha512(Buffer.from('another file'))));
    const { port, events } = follow(nsisUpdater());
    await port.check();
    await vi.waitFor(() => expect(events.some((e) => e.type === 'failed')).toBe(true), {
      timeout: 10_000,
    });
    expect(events).toContainEqual(expect.objectContaining({ type: 'failed', error: 'signature' }));
    expect(events.some((e) => e.type === 'downloaded')).toBe(false);
  });

  it('a build that names its publisher has the installer’s signature checked', async () => {
    channelFiles.set('latest.yml', channelFile('0.2.0'));
    const updater = nsisUpdater({ publisherName: 'Front Desk K.K.' });
    const checked: string[][] = [];
    (updater as unknown as { verifyUpdateCodeSignature: unknown }).verifyUpdateCodeSignature = (
      publishers: string[],
    ) => {
      checked.push(publishers);
      return Promise.resolve('the installer is not signed by Front Desk K.K.');
    };
    const { port, events } = follow(updater);
    await port.check();
    await vi.waitFor(() => expect(events.some((e) => e.type === 'failed')).toBe(true), {
      timeout: 10_000,
    });
    expect(checked).toEqual([['Front Desk K.K.']]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'failed', error: 'signature' }));
    expect(events.some((e) => e.type === 'downloaded')).toBe(false);
  });

  it('a staged rollout: a counter outside the percentage stays put, one inside updates', async () => {
    channelFiles.set('latest.yml', channelFile('0.2.0', { stagingPercentage: 10 }));
    const outside = follow(nsisUpdater({ idTail: 'fffffff0' }));
    await outside.port.check();
    expect(outside.types()).toEqual(['checking', 'up_to_date']);

    const inside = follow(nsisUpdater({ idTail: '00000010' }));
    await inside.port.check();
    await vi.waitFor(() => expect(inside.types()).toContain('downloaded'), { timeout: 10_000 });
  });

  it('the beta channel reads beta.yml; stable reads latest.yml', async () => {
    channelFiles.set('latest.yml', channelFile('0.1.0'));
    channelFiles.set('beta.yml', channelFile('0.2.0-beta.1'));
    const beta = follow(nsisUpdater());
    beta.port.setChannel('beta');
    await beta.port.check();
    expect(requested).toContain('beta.yml');
    await vi.waitFor(() => expect(beta.types()).toContain('downloaded'), { timeout: 10_000 });
    expect(beta.events).toContainEqual(
      expect.objectContaining({ type: 'available', version: '0.2.0-beta.1' }),
    );

    requested.length = 0;
    const stable = follow(nsisUpdater());
    stable.port.setChannel('stable');
    await stable.port.check();
    expect(requested).toEqual(['latest.yml']);
    expect(stable.types()).toEqual(['checking', 'up_to_date']);
  });

  it('nothing installs on quit until the policy says so', () => {
    const updater = nsisUpdater();
    const { port } = follow(updater);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updater.autoDownload).toBe(true);
    port.setInstallOnQuit(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });
});

describe('the update service over electron-updater', () => {
  it('downloads, holds the install while a walk-in is in progress, installs once it is done', async () => {
    channelFiles.set('latest.yml', channelFile('0.2.0'));
    const updater = nsisUpdater();
    const installs = vi.fn();
    updater.quitAndInstall = installs;
    let activity: { flow: 'walk_in' | null; outboxUnsent: number } = {
      flow: 'walk_in',
      outboxUnsent: 0,
    };
    const service = new UpdateService({
      port: updaterPort(updater, logger),
      unavailable: null,
      currentVersion: '0.1.0',
      prefs: () => INSTALLED_DEFAULTS.updates,
      activity: () => activity,
      localTime: () => '12:00',
      onChange: () => {},
      logger,
    });
    await service.checkNow();
    await vi.waitFor(() => expect(service.status().phase).toBe('ready'), { timeout: 10_000 });
    expect(service.status()).toMatchObject({ version: '0.2.0', holds: ['walk_in'] });
    expect(service.installNow()).toEqual({ installing: false, holds: ['walk_in'] });
    expect(service.beforeQuit()).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(installs).not.toHaveBeenCalled();

    activity = { flow: null, outboxUnsent: 0 };
    service.activityChanged();
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(service.installNow()).toEqual({ installing: true, holds: [] });
    expect(installs).toHaveBeenCalledWith(true, true);
    expect(service.status().phase).toBe('installing');
  });
});

describe('which updater the app gets', () => {
  const create = () => nsisUpdater();
  it('a development run or a Linux build updates nothing', () => {
    expect(openUpdater({ isPackaged: false, platform: 'win32', env: {}, logger, create })).toEqual({
      port: null,
      unavailable: 'not_installed',
    });
    expect(
      openUpdater({ isPackaged: true, platform: 'linux', env: {}, logger, create }).port,
    ).toBeNull();
  });

  it('no address in the build or the environment: not configured', () => {
    const choice = openUpdater({
      isPackaged: true,
      platform: 'win32',
      env: {},
      resourcesPath: root,
      logger,
      create,
    });
    expect(choice).toEqual({ port: null, unavailable: 'not_configured' });
  });

  it('the environment’s address is the feed', async () => {
    channelFiles.set('mirror/latest.yml', channelFile('0.1.0'));
    let made: AppUpdater | null = null;
    const choice = openUpdater({
      isPackaged: true,
      platform: 'darwin',
      env: { FRONT_DESK_UPDATE_URL: `${baseUrl}/mirror` },
      logger,
      create: () => (made = nsisUpdater()),
    });
    expect(choice.port).not.toBeNull();
    expect(made).not.toBeNull();
    await choice.port!.check();
    expect(requested).toContain('mirror/latest.yml');
  });

  it('the build’s app-update.yml is used when present', () => {
    const resources = path.join(root, 'resources');
    mkdirSync(resources, { recursive: true });
    writeFileSync(path.join(resources, 'app-update.yml'), `provider: generic\nurl: ${baseUrl}\n`);
    const choice = openUpdater({
      isPackaged: true,
      platform: 'win32',
      env: {},
      resourcesPath: resources,
      logger,
      create,
    });
    expect(choice.port).not.toBeNull();
  });
});
