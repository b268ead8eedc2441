/**
 * The installed app wired into the composition the shell and the browser host share: the desk's
 * flow (as the renderer reports it through the router) and its outbox hold a ready update back;
 * set-up's channels reach the update service; the browser host (no platform pieces) answers with
 * what it has.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/api/log';
import { compose, type Composed } from '../../main/host/compose';
import type { UpdateEvent } from '../../main/installed/update-state';
import type { UpdaterPort } from '../../main/installed/updates';
import { fixedKeyProvider } from '../../main/local/index';
import { sandboxTraining } from '../../main/desk/training/sandbox';
import { memorySecrets, NOW } from '../desk/support';
import { TEST_KEY, removeDir, tempDir } from '../local/support';

class ReadyUpdater implements UpdaterPort {
  installs = 0;
  installOnQuit: boolean | null = null;
  private listener: (e: UpdateEvent) => void = () => {};
  check() {
    this.listener({ type: 'available', version: '2.0.0', at: 1 });
    this.listener({ type: 'downloaded', version: '2.0.0' });
    return Promise.resolve();
  }
  quitAndInstall() {
    this.installs++;
  }
  setInstallOnQuit(on: boolean) {
    this.installOnQuit = on;
  }
  setChannel() {}
  listen(listener: (e: UpdateEvent) => void) {
    this.listener = listener;
  }
}

let composed: Composed | null = null;
let dir: string;
afterEach(async () => {
  await composed?.close();
  composed = null;
  removeDir(dir);
});

async function start(updater?: UpdaterPort) {
  dir = tempDir();
  composed = await compose({
    dataDir: dir,
    secrets: Object.assign(memorySecrets(), { problem: () => null }),
    keyProvider: fixedKeyProvider(TEST_KEY),
    logger: silentLogger,
    startTraining: sandboxTraining({ now: NOW }),
    installed: updater
      ? {
          updater,
          unavailable: 'not_configured',
          app: { name: 'Front Desk', version: '1.0.0', versions: {} },
        }
      : undefined,
  });
  return composed;
}

const call = async (c: Composed, channel: string, payload: unknown = {}): Promise<any> => {
  const result = await c.router.handle(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}`);
  return result.value;
};

describe('the installed app in the composition', () => {
  it('a walk-in being entered holds the ready update; once done, "restart now" installs', async () => {
    const updater = new ReadyUpdater();
    const c = await start(updater);
    const pushed: unknown[] = [];
    c.events.subscribe((event, payload) => event === 'installed.changed' && pushed.push(payload));
    expect(await call(c, 'updates.check')).toMatchObject({ phase: 'ready', version: '2.0.0' });
    expect(updater.installOnQuit).toBe(true);

    await call(c, 'recovery.keep', {
      screen: { name: 'walkin' },
      activity: 'walk_in',
      walkIn: null,
    });
    expect(updater.installOnQuit).toBe(false);
    expect((await call(c, 'installed.get')).updates.holds).toEqual(['walk_in']);
    expect(pushed.at(-1)).toMatchObject({ updates: { holds: ['walk_in'] } });
    expect(await call(c, 'updates.install')).toEqual({ installing: false, holds: ['walk_in'] });
    expect(updater.installs).toBe(0);

    await call(c, 'recovery.keep', { screen: { name: 'day' }, activity: null, walkIn: null });
    expect(await call(c, 'updates.install')).toEqual({ installing: true, holds: [] });
    expect(updater.installs).toBe(1);
  });

  it('the outbox changing brings the quit flag up to date', async () => {
    const updater = new ReadyUpdater();
    const c = await start(updater);
    await call(c, 'updates.check');
    updater.installOnQuit = null;
    c.events.emit('outbox.changed', { items: [] });
    expect(updater.installOnQuit).toBe(true);
  });

  it('the browser host: settings kept, no updates, the support file handed to the page', async () => {
    const c = await start();
    const view = await call(c, 'installed.get');
    expect(view.updates).toMatchObject({ phase: 'unavailable', unavailable: 'not_installed' });
    expect(view.can).toEqual({
      updates: false,
      startAtLogin: false,
      display: false,
      keepAwake: false,
      rememberWindow: false,
      logFiles: false,
    });
    await call(c, 'installed.configure', { logLevel: 'debug' });
    expect((await call(c, 'installed.get')).settings.logLevel).toBe('debug');
    const bundle = await call(c, 'support.bundle');
    expect(bundle.savedTo).toBeNull();
    expect(JSON.parse(bundle.content).settings.counter.mode).toBe('training');
  });
});
