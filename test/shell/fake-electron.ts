/**
 * A fake `electron` module for the shell's tests: it records what the shell asks of Electron
 * (scheme privileges, windows and their settings, handlers) and lets a test play Electron's part
 * (emit navigation events, call the protocol and IPC handlers, answer permission requests).
 * One instance per test file: `vi.mock('electron', () => import('./fake-electron').then(m => m.electron))`.
 */
import { EventEmitter } from 'node:events';

type Listener = (...args: any[]) => any;

/** A reversible stand-in for the OS encryption: the plain text never appears in its output. */
export function fakeEncrypt(text: string): Buffer {
  const body = Buffer.from(text, 'utf8').map((b) => b ^ 0x5a);
  return Buffer.concat([Buffer.from('FAKEENC1'), body]);
}

export function fakeDecrypt(data: Buffer): string {
  if (!data.subarray(0, 8).equals(Buffer.from('FAKEENC1'))) throw new Error('not ours');
  return Buffer.from(data.subarray(8).map((b) => b ^ 0x5a)).toString('utf8');
}

export const state = {
  events: [] as string[],
  ready: false,
  lock: true,
  quits: 0,
  sandboxEnabled: false,
  privileged: [] as any[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
  ipcHandlers: new Map<string, Listener>(),
  windows: [] as FakeBrowserWindow[],
  menu: null as any[] | null,
  messages: [] as any[],
  userData: '',
  appRoot: '',
  locale: 'ja-JP',
  isPackaged: true,
  safeStorage: {
    available: true,
    backend: 'gnome_libsecret' as string,
    encrypted: [] as string[],
    backendAsked: 0,
  },
  /** Other paths by name (logs, crashDumps, desktop); userData above. */
  paths: {} as Record<string, string>,
  loginItem: null as { openAtLogin: boolean } | null,
  blockers: new Map<number, string>(),
  blockersStarted: 0,
  displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] as Array<{
    workArea: { x: number; y: number; width: number; height: number };
  }>,
  idleSeconds: 0,
  crashReporter: null as any,
  relaunches: [] as any[],
  exits: [] as number[],
  printResult: { success: true, reason: '' },
  printed: [] as Array<{ url: string; options: unknown }>,
  pdfs: [] as Array<{ url: string; options: unknown }>,
};

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  url = '';
  destroyed = false;
  sent: Array<[string, unknown]> = [];
  windowOpenHandler: Listener | null = null;
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
  getURL() {
    return this.url;
  }
  isDestroyed() {
    return this.destroyed;
  }
  setWindowOpenHandler(handler: Listener) {
    this.windowOpenHandler = handler;
  }
  print(options: unknown, callback: (success: boolean, reason: string) => void) {
    state.printed.push({ url: this.url, options });
    setImmediate(() => callback(state.printResult.success, state.printResult.reason));
  }
  reloads = 0;
  crashedByForce = 0;
  reload() {
    this.reloads++;
  }
  /** As Electron: the renderer is ended, and said gone (killed). */
  forcefullyCrashRenderer() {
    this.crashedByForce++;
    setImmediate(() => this.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 }));
  }
  printToPDF(options: unknown) {
    state.pdfs.push({ url: this.url, options });
    return Promise.resolve(Buffer.from('%PDF-1.7 fake'));
  }
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  shown = false;
  focused = 0;
  minimized = false;
  restored = 0;
  destroyed = false;
  constructor(readonly options: any) {
    super();
    state.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string) {
    this.webContents.url = url;
    return Promise.resolve();
  }
  show() {
    this.shown = true;
  }
  focus() {
    this.focused++;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.restored++;
    this.minimized = false;
  }
  destroy() {
    this.destroyed = true;
    this.webContents.destroyed = true;
  }
  kiosk = false;
  fullScreen = false;
  maximized = false;
  bounds = { x: 0, y: 0, width: 1280, height: 800 };
  setKiosk(on: boolean) {
    this.kiosk = on;
  }
  isKiosk() {
    return this.kiosk;
  }
  setFullScreen(on: boolean) {
    this.fullScreen = on;
  }
  isFullScreen() {
    return this.fullScreen;
  }
  maximize() {
    this.maximized = true;
  }
  isMaximized() {
    return this.maximized;
  }
  isDestroyed() {
    return this.destroyed;
  }
  isVisible() {
    return this.shown;
  }
  getBounds() {
    return this.bounds;
  }
  setBounds(bounds: { x: number; y: number; width: number; height: number }) {
    this.bounds = { ...bounds };
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
}

class FakeApp extends EventEmitter {
  requestSingleInstanceLock() {
    state.events.push('lock');
    return state.lock;
  }
  quit() {
    state.quits++;
  }
  enableSandbox() {
    state.events.push('enableSandbox');
    state.sandboxEnabled = true;
  }
  whenReady() {
    state.events.push('whenReady');
    state.ready = true;
    return Promise.resolve();
  }
  getPath(name: string) {
    if (name === 'userData') return state.userData;
    // As Electron's defaults on Linux and Windows: the other folders inside userData.
    const other = state.paths[name] ?? (state.userData ? `${state.userData}/${name}` : null);
    if (!other) throw new Error(`unexpected getPath(${name})`);
    return other;
  }
  setLoginItemSettings(settings: { openAtLogin: boolean }) {
    state.loginItem = { ...settings };
  }
  getLoginItemSettings() {
    return { openAtLogin: state.loginItem?.openAtLogin ?? false };
  }
  relaunch(options?: unknown) {
    state.relaunches.push(options ?? null);
  }
  exit(code = 0) {
    state.exits.push(code);
  }
  getAppPath() {
    return state.appRoot;
  }
  getLocale() {
    return state.locale;
  }
  getVersion() {
    return '0.0.0-test';
  }
  get isPackaged() {
    return state.isPackaged;
  }
}

export const app = new FakeApp();

export const session = {
  defaultSession: Object.assign(new EventEmitter(), {
    permissionRequestHandler: null as Listener | null,
    permissionCheckHandler: null as Listener | null,
    devicePermissionHandler: null as Listener | null,
    displayMediaRequestHandler: null as Listener | null,
    headersReceived: null as Listener | null,
    setPermissionRequestHandler(handler: Listener) {
      this.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: Listener) {
      this.permissionCheckHandler = handler;
    },
    setDevicePermissionHandler(handler: Listener) {
      this.devicePermissionHandler = handler;
    },
    setDisplayMediaRequestHandler(handler: Listener) {
      this.displayMediaRequestHandler = handler;
    },
    webRequest: {
      onHeadersReceived(handler: Listener) {
        session.defaultSession.headersReceived = handler;
      },
    },
  }),
};

export const electron = {
  app,
  session,
  crashReporter: {
    start(options: any) {
      state.events.push(state.ready ? 'crashReporter-after-ready' : 'crashReporter');
      state.crashReporter = options;
    },
  },
  powerSaveBlocker: {
    start(type: string) {
      const id = ++state.blockersStarted;
      state.blockers.set(id, type);
      return id;
    },
    stop(id: number) {
      state.blockers.delete(id);
    },
    isStarted(id: number) {
      return state.blockers.has(id);
    },
  },
  powerMonitor: {
    getSystemIdleTime: () => state.idleSeconds,
  },
  screen: {
    getAllDisplays: () => state.displays,
  },
  BrowserWindow: FakeBrowserWindow,
  protocol: {
    registerSchemesAsPrivileged(schemes: any[]) {
      state.events.push(state.ready ? 'privileged-after-ready' : 'privileged');
      state.privileged.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      state.protocolHandlers.set(scheme, handler);
    },
  },
  ipcMain: {
    handle(channel: string, handler: Listener) {
      state.ipcHandlers.set(channel, handler);
    },
    on() {},
  },
  Menu: {
    buildFromTemplate(template: any[]) {
      return { template };
    },
    setApplicationMenu(menu: { template: any[] }) {
      state.menu = menu.template;
    },
  },
  dialog: {
    showMessageBox: async (...args: any[]) => {
      state.messages.push(args.at(-1));
      return { response: 0 };
    },
  },
  safeStorage: {
    isEncryptionAvailable: () => state.safeStorage.available,
    encryptString(text: string) {
      state.safeStorage.encrypted.push(text);
      return fakeEncrypt(text);
    },
    decryptString: (data: Buffer) => fakeDecrypt(data),
    getSelectedStorageBackend() {
      state.safeStorage.backendAsked++;
      return state.safeStorage.backend;
    },
  },
};

export default electron;
