/**
 * The update service over a fake updater: background checks on a schedule, the status pushed as
 * it changes, the install at a safe moment only (staff's "restart now", the quiet hour, the quit)
 * and never while something holds it back; the quit flag electron-updater reads kept in step.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../main/api/log';
import type { UpdatePrefs, UpdateStatus } from '../../main/ipc/contract';
import type { Activity } from '../../main/installed/safe-moment';
import type { UpdateEvent } from '../../main/installed/update-state';
import { UpdateService, type UpdaterPort } from '../../main/installed/updates';

class FakeUpdater implements UpdaterPort {
  checks = 0;
  installs = 0;
  installOnQuit: boolean | null = null;
  channel: string | null = null;
  /** What the next check reports. */
  next: UpdateEvent[] = [{ type: 'checking' }, { type: 'up_to_date', at: 1 }];
  failNext: Error | null = null;
  private listener: (e: UpdateEvent) => void = () => {};
  check() {
    this.checks++;
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      return Promise.reject(error);
    }
    for (const e of this.next) this.listener(e);
    return Promise.resolve();
  }
  quitAndInstall() {
    this.installs++;
  }
  setInstallOnQuit(on: boolean) {
    this.installOnQuit = on;
  }
  setChannel(channel: 'stable' | 'beta') {
    this.channel = channel;
  }
  listen(listener: (e: UpdateEvent) => void) {
    this.listener = listener;
  }
  emit(e: UpdateEvent) {
    this.listener(e);
  }
}

const READY: UpdateEvent[] = [
  { type: 'checking' },
  { type: 'available', version: '2.0.0', at: 1 },
  { type: 'progress', percent: 50 },
  { type: 'downloaded', version: '2.0.0' },
];

let port: FakeUpdater;
let activity: Activity;
let prefs: UpdatePrefs;
let localTime: string;
let idle: number | null;
let pushed: UpdateStatus[];
let service: UpdateService;

beforeEach(() => {
  vi.useFakeTimers();
  port = new FakeUpdater();
  activity = { flow: null, outboxUnsent: 0 };
  prefs = { channel: 'stable', installWhen: 'quit', quietTime: '03:00' };
  localTime = '12:00';
  idle = 0;
  pushed = [];
  service = new UpdateService({
    port,
    unavailable: null,
    currentVersion: '1.0.0',
    prefs: () => prefs,
    activity: () => activity,
    localTime: () => localTime,
    idleSeconds: () => idle,
    onChange: (s) => pushed.push(s),
    logger: silentLogger,
    firstCheckMs: 1000,
    checkEveryMs: 10_000,
    tickMs: 500,
  });
});

afterEach(() => {
  service.stop();
  vi.useRealTimers();
});

describe('checks', () => {
  it('start with the channel set and nothing to install on quit', () => {
    expect(port.channel).toBe('stable');
    expect(port.installOnQuit).toBe(false);
    expect(service.status()).toMatchObject({ phase: 'idle', currentVersion: '1.0.0' });
  });

  it('run in the background: shortly after start, then on the interval', async () => {
    service.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(port.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(port.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(port.checks).toBe(3);
    expect(pushed.at(-1)).toMatchObject({ phase: 'up_to_date' });
  });

  it('a check staff ask for answers with the status after it', async () => {
    port.next = READY;
    expect(await service.checkNow()).toMatchObject({
      phase: 'ready',
      version: '2.0.0',
      percent: 100,
    });
    expect(pushed.map((s) => s.phase)).toEqual(['checking', 'downloading', 'downloading', 'ready']);
  });

  it('a failed check says so, without the message', async () => {
    port.failNext = new Error('getaddrinfo ENOTFOUND updates.frontdesk.example');
    expect(await service.checkNow()).toMatchObject({ phase: 'error', error: 'network' });
  });

  it('a channel changed reaches the updater', () => {
    service.channelChanged('beta');
    expect(port.channel).toBe('beta');
  });
});

describe('installing', () => {
  beforeEach(async () => {
    port.next = READY;
    await service.checkNow();
  });

  it('staff’s restart installs at once when nothing holds it', () => {
    expect(service.installNow()).toEqual({ installing: true, holds: [] });
    expect(port.installs).toBe(1);
    expect(service.status().phase).toBe('installing');
  });

  it('never while a walk-in, a cancellation, the close or the outbox holds it', () => {
    for (const a of [
      { flow: 'walk_in' as const, outboxUnsent: 0 },
      { flow: 'cancellation' as const, outboxUnsent: 0 },
      { flow: 'close' as const, outboxUnsent: 0 },
      { flow: null, outboxUnsent: 2 },
    ]) {
      activity = a;
      service.activityChanged();
      expect(service.installNow().installing).toBe(false);
      expect(service.beforeQuit()).toBe(false);
      expect(port.installOnQuit).toBe(false);
    }
    expect(port.installs).toBe(0);
    expect(service.status()).toMatchObject({ phase: 'ready', holds: ['outbox'] });
  });

  it('the quit flag follows what holds it: on once nothing does', () => {
    expect(port.installOnQuit).toBe(true);
    activity = { flow: 'walk_in', outboxUnsent: 0 };
    service.activityChanged();
    expect(port.installOnQuit).toBe(false);
    expect(pushed.at(-1)).toMatchObject({ holds: ['walk_in'] });
    // Another walk-in sent or queued that changes no hold pushes nothing.
    const count = pushed.length;
    service.activityChanged();
    expect(pushed).toHaveLength(count);
    activity = { flow: null, outboxUnsent: 0 };
    service.activityChanged();
    expect(port.installOnQuit).toBe(true);
    expect(pushed.at(-1)).toMatchObject({ holds: [] });
    expect(service.beforeQuit()).toBe(true);
  });

  it('by default it waits for the quit: the minute’s tick installs nothing', async () => {
    service.start();
    localTime = '03:10';
    idle = 3600;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(port.installs).toBe(0);
  });

  it('in the quiet hour chosen, the tick installs once the PC is left alone and nothing holds it', async () => {
    prefs = { ...prefs, installWhen: 'quiet_time', quietTime: '03:00' };
    service.start();
    localTime = '02:59';
    idle = 3600;
    await vi.advanceTimersByTimeAsync(600);
    expect(port.installs).toBe(0);
    localTime = '03:05';
    idle = 10;
    await vi.advanceTimersByTimeAsync(600);
    expect(port.installs).toBe(0);
    idle = 3600;
    activity = { flow: null, outboxUnsent: 1 };
    await vi.advanceTimersByTimeAsync(600);
    expect(port.installs).toBe(0);
    activity = { flow: null, outboxUnsent: 0 };
    await vi.advanceTimersByTimeAsync(600);
    expect(port.installs).toBe(1);
    // Once installing, the tick does not ask again.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(port.installs).toBe(1);
  });

  it('an install that throws leaves the update ready', () => {
    port.quitAndInstall = () => {
      throw new Error('installer missing');
    };
    expect(service.installNow()).toEqual({ installing: false, holds: [] });
    expect(service.status().phase).toBe('ready');
  });
});

describe('without an updater', () => {
  it('says why, checks nothing, installs nothing', async () => {
    const off = new UpdateService({
      port: null,
      unavailable: 'not_configured',
      currentVersion: '1.0.0',
      prefs: () => prefs,
      activity: () => activity,
      localTime: () => localTime,
      onChange: () => {},
      logger: silentLogger,
    });
    off.start();
    expect(await off.checkNow()).toMatchObject({
      phase: 'unavailable',
      unavailable: 'not_configured',
    });
    expect(off.installNow()).toEqual({ installing: false, holds: [] });
    expect(off.beforeQuit()).toBe(false);
  });
});
