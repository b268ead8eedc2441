/**
 * The main window and the rules every web contents lives by: isolated, sandboxed, no Node, no
 * navigation away from the app, no new windows, no webviews.
 */
import { BrowserWindow, type WebContents, type WebPreferences } from 'electron';
import { APP_START_URL, isAppUrl } from './origin';

/** Electron's security checklist, as settings. (There is no `remote` module since Electron 14.) */
export const WEB_PREFERENCES = {
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
} as const satisfies WebPreferences;

export interface MainWindowOptions {
  preload: string;
  /** DevTools only in development. */
  devTools: boolean;
  /** Where it opens (counter mode's remembered place, checked against the displays). */
  place?: { x: number; y: number; width: number; height: number; maximized: boolean } | null;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const place = options.place ?? null;
  const window = new BrowserWindow({
    width: place?.width ?? 1280,
    height: place?.height ?? 800,
    ...(place && { x: place.x, y: place.y }),
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Front Desk',
    backgroundColor: '#ffffff',
    webPreferences: { ...WEB_PREFERENCES, preload: options.preload, devTools: options.devTools },
  });
  if (place?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  // Not awaited: the page is the app's own (app: protocol); were it to fail, Electron logs the
  // rejection and the window stays blank, which nothing here could mend.
  void window.loadURL(APP_START_URL);
  return window;
}

/**
 * Applied to every web contents as it is created (the main window, the print window, anything
 * else): navigation stays inside app://front-desk, window.open is denied, webviews are refused.
 */
export function guardContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
