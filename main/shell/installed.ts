/**
 * The desktop app's installed-app pieces for the composition: its settings (read before the
 * window opens), rotating log files in Electron's log folder at the level set-up chose, the
 * updater, counter mode's controls, the crash dumps' count, the PC's idle time, and the support
 * bundle saved on the desktop.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { app, powerMonitor, type BrowserWindow } from 'electron';
import type { AppUpdater } from 'electron-updater';
import { createLogger, stderrSink, type LogSink, type Logger } from '../api/log';
import type { InstalledPlatform } from '../installed/installed-app';
import { InstalledSettingsFile } from '../installed/installed-settings';
import { openLogFiles, teeSinks, type LogFiles } from '../installed/log-files';
import { FILE_MODE } from '../local/index';
import { counterModeControl } from './counter-mode';
import { crashDumpCount } from './recovery';
import { electronStoreOpener } from './storage';
import { openUpdater } from './updater';

export interface InstalledOptions {
  userData: string;
  window: () => BrowserWindow | null;
  /** A logger to use as it is (tests); otherwise one writing the log files (and `logSink`). */
  logger?: Logger;
  logSink?: LogSink;
  /** electron-updater's updater (tests give their own). */
  updater?: () => AppUpdater;
}

export interface ShellInstalled {
  settings: InstalledSettingsFile;
  logs: LogFiles;
  logger: Logger;
  platform: Partial<InstalledPlatform>;
}

/** Saved where staff find it to attach to a mail: the desktop, else the documents folder. */
function saveOnDesktop(fileName: string, content: string): Promise<string> {
  const dir = ['desktop', 'documents', 'userData']
    .map((name) => {
      try {
        return app.getPath(name as 'desktop');
      } catch {
        return null;
      }
    })
    .find((d): d is string => d !== null && existsSync(d))!;
  const file = path.join(dir, fileName);
  writeFileSync(file, content, { mode: FILE_MODE });
  return Promise.resolve(file);
}

export function shellInstalled(options: InstalledOptions): ShellInstalled {
  const logs = openLogFiles(app.getPath('logs'), {
    onError: (error) =>
      stderrSink({ level: 'error', event: 'log.file_failed', error: error.message }),
  });
  // The settings' own complaints (a damaged file) go to stderr: the level is in them.
  const settings = new InstalledSettingsFile(options.userData, createLogger(), electronStoreOpener);
  const logger =
    options.logger ??
    createLogger(
      teeSinks(logs.sink, options.logSink ?? stderrSink),
      () => settings.current.logLevel,
    );
  const updater = openUpdater({
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    logger,
    create: options.updater,
  });
  return {
    settings,
    logs,
    logger,
    platform: {
      settings,
      app: {
        name: 'Front Desk',
        version: app.getVersion(),
        versions: {
          electron: process.versions.electron,
          chrome: process.versions.chrome,
          node: process.versions.node,
        },
      },
      updater: updater.port,
      unavailable: updater.unavailable,
      logs,
      counterMode: counterModeControl(options.window, logger),
      crashDumps: crashDumpCount,
      idleSeconds: () => powerMonitor.getSystemIdleTime(),
      saveBundle: saveOnDesktop,
    },
  };
}
