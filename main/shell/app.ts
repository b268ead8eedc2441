/**
 * The desktop app's lifecycle: one instance, a locked-down session, the renderer on its own
 * protocol, the desk behind the IPC router, the menu and printing; the installed app's life
 * (issue 14): log files, updates, crash recovery, counter mode. Everything that can be plain
 * Node lives in main/host and is shared with the browser host.
 */
import { chmodSync } from 'node:fs';
import path from 'node:path';
import {
  Menu,
  app,
  dialog,
  ipcMain,
  session,
  type BrowserWindow,
  type WebContents,
} from 'electron';
import type { AppUpdater } from 'electron-updater';
import { createLogger, type LogSink, type Logger } from '../api/log';
import { printLocaleOf } from '../common/words';
import type { TrainingStarter } from '../desk/ports';
import { compose, type Composed } from '../host/compose';
import type { LogFiles } from '../installed/log-files';
import { GUEST_DISPLAY_CHANNELS, GUEST_DISPLAY_EVENTS, type PrintAnswer } from '../ipc/contract';
import { previousCrashAt } from '../installed/recovery-policy';
import { SafeKeyProvider, SafeSecretStore } from '../host/secrets';
import { DIR_MODE, mkdirPrivate } from '../local/index';
import { applyDisplay, initialPlace, keepPlace } from './counter-mode';
import { shellInstalled } from './installed';
import { GuestWindow } from './guest-window';
import { forwardEvents, registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { printHtml } from './print';
import { handleAppProtocol, registerAppScheme } from './protocol';
import { guardMainProcess, startCrashReporter, watchRenderer } from './recovery';
import { lockDownSession } from './session';
import { electronSafeStorage, electronStoreOpener } from './storage';
import { createMainWindow, guardContents } from './window';

export interface ShellOptions {
  /** Where dist/ is: the app's own path unless given (tests). */
  appRoot?: string;
  startTraining?: TrainingStarter;
  /** A logger used as it is (no log files); tests. */
  logger?: Logger;
  /** Where log records go besides the log files (stderr unless given). */
  logSink?: LogSink;
  /** electron-updater's updater (tests give their own). */
  updater?: () => AppUpdater;
}

export interface RunningShell {
  composed: Promise<Composed>;
  /** The log files (the support bundle reads them). */
  logs: LogFiles;
  mainWindow(): BrowserWindow | null;
  printDay(): Promise<void>;
}

/** A page on the OS printer with the system's dialog; a failure (not a cancel) is logged. */
async function printPage(html: string, logger: Logger): Promise<PrintAnswer> {
  const result = await printHtml(html);
  if (!result.ok && result.reason !== 'cancelled')
    logger.warn('print.failed', { reason: result.reason });
  return { ...result, queued: false };
}

/** Returns null when another instance already runs (this one then quits). */
export async function startShell(options: ShellOptions = {}): Promise<RunningShell | null> {
  // Before ready: the scheme's privileges, and the sandbox for every renderer.
  registerAppScheme();
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }

  // Crash dumps stay on this PC unless a server is configured; started before ready, as asked.
  startCrashReporter();
  // stderr until the log files are open (after ready); an uncaught error relaunches the app once.
  let logger: Logger = options.logger ?? createLogger();
  let flushLogs = () => Promise.resolve();
  guardMainProcess(
    () => logger,
    () => flushLogs(),
  );

  let mainWindow: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => guardContents(contents));
  app.on('window-all-closed', () => app.quit());

  await app.whenReady();
  const root = options.appRoot ?? app.getAppPath();
  const devTools = !app.isPackaged;
  const preload = path.join(root, 'dist', 'preload', 'preload.cjs');
  const guest = new GuestWindow({ preload, devTools }, () => mainWindow);
  const locale = printLocaleOf(app.getLocale());

  lockDownSession(session.defaultSession);
  handleAppProtocol(path.join(root, 'dist', 'renderer'));

  const userData = app.getPath('userData');
  // Electron makes this folder with the default mode: what the app keeps in it is the user's alone.
  mkdirPrivate(userData);
  chmodSync(userData, DIR_MODE);
  const installed = shellInstalled({
    userData,
    window: () => mainWindow,
    logger: options.logger,
    logSink: options.logSink,
    updater: options.updater,
  });
  logger = installed.logger;
  flushLogs = () => installed.logs.flush();
  logger.info('app.started', {
    version: app.getVersion(),
    electron: process.versions.electron ?? null,
    platform: process.platform,
    packaged: app.isPackaged,
  });
  const relaunched = previousCrashAt(process.argv);
  if (relaunched !== null) logger.warn('app.relaunched_after_failure', { failedAt: relaunched });
  const storage = electronSafeStorage();
  const composed = compose(
    {
      dataDir: userData,
      secrets: new SafeSecretStore(path.join(userData, 'secure', 'api-key.bin'), storage, logger),
      // The head office's device credential, kept as the API key is (issue 40, AB24).
      officeSecrets: new SafeSecretStore(
        path.join(userData, 'secure', 'office-credential.bin'),
        storage,
        logger,
      ),
      keyProvider: new SafeKeyProvider(
        path.join(userData, 'secure', 'cache-key.bin'),
        storage,
        logger,
      ),
      logger,
      defaultServiceUrl: process.env.FRONT_DESK_SERVICE_URL ?? null,
      openFile: electronStoreOpener,
      startTraining: options.startTraining,
      installed: installed.platform,
    },
    {
      // The shop's counters meet on its LAN (docs/decisions.md, W2).
      shopNetwork: { listenHost: '0.0.0.0', discovery: true },
      overrides: (desk) => ({
        // The desk's page (the browser host's too), on the OS printer.
        // The manifest on the receipt printer when set-up routes it there (issue 31).
        'manifest.print': async (request) =>
          (await desk.printManifestDirect(request)) ??
          printPage(desk.manifestPage(request).html, logger),
        // Receipts print at once on the counter's receipt printer (set-up names it); their PDF is
        // the desk's own (drawn in plain Node, main/desk/receipt/receipt-pdf.ts).
        // A receipt printer set up takes them directly (its own commands, decision M6).
        // The guest's display: its own window, on the second screen when there is one.
        'display.open': () => {
          guest.open();
          return { url: null };
        },
        'receipt.print': async (options) => {
          const direct = await desk.printReceiptDirect(options);
          if (direct) return direct;
          const { document, printerName } = await desk.receipt(options, 'print');
          const result = await printHtml(document.html, { silent: true, deviceName: printerName });
          if (!result.ok) logger.warn('print.failed', { reason: result.reason });
          return { ...result, queued: false };
        },
      }),
    },
  );
  composed.catch((error: unknown) => logger.error('shell.start_failed', { error }));
  // The guest's window may reach its own screen only (decision M12).
  const isGuest = (contents: WebContents) => contents === guest.contents();
  registerIpc(
    ipcMain,
    composed.then((c) => c.router),
    logger,
    (sender) => (isGuest(sender) ? GUEST_DISPLAY_CHANNELS : null),
  );
  // A failed start is logged above; then there are no events to forward.
  void composed.then((c) => {
    forwardEvents(c.events, () => (mainWindow ? [mainWindow.webContents] : []));
    forwardEvents(
      c.events,
      () => [guest.contents()].filter((w) => w !== null),
      GUEST_DISPLAY_EVENTS,
    );
  });
  // Today's view built while the window loads its script (decision G12); a failed start is
  // logged above.
  composed.then((c) => setImmediate(() => c.prepareFirstView())).catch(() => undefined);

  /** The menu's print: the whole day the counter is looking at, in the system's language. */
  const printDay = async () => {
    const c = await composed;
    const printed = await c.router.handle('manifest.print', {
      date: c.lastViewedDate(),
      slot: null,
      locale,
    });
    if (printed.ok) return;
    const options = { type: 'info' as const, message: printed.error.message };
    await (mainWindow
      ? dialog.showMessageBox(mainWindow, options)
      : dialog.showMessageBox(options));
  };

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        locale,
        isMac: process.platform === 'darwin',
        devTools,
        onPrintManifest: () =>
          void printDay().catch((error: unknown) => logger.error('print.failed', { error })),
      }),
    ),
  );

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    quitting = true;
    event.preventDefault();
    // Whether a ready update installs as the app quits is decided now, from what holds it.
    const closing = composed.then((c) => {
      c.installed.updates.beforeQuit();
      return c.close();
    });
    const limit = new Promise((resolve) => setTimeout(resolve, 3000));
    void Promise.race([closing, limit])
      .catch(() => undefined)
      .then(() => installed.logs.close())
      .finally(() => app.quit());
  });

  mainWindow = createMainWindow({
    preload,
    devTools,
    place: initialPlace(installed.settings),
  });
  applyDisplay(mainWindow, installed.settings.current.counter.display);
  keepPlace(mainWindow, installed.settings);
  // A crash or hang reloads the page; it asks the main process where staff were (recovery.get).
  watchRenderer(mainWindow, logger, locale);
  mainWindow.on('closed', () => {
    mainWindow = null;
    // The guest's window goes with the counter's (the app quits when both are closed).
    guest.close();
  });

  return { composed, logs: installed.logs, mainWindow: () => mainWindow, printDay };
}
