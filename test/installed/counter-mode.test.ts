/**
 * Counter mode's decisions and settings: the screen kept awake in opening hours only, the window's
 * last place restored only where a display still shows it, the settings kept per part (a damaged
 * part falls back alone), and the installed app applying a change at once.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, silentLogger, type LogRecord } from '../../main/api/log';
import type { CounterMode, InstalledView } from '../../main/ipc/contract';
import { keepAwakeNow, restorablePlace } from '../../main/installed/counter-mode';
import {
  AWAKE_EVERY_MS,
  InstalledApp,
  type CounterModeControl,
} from '../../main/installed/installed-app';
import { INSTALLED_DEFAULTS, InstalledSettingsFile } from '../../main/installed/installed-settings';
import { FakeClock } from '../support/fake-clock';
import { removeDir, tempDir } from '../local/support';

const counter = (over: Partial<CounterMode> = {}): CounterMode => ({
  ...INSTALLED_DEFAULTS.counter,
  keepAwake: true,
  openingHours: { opens: '09:00', closes: '18:00' },
  ...over,
});

describe('the screen kept awake', () => {
  it('in opening hours only, and only when asked', () => {
    expect(keepAwakeNow(counter(), '08:59')).toBe(false);
    expect(keepAwakeNow(counter(), '09:00')).toBe(true);
    expect(keepAwakeNow(counter(), '17:59')).toBe(true);
    expect(keepAwakeNow(counter(), '18:00')).toBe(false);
    expect(keepAwakeNow(counter({ keepAwake: false }), '12:00')).toBe(false);
    // Open to midnight: its last minute too (a shell test ran at 23:59 and found it asleep).
    const toMidnight = counter({ openingHours: { opens: '00:00', closes: '23:59' } });
    expect(keepAwakeNow(toMidnight, '23:58')).toBe(true);
    expect(keepAwakeNow(toMidnight, '23:59')).toBe(true);
  });
});

describe('the window’s last place', () => {
  const laptop = { x: 0, y: 0, width: 1920, height: 1040 };
  const second = { x: 1920, y: 0, width: 1280, height: 1024 };
  const place = { x: 2000, y: 100, width: 1100, height: 800, maximized: false };

  it('restored where a display shows it', () => {
    expect(restorablePlace(place, [laptop, second])).toEqual(place);
    expect(restorablePlace(null, [laptop])).toBeNull();
  });

  it('not restored on a display unplugged since (the default place instead)', () => {
    expect(restorablePlace(place, [laptop])).toBeNull();
    expect(restorablePlace({ ...place, x: -5000, y: -5000 }, [laptop, second])).toBeNull();
  });

  it('a title bar off the top, or barely on a display, is not reachable: not restored', () => {
    expect(restorablePlace({ ...place, x: 100, y: -200 }, [laptop])).toBeNull();
    expect(restorablePlace({ ...place, x: 1900, y: 100 }, [laptop])).toBeNull();
  });

  it('too large for the display it is on: shrunk to fit, kept inside, never below the minimum', () => {
    const big = { x: 1950, y: 10, width: 3000, height: 2000, maximized: true };
    expect(restorablePlace(big, [laptop, second])).toEqual({
      x: 1920,
      y: 0,
      width: 1280,
      height: 1024,
      maximized: true,
    });
    const tiny = { x: 0, y: 0, width: 800, height: 500 };
    expect(restorablePlace({ ...place, x: 10, y: 10 }, [tiny])).toMatchObject({
      width: 960,
      height: 600,
    });
  });
});

describe('the installed app’s settings', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach(removeDir));
  const dir = () => {
    const d = tempDir();
    dirs.push(d);
    return d;
  };

  it('defaults at first, kept across a restart', () => {
    const d = dir();
    const first = new InstalledSettingsFile(d, silentLogger);
    expect(first.current).toEqual(INSTALLED_DEFAULTS);
    first.update({ logLevel: 'debug', counter: counter({ display: 'kiosk' }) });
    first.saveWindowPlace({ x: 1, y: 2, width: 1000, height: 700, maximized: false });
    const again = new InstalledSettingsFile(d, silentLogger);
    expect(again.current.logLevel).toBe('debug');
    expect(again.current.counter.display).toBe('kiosk');
    expect(again.windowPlace()).toEqual({ x: 1, y: 2, width: 1000, height: 700, maximized: false });
  });

  it('a damaged part falls back to its default alone', () => {
    const d = dir();
    new InstalledSettingsFile(d, silentLogger).update({ logLevel: 'warn' });
    writeFileSync(
      path.join(d, 'settings', 'installed.json'),
      JSON.stringify({
        updates: { channel: 'nightly' },
        counter: counter({ startAtLogin: true }),
        logLevel: 'warn',
      }),
    );
    const read = new InstalledSettingsFile(d, silentLogger).current;
    expect(read.updates).toEqual(INSTALLED_DEFAULTS.updates);
    expect(read.counter.startAtLogin).toBe(true);
    expect(read.logLevel).toBe('warn');
  });

  it('a window place that is not one is ignored', () => {
    const d = dir();
    const file = new InstalledSettingsFile(d, silentLogger);
    mkdirSync(path.join(d, 'settings'), { recursive: true });
    writeFileSync(path.join(d, 'settings', 'window.json'), '{"x":"left"}');
    expect(file.windowPlace()).toBeNull();
  });
});

describe('the installed app applies a change at once', () => {
  let d: string;
  afterEach(() => removeDir(d));

  /** The installed app with counter mode's controls, on a clock standing at `start`. */
  function app(start: number, timeZone = 'Asia/Tokyo') {
    const clock = new FakeClock(start);
    d = tempDir();
    const applied: CounterMode[] = [];
    const awake: boolean[] = [];
    const control: CounterModeControl = {
      can: { startAtLogin: true, display: true, keepAwake: true, rememberWindow: true },
      apply: (c) => applied.push(c),
      setAwake: (on) => awake.push(on),
    };
    const views: InstalledView[] = [];
    const records: LogRecord[] = [];
    const settings = new InstalledSettingsFile(d, silentLogger);
    const logger = createLogger(
      (r) => records.push(r),
      () => settings.current.logLevel,
    );
    const installed = new InstalledApp(
      {
        settings,
        app: { name: 'Front Desk', version: '1.0.0', versions: {} },
        updater: null,
        unavailable: 'not_installed',
        counterMode: control,
      },
      {
        activity: () => ({ flow: null, outboxUnsent: 0 }),
        timeZone: () => timeZone,
        emit: (v) => views.push(v),
        logger,
        clock,
      },
    );
    return { installed, applied, awake, views, records, logger, settings, clock };
  }

  it('counter mode: applied at start and on change, the screen awake in the store’s opening hours', () => {
    // 03:00 UTC is 12:00 in Tokyo.
    const { installed, applied, awake, views } = app(Date.parse('2026-11-24T03:00:00Z'));
    installed.start();
    expect(applied).toEqual([INSTALLED_DEFAULTS.counter]);
    expect(awake).toEqual([false]);
    const view = installed.configure({
      counter: counter({ display: 'full_screen', startAtLogin: true }),
    });
    expect(applied.at(-1)).toMatchObject({ display: 'full_screen', startAtLogin: true });
    expect(awake.at(-1)).toBe(true);
    expect(view.settings.counter.display).toBe('full_screen');
    expect(views.at(-1)).toEqual(view);
    expect(view.can).toMatchObject({ startAtLogin: true, updates: false, logFiles: false });
    installed.stop();
    expect(awake.at(-1)).toBe(false);
  });

  it('the screen follows the opening hours at the minute’s check: on after opening, off after closing', async () => {
    // 08:59:30 in Tokyo; the checks run a minute apart from the start.
    const { installed, awake, clock } = app(Date.parse('2026-11-24T08:59:30+09:00'));
    installed.configure({ counter: counter() });
    installed.start();
    expect(awake.at(-1)).toBe(false);
    await clock.advance(AWAKE_EVERY_MS - 1);
    expect(awake.at(-1)).toBe(false);
    await clock.advance(1); // 09:00:30
    expect(awake.at(-1)).toBe(true);
    // Closing at 18:00: the check at 17:59:30 keeps it on, the one at 18:00:30 lets it sleep.
    await clock.advance(Date.parse('2026-11-24T18:00:30+09:00') - 1 - clock.now());
    expect(awake.at(-1)).toBe(true);
    await clock.advance(1);
    expect(awake.at(-1)).toBe(false);
    installed.stop();
    expect(clock.timers).toBe(0);
  });

  it('outside opening hours (store time) the screen may sleep', () => {
    const { installed, awake } = app(Date.parse('2026-11-24T12:00:00Z')); // 21:00 in Tokyo
    installed.configure({ counter: counter() });
    expect(awake.at(-1)).toBe(false);
    expect(installed.localTime()).toBe('21:00');
  });

  it('the log level: lines below it are dropped from the next line on', () => {
    const { installed, records, logger } = app(Date.now());
    logger.debug('before', {});
    installed.configure({ logLevel: 'debug' });
    logger.debug('after', {});
    installed.configure({ logLevel: 'error' });
    logger.warn('dropped', {});
    logger.error('kept', {});
    expect(records.map((r) => r.event)).toEqual(['log.level', 'after', 'kept']);
  });
});
