/**
 * The Electron shell against a fake `electron` module (the runtime cannot run here): every
 * security setting is asserted where the shell hands it to Electron, and the shell is driven
 * the way Electron would drive it — navigation events, protocol requests, IPC calls from good
 * and foreign frames. The desk behind it is real: training in an in-process sandbox, a live key
 * against a test sandbox.
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, type LogRecord } from '../../main/api/log';
import { CONTENT_SECURITY_POLICY } from '../../main/host/csp';
import { APP_START_URL } from '../../main/shell/origin';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { pdfText } from '../support/pdf';
import { FakeWebContents, app, fakeDecrypt, session, state } from './fake-electron';

vi.mock('electron', async () => {
  const fake = await import('./fake-electron');
  return { ...fake.electron, default: fake.electron };
});

const storeOptions: any[] = [];
vi.mock('electron-store', async () => {
  // electron-store is conf plus Electron's paths; the shell always gives it a cwd.
  const { default: Conf } = await import('conf');
  class FakeElectronStore extends Conf<Record<string, unknown>> {
    constructor(options: any) {
      const { name, ...rest } = options;
      super({ ...rest, configName: name });
      storeOptions.push(options);
    }
  }
  return { default: FakeElectronStore };
});

// Imported after the mocks are declared (vi.mock is hoisted anyway).
const { startShell } = await import('../../main/shell/app');
const { menuTemplate } = await import('../../main/shell/menu');
const { GUEST_DISPLAY_URL, guestArea } = await import('../../main/shell/guest-window');
const { WEB_PREFERENCES } = await import('../../main/shell/window');
const { electronSafeStorage } = await import('../../main/shell/storage');

const SECRET = 'TOP-SECRET-OUTSIDE-THE-RENDERER';
const logs: LogRecord[] = [];
let root: string;
let shell: NonNullable<Awaited<ReturnType<typeof startShell>>>;
let live: TestSandbox;

type Frame = { url: string; parent: unknown } | null;
const TRUSTED: Frame = { url: APP_START_URL, parent: null };

function invoke(
  channel: unknown,
  payload: unknown,
  frame: Frame = TRUSTED,
  sender: unknown = mainContents(),
): Promise<any> {
  const handler = state.ipcHandlers.get('fd:invoke');
  if (!handler) throw new Error('no IPC handler');
  return handler({ senderFrame: frame, sender }, channel, payload);
}

function mainWindow() {
  const window = state.windows[0];
  if (!window) throw new Error('no window');
  return window;
}
const mainContents = () => mainWindow().webContents;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'fd-shell-'));
  state.userData = path.join(root, 'userData');
  // As Electron makes it: the default mode, readable by others.
  mkdirSync(state.userData, { mode: 0o755 });
  state.appRoot = path.join(root, 'app');
  const renderer = path.join(state.appRoot, 'dist', 'renderer');
  mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Front Desk</title>');
  writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(state.appRoot, 'secret.txt'), SECRET);
  writeFileSync(path.join(root, 'secret.txt'), SECRET);
  symlinkSync(path.join(root, 'secret.txt'), path.join(renderer, 'link.txt'));
  live = await startTestSandbox();
  const started = await startShell({ logger: createLogger((r) => logs.push(r), 'debug') });
  if (!started) throw new Error('the shell did not start');
  shell = started;
  await shell.composed;
});

afterAll(async () => {
  if (shell) {
    const before = state.quits;
    app.emit('before-quit', { preventDefault() {} });
    await vi.waitFor(() => expect(state.quits).toBeGreaterThan(before), { timeout: 5000 });
  }
  await live?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('before the app is ready', () => {
  it('registers app:// as a standard, secure scheme, without bypassing the CSP', () => {
    expect(state.events.indexOf('privileged')).toBeGreaterThanOrEqual(0);
    expect(state.events.indexOf('privileged')).toBeLessThan(state.events.indexOf('whenReady'));
    expect(state.privileged).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
      },
    ]);
  });

  it('sandboxes every renderer process and holds the single-instance lock', () => {
    expect(state.sandboxEnabled).toBe(true);
    expect(state.events.indexOf('enableSandbox')).toBeLessThan(state.events.indexOf('whenReady'));
    expect(state.events).toContain('lock');
    expect(state.quits).toBe(0);
  });

  it('brings the running window forward when a second instance starts', () => {
    const window = mainWindow();
    window.minimized = true;
    const focused = window.focused;
    app.emit('second-instance');
    expect(window.restored).toBe(1);
    expect(window.focused).toBe(focused + 1);
  });
});

describe('the window', () => {
  it('is isolated, sandboxed and without Node, with our preload', () => {
    expect(state.windows).toHaveLength(1);
    const prefs = mainWindow().options.webPreferences;
    expect(prefs).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      preload: path.join(state.appRoot, 'dist', 'preload', 'preload.cjs'),
      devTools: false,
    });
    expect(prefs).not.toHaveProperty('enableRemoteModule');
  });

  it('loads the renderer from app://front-desk and shows once ready', () => {
    expect(mainContents().url).toBe('app://front-desk/index.html');
    expect(mainWindow().options.show).toBe(false);
    mainWindow().emit('ready-to-show');
    expect(mainWindow().shown).toBe(true);
  });
});

describe('navigation and new windows', () => {
  const attempt = (contents: FakeWebContents, event: string, url: string) => {
    let prevented = false;
    contents.emit(event, { url, preventDefault: () => (prevented = true) });
    return prevented;
  };
  const foreign = [
    'https://evil.example/',
    'http://127.0.0.1:8080/',
    'file:///etc/passwd',
    'app://evil/index.html',
    'app://front-desk.evil.example/',
    'app://user:pw@front-desk/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'not a url',
  ];

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    '%s: anywhere but app://front-desk is blocked',
    (event) => {
      for (const url of foreign) expect(attempt(mainContents(), event, url), url).toBe(true);
      expect(attempt(mainContents(), event, 'app://front-desk/index.html')).toBe(false);
    },
  );

  it('denies window.open and webviews, for every web contents created', () => {
    const other = new FakeWebContents();
    app.emit('web-contents-created', {}, other);
    for (const contents of [mainContents(), other]) {
      expect(contents.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({
        action: 'deny',
      });
      expect(contents.windowOpenHandler!({ url: 'app://front-desk/index.html' })).toEqual({
        action: 'deny',
      });
      expect(attempt(contents, 'will-attach-webview', 'app://front-desk/')).toBe(true);
      expect(attempt(contents, 'will-navigate', 'https://evil.example/')).toBe(true);
    }
  });
});

describe('the session', () => {
  const ses = session.defaultSession;

  it('denies every permission request and check', async () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'fullscreen',
      'clipboard-read',
      'display-capture',
      'unknown',
    ]) {
      const granted = await new Promise((resolve) =>
        ses.permissionRequestHandler!(mainContents(), permission, resolve, {}),
      );
      expect(granted, permission).toBe(false);
      expect(ses.permissionCheckHandler!(mainContents(), permission, 'app://front-desk', {})).toBe(
        false,
      );
    }
    expect(ses.devicePermissionHandler!({ deviceType: 'usb' })).toBe(false);
    const streams = await new Promise((resolve) => ses.displayMediaRequestHandler!({}, resolve));
    expect(streams).toEqual({});
  });

  it('refuses downloads', () => {
    let prevented = false;
    ses.emit('will-download', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });

  it('puts the strict CSP on every response, replacing any other', async () => {
    const result: any = await new Promise((resolve) =>
      ses.headersReceived!(
        {
          url: 'https://example.com/',
          responseHeaders: {
            'content-security-policy': ["default-src *; script-src 'unsafe-inline'"],
            'Content-Type': ['text/html'],
          },
        },
        resolve,
      ),
    );
    expect(result.responseHeaders['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(result.responseHeaders).not.toHaveProperty('content-security-policy');
    expect(result.responseHeaders['Content-Type']).toEqual(['text/html']);
  });

  it('the CSP allows only our own scripts and styles and forbids framing', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values.join(' ')];
      }),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)|\*/);
  });
});

describe('the app:// protocol', () => {
  const get = (url: string, init?: RequestInit) => {
    const handler = state.protocolHandlers.get('app');
    if (!handler) throw new Error('no protocol handler');
    return handler(new Request(url, init));
  };

  it('serves the renderer with the CSP and nosniff', async () => {
    const page = await get('app://front-desk/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Front Desk</title>');
    const root = await get('app://front-desk/');
    expect(root.status).toBe(200);
    const script = await get('app://front-desk/assets/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    'app://front-desk/..%2fsecret.txt',
    'app://front-desk/%2e%2e%2fsecret.txt',
    'app://front-desk/..%2f..%2fsecret.txt',
    'app://front-desk/..%5csecret.txt',
    'app://front-desk/%2e%2e/secret.txt',
    'app://front-desk/assets/..%2f..%2f..%2fsecret.txt',
    'app://front-desk/%252e%252e%252fsecret.txt',
    'app://front-desk//etc/passwd',
    'app://front-desk/%2fetc%2fpasswd',
    'app://front-desk/link.txt',
    'app://front-desk/index.html%00.js',
    'app://front-desk/assets',
    'app://front-desk/%E0%A4%A',
    'app://front-desk/missing.js',
  ])('refuses %s', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain('root:');
  });

  it('answers only its own host and only GET', async () => {
    expect((await get('app://other-host/index.html')).status).toBe(404);
    expect((await get('app://front-desk/index.html', { method: 'POST', body: 'x' })).status).toBe(
      405,
    );
  });
});

describe('IPC', () => {
  it('answers the renderer of app://front-desk through the router', async () => {
    const { router } = await shell.composed;
    const handle = vi.spyOn(router, 'handle');
    const result = await invoke('setup.status', {});
    expect(handle).toHaveBeenCalledWith('setup.status', {});
    handle.mockRestore();
    expect(result.ok).toBe(true);
    expect(result.value.mode).toBe('training');
    expect(await invoke('no.such.channel', {})).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
  });

  it.each<[string, Frame]>([
    ['another site', { url: 'https://evil.example/', parent: null }],
    ['a local file', { url: 'file:///tmp/x.html', parent: null }],
    ['another app:// host', { url: 'app://evil/index.html', parent: null }],
    ['a lookalike host', { url: 'app://front-desk.evil.example/', parent: null }],
    ['the browser host address', { url: 'http://127.0.0.1:5173/', parent: null }],
    ['a sub-frame of our own page', { url: APP_START_URL, parent: { url: APP_START_URL } }],
    ['a frame that is gone', null],
  ])('refuses calls from %s before they reach the desk', async (_name, frame) => {
    const { router } = await shell.composed;
    const handle = vi.spyOn(router, 'handle');
    try {
      const result = await invoke('setup.removeKey', {}, frame);
      expect(result).toEqual({
        ok: false,
        error: { code: 'FORBIDDEN', message: expect.any(String), details: [] },
      });
      expect(handle).not.toHaveBeenCalled();
    } finally {
      handle.mockRestore();
    }
    expect(logs.some((r) => r.event === 'ipc.foreign_sender')).toBe(true);
  });

  it('sends events to our window only while it shows our page', async () => {
    const contents = mainContents();
    contents.sent.length = 0;
    await invoke('setup.startTraining', {});
    await vi.waitFor(
      () => expect(contents.sent.map(([channel]) => channel)).toContain('fd:event:setup.changed'),
      { timeout: 10_000 },
    );
    const [, payload] = contents.sent.find(([c]) => c === 'fd:event:setup.changed')!;
    expect(payload).toMatchObject({ mode: 'training' });

    contents.url = 'https://evil.example/';
    contents.sent.length = 0;
    await invoke('setup.startTraining', {});
    // setup.changed is emitted before the answer (announceSetup), through the hub at once: had it
    // gone to this window, it would be here.
    expect(contents.sent).toEqual([]);
    contents.url = APP_START_URL;
  });
});

describe("the guest's display", () => {
  it('opens a window of its own, full screen on the second screen, as locked down as the first', async () => {
    state.displays = [
      { workArea: { x: 0, y: 0, width: 1920, height: 1080 } },
      { workArea: { x: 1920, y: 0, width: 1024, height: 768 } },
    ];
    const before = state.windows.length;
    expect(await invoke('display.open', {})).toEqual({ ok: true, value: { url: null } });
    expect(state.windows.length).toBe(before + 1);
    const window = state.windows.at(-1)!;
    expect(window.webContents.url).toBe(GUEST_DISPLAY_URL);
    expect(window.options).toMatchObject({ x: 1920, y: 0, width: 1024, fullscreen: true });
    expect(window.options.webPreferences).toMatchObject({
      ...WEB_PREFERENCES,
      preload: mainWindow().options.webPreferences.preload,
    });
    // Asked again: the same window, brought forward.
    await invoke('display.open', {});
    expect(state.windows.length).toBe(before + 1);
  });

  it('lets that window ask its own screen and hear its own event, nothing of the counter', async () => {
    const guest = state.windows.find((w) => w.webContents.url === GUEST_DISPLAY_URL)!.webContents;
    const display = { url: GUEST_DISPLAY_URL, parent: null };
    expect(await invoke('display.get', {}, display, guest)).toMatchObject({ ok: true });
    for (const channel of ['setup.status', 'day.get', 'display.show', 'drawer.open'])
      expect(await invoke(channel, {}, display, guest)).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      });
    guest.sent.length = 0;
    await invoke('display.show', { screen: { kind: 'idle' }, locale: 'en' });
    await invoke('setup.startTraining', {});
    await vi.waitFor(
      () => expect(mainContents().sent.map(([c]) => c)).toContain('fd:event:setup.changed'),
      { timeout: 10_000 },
    );
    expect(guest.sent.map(([c]) => c)).toEqual(['fd:event:display.changed']);
  });

  it('picks any screen but the counter’s, or none when there is one', () => {
    const one = { workArea: { x: 0, y: 0, width: 1920, height: 1080 } };
    const two = { workArea: { x: -1280, y: 0, width: 1280, height: 1024 } };
    expect(guestArea([one], { x: 100, y: 100 })).toBeNull();
    expect(guestArea([one, two], { x: 100, y: 100 })).toEqual(two.workArea);
    expect(guestArea([one, two], { x: -600, y: 10 })).toEqual(one.workArea);
  });
});

describe('secrets with safeStorage', () => {
  const apiKeyFile = () => path.join(state.userData, 'secure', 'api-key.bin');
  const saveKey = () =>
    invoke('setup.saveKey', {
      apiKey: live.key('org-facility'),
      serviceUrl: live.baseUrl,
      storeId: DEMO.stores.kyoto,
      plan: 'facility',
    });

  it('keeps the cache key encrypted with safeStorage', () => {
    const file = path.join(state.userData, 'secure', 'cache-key.bin');
    const key = Buffer.from(fakeDecrypt(readFileSync(file)), 'base64');
    expect(key).toHaveLength(32);
    expect(statSync(file).mode & 0o077).toBe(0);
    // The app's data folder itself is the user's alone, whatever mode Electron made it with.
    expect(statSync(state.userData).mode & 0o077).toBe(0);
  });

  it('refuses to keep the API key with the plain-text backend, and says so', async () => {
    state.safeStorage.backend = 'basic_text';
    try {
      const result = await saveKey();
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'SECURE_STORAGE_UNAVAILABLE' },
      });
      expect(result.error.message).toMatch(/plain-text/);
    } finally {
      state.safeStorage.backend = 'gnome_libsecret';
    }
    expect(() => statSync(apiKeyFile())).toThrow();
    expect(state.safeStorage.encrypted).not.toContain(live.key('org-facility'));
    // The counter keeps working where it was.
    expect((await invoke('setup.status', {})).value.mode).toBe('training');
    expect((await invoke('day.get', { date: null })).ok).toBe(true);
  });

  it('refuses it too when no encryption is available at all', async () => {
    state.safeStorage.available = false;
    try {
      expect(await saveKey()).toMatchObject({
        ok: false,
        error: { code: 'SECURE_STORAGE_UNAVAILABLE' },
      });
    } finally {
      state.safeStorage.available = true;
    }
    expect(() => statSync(apiKeyFile())).toThrow();
  });

  it('keeps it encrypted with a real keyring, and nowhere in clear', async () => {
    const key = live.key('org-facility');
    const result = await saveKey();
    expect(result.ok).toBe(true);
    expect(result.value.mode).toBe('live');
    expect(JSON.stringify(result)).not.toContain(key);
    expect(state.safeStorage.encrypted).toContain(key);
    const stored = readFileSync(apiKeyFile());
    expect(stored.toString('latin1')).not.toContain(key);
    expect(fakeDecrypt(stored)).toBe(key);
    expect(statSync(apiKeyFile()).mode & 0o077).toBe(0);
    for (const file of files(state.userData))
      expect(readFileSync(file).toString('latin1'), file).not.toContain(key);
    for (const record of logs) expect(JSON.stringify(record)).not.toContain(key);
    for (const [, payload] of mainContents().sent)
      expect(JSON.stringify(payload)).not.toContain(key);
  });

  it('asks for the storage backend on Linux only', () => {
    const asked = state.safeStorage.backendAsked;
    expect(electronSafeStorage('darwin').backend()).toBe('os');
    expect(electronSafeStorage('win32').backend()).toBe('os');
    expect(state.safeStorage.backendAsked).toBe(asked);
    expect(electronSafeStorage('linux').backend()).toBe('gnome_libsecret');
    expect(state.safeStorage.backendAsked).toBe(asked + 1);
  });
});

describe('files', () => {
  it('are electron-store files under userData', () => {
    expect(storeOptions.length).toBeGreaterThan(0);
    for (const options of storeOptions) {
      expect(path.resolve(options.cwd).startsWith(state.userData + path.sep)).toBe(true);
      expect(options.name).toEqual(expect.any(String));
    }
    expect(storeOptions.some((o) => o.cwd.includes(`${path.sep}settings`))).toBe(true);
  });
});

describe('menu and printing', () => {
  const printWindows = () => state.windows.slice(1);
  const lastPrintedHtml = () => {
    const url = state.printed.at(-1)!.url;
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    return decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length));
  };

  it('has Japanese labels on a Japanese system and a print item', () => {
    const labels = state.menu!.map((m) => m.label);
    expect(labels).toEqual(['ファイル', '編集', '表示', 'ウインドウ']);
    const print = state.menu![0].submenu.find((i: any) => i.id === 'print-manifest');
    expect(print).toMatchObject({ label: 'この日の名簿を印刷…', accelerator: 'CmdOrCtrl+P' });
    const roles = state.menu!.flatMap((m) => m.submenu.map((i: any) => i.role));
    expect(roles).not.toContain('toggleDevTools');
  });

  it('has English labels elsewhere, and an app menu on macOS', () => {
    const template = menuTemplate({
      locale: 'en',
      isMac: true,
      devTools: false,
      onPrintManifest: () => {},
    });
    expect(template.map((m) => m.label)).toEqual(['Front Desk', 'File', 'Edit', 'View', 'Window']);
  });

  it('prints the day from a hidden window that runs no script', async () => {
    // The day the counter looks at (earlier tests may have looked at another one).
    const day = (await invoke('day.get', { date: null })).value;
    const before = state.printed.length;
    const print = state.menu![0].submenu.find((i: any) => i.id === 'print-manifest');
    print.click();
    await vi.waitFor(() => expect(state.printed.length).toBe(before + 1), { timeout: 10_000 });
    const window = printWindows().at(-1)!;
    expect(window.options.show).toBe(false);
    expect(window.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
    });
    expect(window.options.webPreferences.preload).toBeUndefined();
    await vi.waitFor(() => expect(window.destroyed).toBe(true), { timeout: 10_000 });
    const html = lastPrintedHtml();
    expect(html).toContain('Content-Security-Policy');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(day.store.name);
    expect(html).toContain(day.date);
  });

  it('prints one slot through manifest.print: the desk’s page, in the language asked', async () => {
    const day = (await invoke('day.get', { date: null })).value;
    const product = day.products.find((p: any) => p.slots.some((s: any) => s.counts.parties > 0));
    expect(product).toBeDefined();
    const slot = product.slots.find((s: any) => s.counts.parties > 0);
    const asked = { date: day.date, slot: { productId: product.id, startTime: slot.startTime } };
    const result = await invoke('manifest.print', { ...asked, locale: 'en' });
    expect(result).toEqual({ ok: true, value: { ok: true, reason: null, queued: false } });
    const html = lastPrintedHtml();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(product.name.replace(/&/g, '&amp;'));
    expect(html).toContain(slot.startTime);
    const { reservations } = (await invoke('day.parties', asked)).value;
    const someone = reservations.find((r: any) => r.active);
    expect(html).toContain(someone.customerName.replace(/&/g, '&amp;'));
    // The same page the browser host prints: the desk's, for both hosts.
    const page = (await invoke('manifest.page', { ...asked, locale: 'en' })).value.html;
    const withoutStamp = (h: string) => h.replace(/<p>Printed: .*<\/p>/, '');
    expect(withoutStamp(html)).toBe(withoutStamp(page));

    expect(
      await invoke('manifest.print', { ...asked, slot: { ...asked.slot, startTime: '03:17' } }),
    ).toMatchObject({ ok: false, error: { code: 'SLOT_NOT_FOUND' } });

    state.printResult = { success: false, reason: 'cancelled' };
    try {
      expect(await invoke('manifest.print', asked)).toEqual({
        ok: true,
        value: { ok: false, reason: 'cancelled', queued: false },
      });
    } finally {
      state.printResult = { success: true, reason: '' };
    }
  });
});

describe('receipts', () => {
  it('prints silently on the printer set-up names; the PDF is the desk’s; both count as issued', async () => {
    const { desk } = await shell.composed;
    const session = desk.session!;
    const settings = (await invoke('money.settings', {})).value;
    await invoke('money.configure', { ...settings, printerName: 'TM-m30' });
    const sale = session.journal.append({
      kind: 'sale',
      businessDate: '2026-11-24',
      counterId: session.counter().id,
      counterName: session.counter().name,
      walkInEntryId: 'walk-in-1',
      reservationId: null,
      reservationNumber: null,
      customerName: '印刷',
      currency: 'JPY',
      items: [],
      discounts: [],
      total: 1_000,
      tender: [{ method: 'cash', amount: 1_000, received: 1_000, brand: null, reference: null }],
      change: 0,
    });
    const printed = await invoke('receipt.print', { entryId: sale.id });
    expect(printed).toEqual({ ok: true, value: { ok: true, reason: null, queued: false } });
    expect(state.printed.at(-1)!.options).toMatchObject({ silent: true, deviceName: 'TM-m30' });
    const url = state.printed.at(-1)!.url;
    expect(decodeURIComponent(url)).toContain('レシート');

    // The PDF is the desk's, drawn without a browser: no window, no printToPDF.
    const windows = state.windows.length;
    const pdf = await invoke('receipt.pdf', { entryId: sale.id, layout: 'a4', locale: 'en' });
    expect(pdf.ok).toBe(true);
    const bytes = Buffer.from(pdf.value.pdfBase64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(bytes)).toContain('Reprint');
    expect(pdf.value.fileName).toMatch(/^receipt-2026-11-24-/);
    expect(state.pdfs).toEqual([]);
    expect(state.windows.length).toBe(windows);
    expect(session.journal.about(sale.id).filter((r) => r.kind === 'receipt')).toHaveLength(2);
  });
});
