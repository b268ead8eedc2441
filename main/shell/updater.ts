/**
 * electron-updater as the update service's port (main/installed/updates.ts decides when).
 * The feed is the generic provider of electron-builder.yml's publish block (written into the app
 * as app-update.yml), or FRONT_DESK_UPDATE_URL when set; the channel is set-up's (stable is
 * electron-builder's "latest"). electron-updater honours the channel file's stagingPercentage,
 * checks the download's sha512, and verifies signatures as it does per platform (the Windows
 * publisher of the installer; Squirrel.Mac's code signature on macOS).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import electronUpdater, { type AppUpdater } from 'electron-updater';
import type { Logger } from '../api/log';
import type { UpdaterPort } from '../installed/updates';
import { updateErrorKind } from '../installed/update-state';

/** The update server's address, overriding the build's (a staging server, a shop's own mirror). */
export const UPDATE_URL_ENV = 'FRONT_DESK_UPDATE_URL';

export interface UpdaterChoice {
  port: UpdaterPort | null;
  unavailable: 'not_installed' | 'not_configured';
}

export interface UpdaterOptions {
  isPackaged: boolean;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  /** Where app-update.yml is (process.resourcesPath). */
  resourcesPath?: string;
  /** electron-updater's updater for this platform (its `autoUpdater`; tests give their own). */
  create?: () => AppUpdater;
  logger: Logger;
}

/** The home folder out of electron-updater's messages (paths name the user). */
function scrub(message: unknown): string {
  const text = message instanceof Error ? message.message : String(message);
  return text.split(os.homedir()).join('~').slice(0, 500);
}

/** The updater for this app, or why there is none. */
export function openUpdater(options: UpdaterOptions): UpdaterChoice {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  // The counters run the Windows and macOS installers; a development run updates nothing.
  if (!options.isPackaged || (platform !== 'win32' && platform !== 'darwin'))
    return { port: null, unavailable: 'not_installed' };
  const url = env[UPDATE_URL_ENV]?.trim() || null;
  const buildConfig = options.resourcesPath
    ? existsSync(path.join(options.resourcesPath, 'app-update.yml'))
    : false;
  if (!url && !buildConfig) return { port: null, unavailable: 'not_configured' };
  const updater = (options.create ?? (() => electronUpdater.autoUpdater))();
  if (url) updater.setFeedURL({ provider: 'generic', url });
  return { port: updaterPort(updater, options.logger), unavailable: 'not_configured' };
}

/** electron-updater's updater behind the port: quiet download, nothing installed unasked. */
export function updaterPort(updater: AppUpdater, logger: Logger): UpdaterPort {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.logger = {
    info: (m: unknown) => logger.debug('updater', { message: scrub(m) }),
    warn: (m: unknown) => logger.warn('updater', { message: scrub(m) }),
    error: (m: unknown) => logger.warn('updater', { message: scrub(m) }),
  };
  return {
    async check() {
      const result = await updater.checkForUpdates();
      // A failed download is reported by the 'error' event; its promise must not go unhandled.
      result?.downloadPromise?.catch(() => undefined);
    },
    // Silent on Windows (no installer pages at a counter), and the app starts again after.
    quitAndInstall: () => updater.quitAndInstall(true, true),
    setInstallOnQuit(on) {
      updater.autoInstallOnAppQuit = on;
    },
    setChannel(channel) {
      updater.channel = channel === 'beta' ? 'beta' : 'latest';
      // Setting a channel allows a downgrade; leaving beta waits for stable to catch up instead.
      updater.allowDowngrade = false;
    },
    listen(listener) {
      updater.on('checking-for-update', () => listener({ type: 'checking' }));
      updater.on('update-not-available', () => listener({ type: 'up_to_date', at: Date.now() }));
      updater.on('update-available', (info) =>
        listener({ type: 'available', version: info.version, at: Date.now() }),
      );
      updater.on('download-progress', (progress) =>
        listener({ type: 'progress', percent: progress.percent }),
      );
      updater.on('update-downloaded', (event) =>
        listener({ type: 'downloaded', version: event.version }),
      );
      updater.on('error', (error) =>
        listener({ type: 'failed', error: updateErrorKind(error), at: Date.now() }),
      );
    },
  };
}
