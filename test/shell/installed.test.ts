/**
 * The installed app's life in the desktop shell, against the fake `electron` module: crash dumps
 * kept locally, log files at set-up's level, counter mode applied through set-up's channel
 * (kiosk, full screen, the screen kept awake, the window's place kept), the support bundle saved
 * on the desktop, a crashed or hung renderer reloaded with the flow staff were in kept for it, a
 * renderer that keeps failing and an uncaught error in main relaunching the app once.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger, type LogRecord } from '../../main/api/log';
import { APP_START_URL } from '../../main/shell/origin';
import { AFTER_CRASH, HANG_GRACE_MS } from '../../main/installed/recovery-policy';
import { InstalledSettingsFile } from '../../main/installed/installed-settings';
import { FakeBrowserWindow, app, state } from './fake-electron';

vi.mock('electron', async () => {
  const fake = await import('./fake-electron');
  return { ...fake.electron, default: fake.electron };
});
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  class FakeElectronStore extends Conf<Record<string, unknown>> {
    constructor(options: any) {
      const { name, ...rest } = options;
      super({ ...rest, configName: name });
    }
  }
  return { default: FakeElectronStore };
});

// The main process's own handlers are caught here rather than put on the test's process.
const processHandlers = new Map<string, (...args: any[]) => void>();
const realOn = process.on.bind(process);
vi.spyOn(process, 'on').mockImplementation(((event: string, listener: any) => {
  if (event === 'uncaughtException' || event === 'unhandledRejection') {
    processHandlers.set(event, listener);
    return process;
  }
  return realOn(event as any, listener);
}) as any);

const { startShell } = await import('../../main/shell/app');
const { counterModeControl, initialPlace, keepPlace } =
  await import('../../main/shell/counter-mode');
const { startCrashReporter } = await import('../../main/shell/recovery');

const records: LogRecord[] = [];
let root: string;
let shell: NonNullable<Awaited<ReturnType<typeof startShell>>>;
const TRUSTED = { url: APP_START_URL, parent: null };

async function invoke(channel: string, payload: unknown): Promise<any> {
  const handler = state.ipcHandlers.get('fd:invoke')!;
  const result = await handler(
    { senderFrame: TRUSTED, sender: mainWindow().webContents },
    channel,
    payload,
  );
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}`);
  return result.value;
}
const mainWindow = () => state.windows[0]!;
const logFile = () => path.join(state.userData, 'logs', 'front-desk.log');
/** The current log file's lines, once what was logged so far is in it. */
async function logLines(): Promise<LogRecord[]> {
  await shell.logs.flush();
  return readFileSync(logFile(), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as LogRecord);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'fd-installed-'));
  state.userData = path.join(root, 'userData');
  mkdirSync(state.userData, { mode: 0o755 });
  state.paths.desktop = path.join(root, 'Desktop');
  mkdirSync(state.paths.desktop);
  state.appRoot = path.join(root, 'app');
  const renderer = path.join(state.appRoot, 'dist', 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Front Desk</title>');
  const started = await startShell({ logSink: (r) => records.push(r) });
  if (!started) throw new Error('the shell did not start');
  shell = started;
  await shell.composed;
  mainWindow().webContents.url = APP_START_URL;
}, 60_000);

afterAll(async () => {
  if (shell) {
    const before = state.quits;
    app.emit('before-quit', { preventDefault() {} });
    await vi.waitFor(() => expect(state.quits).toBeGreaterThan(before), { timeout: 5000 });
  }
  rmSync(root, { recursive: true, force: true });
});

describe('crash dumps', () => {
  it('are collected before the app is ready and stay on the PC', () => {
    expect(state.events.indexOf('crashReporter')).toBeGreaterThan(state.events.indexOf('lock'));
    expect(state.events.indexOf('crashReporter')).toBeLessThan(state.events.indexOf('whenReady'));
    expect(state.crashReporter).toMatchObject({ uploadToServer: false, submitURL: '' });
  });

  it('are sent only where a server is configured', () => {
    startCrashReporter({ FRONT_DESK_CRASH_URL: 'https://crash.frontdesk.example/submit' });
    expect(state.crashReporter).toMatchObject({
      uploadToServer: true,
      submitURL: 'https://crash.frontdesk.example/submit',
    });
  });
});

describe('log files', () => {
  it('are written in the app’s log folder, at info by default, as well as to the sink', async () => {
    expect(existsSync(logFile())).toBe(true);
    const lines = await logLines();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.level !== 'debug')).toBe(true);
    expect(lines[0]).toMatchObject({ event: 'app.started', version: '0.0.0-test' });
    expect(records.some((r) => r.event === lines[0]!.event)).toBe(true);
  });

  it('take debug lines from the moment set-up asks, and stop again', async () => {
    await invoke('installed.configure', { logLevel: 'debug' });
    await invoke('day.get', { date: null });
    expect((await logLines()).some((l) => l.level === 'debug')).toBe(true);
    await invoke('installed.configure', { logLevel: 'error' });
    // Lines are told apart by when they were logged, not by where the file was: one logged at
    // debug just before the change may reach the file after it.
    const atError = new Date().toISOString();
    await invoke('day.get', { date: null });
    // At error nothing was written (the change's own warning included).
    expect((await logLines()).filter((l) => String(l.time) >= atError)).toEqual([]);
    const backToInfo = new Date().toISOString();
    await invoke('installed.configure', { logLevel: 'info' });
    await invoke('day.get', { date: null });
    // Back at info the change is logged, and the day's debug lines are not (the training
    // session's background work may add info lines of its own meanwhile).
    const after = (await logLines()).filter((l) => String(l.time) >= backToInfo);
    expect(after[0]?.event).toBe('log.level');
    expect(after.filter((l) => l.level === 'debug')).toEqual([]);
  });
});

describe('updates', () => {
  it('a Linux build does not update itself, and says so', async () => {
    const view = await invoke('installed.get', {});
    expect(view.updates).toMatchObject({ phase: 'unavailable', unavailable: 'not_installed' });
    expect(view.can).toMatchObject({
      updates: false,
      logFiles: true,
      display: true,
      keepAwake: true,
    });
  });
});

describe('counter mode', () => {
  const counter = (over: Record<string, unknown> = {}) => ({
    startAtLogin: false,
    display: 'window',
    keepAwake: false,
    openingHours: { opens: '00:00', closes: '23:59' },
    rememberWindow: true,
    ...over,
  });

  it('kiosk and full screen are applied to the window at once', async () => {
    await invoke('installed.configure', { counter: counter({ display: 'kiosk' }) });
    expect(mainWindow()).toMatchObject({ kiosk: true });
    await invoke('installed.configure', { counter: counter({ display: 'full_screen' }) });
    expect(mainWindow()).toMatchObject({ kiosk: false, fullScreen: true });
    await invoke('installed.configure', { counter: counter() });
    expect(mainWindow()).toMatchObject({ kiosk: false, fullScreen: false });
  });

  it('the screen is kept awake in opening hours, and let go when turned off', async () => {
    await invoke('installed.configure', { counter: counter({ keepAwake: true }) });
    expect([...state.blockers.values()]).toEqual(['prevent-display-sleep']);
    await invoke('installed.configure', { counter: counter({ keepAwake: true }) });
    expect(state.blockers.size).toBe(1);
    await invoke('installed.configure', { counter: counter({ keepAwake: false }) });
    expect(state.blockers.size).toBe(0);
  });

  it('start at login: set on Windows and macOS (Linux has no login items)', async () => {
    const view = await invoke('installed.configure', { counter: counter({ startAtLogin: true }) });
    expect(view.can.startAtLogin).toBe(false);
    expect(state.loginItem).toBeNull();
    const win = counterModeControl(() => null, silentLogger, 'win32');
    expect(win.can.startAtLogin).toBe(true);
    win.apply(counter({ startAtLogin: true }) as never);
    expect(state.loginItem).toEqual({ openAtLogin: true });
    win.apply(counter({ startAtLogin: false }) as never);
    expect(state.loginItem).toEqual({ openAtLogin: false });
  });

  it('the window’s place is kept as it closes, and restored only where a display shows it', () => {
    const settings = new InstalledSettingsFile(state.userData, silentLogger);
    const window = new FakeBrowserWindow({});
    keepPlace(window as never, settings);
    window.setBounds({ x: 2000, y: 40, width: 1200, height: 900 });
    window.emit('close');
    const again = new InstalledSettingsFile(state.userData, silentLogger);
    expect(again.windowPlace()).toEqual({
      x: 2000,
      y: 40,
      width: 1200,
      height: 900,
      maximized: false,
    });
    state.displays = [
      { workArea: { x: 0, y: 0, width: 1920, height: 1040 } },
      { workArea: { x: 1920, y: 0, width: 1920, height: 1040 } },
    ];
    expect(initialPlace(again)).toEqual({
      x: 2000,
      y: 40,
      width: 1200,
      height: 900,
      maximized: false,
    });
    // The second screen unplugged: the default place.
    state.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];
    expect(initialPlace(again)).toBeNull();
    // Not kept in kiosk or full screen, nor when remembering is off.
    window.setKiosk(true);
    window.setBounds({ x: 0, y: 0, width: 1920, height: 1080 });
    window.emit('close');
    expect(again.windowPlace()?.x).toBe(2000);
    again.update({ counter: { ...again.current.counter, rememberWindow: false } });
    expect(initialPlace(again)).toBeNull();
  });
});

describe('the support bundle', () => {
  it('is saved on the desktop, and holds no key', async () => {
    const answer = await invoke('support.bundle', {});
    expect(answer.content).toBeNull();
    expect(answer.savedTo).toBe(path.join(state.paths.desktop!, answer.fileName));
    const bundle = JSON.parse(readFileSync(answer.savedTo, 'utf8'));
    expect(bundle.kind).toBe('front-desk-support-bundle');
    expect(bundle.app.versions).toHaveProperty('node');
    const composed = await shell.composed;
    const training = composed.desk.session;
    expect(training).not.toBeNull();
    const text = readFileSync(answer.savedTo, 'utf8');
    expect(text).not.toMatch(/fd_(live|test)_[A-Za-z0-9]{8,}/);
    expect(bundle.counts.crashDumps).toBe(0);
  });
});

describe('a renderer that crashed or hung', () => {
  const walkIn = {
    screen: { name: 'walkin' },
    activity: 'walk_in',
    walkIn: {
      draftId: '6a1f3e2d-5c4b-4a39-8e7f-1d2c3b4a5f6e',
      step: 'details',
      productId: 'prd_kimono',
      adults: 2,
      children: 0,
      slot: { date: '2026-11-24', startTime: '13:00' },
      answers: {},
      customer: { lastName: '加藤', firstName: '', email: '', phone: '', customerId: null },
      sendEmail: true,
      emailLocale: 'ja',
    },
  };

  it('is reloaded, and the page finds the walk-in where staff left it', async () => {
    await invoke('recovery.keep', walkIn);
    const contents = mainWindow().webContents;
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(contents.reloads).toBe(1);
    expect((await invoke('recovery.get', {})).flow).toEqual(walkIn);
    expect(records).toContainEqual(
      expect.objectContaining({ event: 'shell.renderer_gone', reason: 'crashed' }),
    );
  });

  it('closing cleanly reloads nothing', () => {
    const contents = mainWindow().webContents;
    contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(contents.reloads).toBe(1);
  });

  it('a hang that passes is left alone; one that lasts is ended and reloaded', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const window = mainWindow();
      window.emit('unresponsive');
      vi.advanceTimersByTime(HANG_GRACE_MS - 1);
      window.emit('responsive');
      vi.advanceTimersByTime(HANG_GRACE_MS);
      expect(window.webContents.crashedByForce).toBe(0);
      window.emit('unresponsive');
      vi.advanceTimersByTime(HANG_GRACE_MS);
      expect(window.webContents.crashedByForce).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(mainWindow().webContents.reloads).toBe(2), { timeout: 10_000 });
  });

  it('one that keeps failing restarts the app, once', async () => {
    const contents = mainWindow().webContents;
    contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    expect(contents.reloads).toBe(3);
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(contents.reloads).toBe(3);
    await vi.waitFor(() => expect(state.exits).toEqual([1]), { timeout: 10_000 });
    expect(state.messages.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringContaining('再起動'),
    });
    expect(state.relaunches).toHaveLength(1);
    expect(state.relaunches[0].args.at(-1)).toMatch(new RegExp(`^${AFTER_CRASH}=\\d+$`));
  });
});

describe('an uncaught error in the main process', () => {
  it('is logged, and relaunches the app unless it just did', async () => {
    const handler = processHandlers.get('uncaughtException')!;
    expect(handler).toBeDefined();
    const argv = process.argv;
    state.relaunches = [];
    state.exits = [];
    try {
      process.argv = [argv[0]!, '/app'];
      handler(new Error('boom at 加藤 hanako@example.jp'));
      await vi.waitFor(() => expect(state.exits).toEqual([1]), { timeout: 10_000 });
      expect(state.relaunches[0].args).toEqual(['/app', expect.stringMatching(`^${AFTER_CRASH}=`)]);
      const logged = records.find((r) => r.event === 'main.uncaught')!;
      expect(JSON.stringify(logged)).not.toContain('hanako@example.jp');
      expect((await logLines()).some((l) => l.event === 'main.uncaught')).toBe(true);
    } finally {
      process.argv = argv;
    }
  });

  it('a rejection nobody handled is logged', () => {
    processHandlers.get('unhandledRejection')!(new Error('lost'));
    expect(records.at(-1)).toMatchObject({ event: 'main.unhandled_rejection', level: 'error' });
  });
});

describe('a second copy started', () => {
  it('brings the window forward: restored, shown, focused', () => {
    const window = mainWindow();
    window.minimized = true;
    window.shown = false;
    app.emit('second-instance');
    expect(window).toMatchObject({ minimized: false, shown: true });
    expect(window.focused).toBeGreaterThan(0);
  });
});
