/**
 * The update service over a fake updater: background checks on a schedule, the status pushed as
 * it changes, the install at a safe moment only (staff's "restart now", the quiet hour, the quit)
 * and never while something holds it back; the quit flag electron-updater reads kept in step.
 * Time is a fake clock the tests move: the store's time of day and the PC's idle time are read
 * from it, so a test names the moment an update installs and the one just before, when it does not.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/api/log';
import type { UpdatePrefs, UpdateStatus } from '../../main/ipc/contract';
import { storeTimeAt } from '../../main/installed/installed-app';
import { IDLE_BEFORE_INSTALL_S, type Activity } from '../../main/installed/safe-moment';
import type { UpdateEvent } from '../../main/installed/update-state';
import { UPDATE_TIMINGS, UpdateService, type UpdaterPort } from '../../main/installed/updates';
import { FakeClock } from '../support/fake-clock';

const ZONE = 'Asia/Tokyo';
/** A time of the test's night, store time (HH:mm:ss). */
const at = (time: string) => Date.parse(`2026-11-24T${time}.000+09:00`);
const { firstCheckMs, checkEveryMs, tickMs } = UPDATE_TIMINGS;

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
let clock: FakeClock;
/** When staff last touched the PC (the clock's time; a later one: in use until then). */
let lastInput: number;
let pushed: UpdateStatus[];
let service: UpdateService;

/** Move the clock to `time` (store time, later today). */
const advanceTo = (time: string) => clock.advance(at(time) - clock.now());

beforeEach(() => {
  port = new FakeUpdater();
  activity = { flow: null, outboxUnsent: 0 };
  prefs = { channel: 'stable', installWhen: 'quit', quietTime: '03:00' };
  clock = new FakeClock(at('02:58:30'));
  lastInput = clock.now();
  pushed = [];
  service = new UpdateService({
    port,
    unavailable: null,
    currentVersion: '1.0.0',
    prefs: () => prefs,
    activity: () => activity,
    localTime: () => storeTimeAt(clock.now(), ZONE),
    idleSeconds: () => Math.max(0, Math.floor((clock.now() - lastInput) / 1000)),
    onChange: (s) => pushed.push(s),
    logger: silentLogger,
    clock,
  });
});

afterEach(() => {
  service.stop();
});

describe('checks', () => {
  it('start with the channel set and nothing to install on quit', () => {
    expect(port.channel).toBe('stable');
    expect(port.installOnQuit).toBe(false);
    expect(service.status()).toMatchObject({ phase: 'idle', currentVersion: '1.0.0' });
  });

  it('run in the background: shortly after start, then on the interval', async () => {
    service.start();
    await clock.advance(firstCheckMs - 1);
    expect(port.checks).toBe(0);
    await clock.advance(1);
    expect(port.checks).toBe(1);
    await clock.advance(checkEveryMs - 1);
    expect(port.checks).toBe(1);
    await clock.advance(1);
    expect(port.checks).toBe(2);
    await clock.advance(2 * checkEveryMs);
    expect(port.checks).toBe(4);
    expect(pushed.at(-1)).toMatchObject({ phase: 'up_to_date' });
    // Stopped: no check however long the app stays open.
    service.stop();
    await clock.advance(10 * checkEveryMs);
    expect(port.checks).toBe(4);
    expect(clock.timers).toBe(0);
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
    lastInput = at('01:00:00');
    await advanceTo('04:00:00');
    expect(port.installs).toBe(0);
    expect(service.beforeQuit()).toBe(true);
  });

  it('in the quiet hour chosen, at the first tick the PC has been left alone long enough', async () => {
    prefs = { ...prefs, installWhen: 'quiet_time', quietTime: '03:00' };
    service.start(); // ticks at hh:mm:30
    // Staff last touched the PC at 02:59:30: left alone long enough at 03:04:30, a tick.
    await advanceTo('02:59:30');
    lastInput = clock.now();
    expect(lastInput + IDLE_BEFORE_INSTALL_S * 1000).toBe(at('03:04:30'));
    await clock.advance(at('03:04:30') - 1 - clock.now());
    expect(port.installs).toBe(0);
    await clock.advance(1);
    expect(port.installs).toBe(1);
    expect(service.status().phase).toBe('installing');
    // Once installing, the tick does not ask again.
    await clock.advance(5 * tickMs);
    expect(port.installs).toBe(1);
  });

  it('in the quiet hour, a held update installs at the first tick after nothing holds it', async () => {
    prefs = { ...prefs, installWhen: 'quiet_time', quietTime: '03:00' };
    lastInput = at('01:00:00');
    activity = { flow: null, outboxUnsent: 1 };
    service.start();
    await advanceTo('03:10:00');
    expect(port.installs).toBe(0);
    expect(service.status().holds).toEqual(['outbox']);
    // The walk-in is sent at 03:10: the tick at 03:10:30 installs.
    activity = { flow: null, outboxUnsent: 0 };
    await clock.advance(at('03:10:30') - 1 - clock.now());
    expect(port.installs).toBe(0);
    await clock.advance(1);
    expect(port.installs).toBe(1);
  });

  it('not when the PC is left alone only after the quiet hour is over', async () => {
    prefs = { ...prefs, installWhen: 'quiet_time', quietTime: '03:00' };
    // In use until 03:56: left alone long enough from 04:01, outside the hour.
    lastInput = at('03:56:00');
    service.start();
    await advanceTo('23:00:00');
    expect(port.installs).toBe(0);
    // The next night's quiet hour: the first tick in it installs.
    await clock.advance(at('03:00:30') + 86_400_000 - 1 - clock.now());
    expect(port.installs).toBe(0);
    await clock.advance(1);
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
      localTime: () => storeTimeAt(clock.now(), ZONE),
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
