/**
 * When part of the app fails (the policy is main/installed/recovery-policy.ts): crash dumps
 * kept locally by Electron's crash reporter (sent only where an address is configured); a
 * renderer that crashed or hung is reloaded, and the page asks the main process where staff
 * were; an uncaught error in the main process is logged and the app relaunched once.
 */
import { app, crashReporter, dialog, type BrowserWindow } from 'electron';
import { readdirSync } from 'node:fs';
import type { Logger } from '../api/log';
import type { PrintLocale } from '../common/words';
import * as words from '../common/words/recovery';
import {
  HANG_GRACE_MS,
  RendererRecovery,
  relaunchArgs,
  shouldRelaunch,
} from '../installed/recovery-policy';

/** Where crash dumps are sent, when a support server takes them; unset: they stay on the PC. */
export const CRASH_URL_ENV = 'FRONT_DESK_CRASH_URL';

/** Before the app is ready, as Electron asks. */
export function startCrashReporter(env: NodeJS.ProcessEnv = process.env): void {
  const url = env[CRASH_URL_ENV]?.trim() || null;
  crashReporter.start({
    productName: 'Front Desk',
    submitURL: url ?? '',
    uploadToServer: url !== null,
    compress: true,
  });
}

/** Crash dumps waiting in Electron's folder (counted for the support bundle, never sent in it). */
export function crashDumpCount(): number {
  const count = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? count(`${dir}/${e.name}`) : e.name.endsWith('.dmp') ? 1 : 0),
      0,
    );
  try {
    return count(app.getPath('crashDumps'));
  } catch {
    return 0;
  }
}

/** Relaunch once (see the policy), else quit; the reason is logged first. */
export function restartApp(logger: Logger, reason: string, now = Date.now()): void {
  const argv = process.argv.slice(1);
  if (shouldRelaunch(argv, now)) {
    logger.error('app.relaunch', { reason });
    app.relaunch({ args: relaunchArgs(argv, now) });
  } else logger.error('app.stop_after_repeated_failure', { reason });
  app.exit(1);
}

/** A renderer that crashed or hung is reloaded; one that keeps failing restarts the app. */
export function watchRenderer(
  window: BrowserWindow,
  logger: Logger,
  locale: PrintLocale,
  recovery: RendererRecovery = new RendererRecovery(),
): void {
  const contents = window.webContents;
  let hang: ReturnType<typeof setTimeout> | null = null;
  const act = (action: ReturnType<RendererRecovery['gone']>, why: string) => {
    if (action === 'reload') {
      logger.warn('shell.renderer_reload', { why });
      contents.reload();
    } else if (action === 'give_up') {
      void dialog
        .showMessageBox(window, { type: 'error', message: words[locale].giveUp })
        .finally(() => restartApp(logger, `renderer ${why}`));
    }
  };
  contents.on('render-process-gone', (_event, details) => {
    logger.error('shell.renderer_gone', { reason: details.reason, exitCode: details.exitCode });
    act(recovery.gone(details.reason), details.reason);
  });
  window.on('unresponsive', () => {
    logger.warn('shell.renderer_unresponsive', {});
    if (hang) clearTimeout(hang);
    hang = setTimeout(() => {
      hang = null;
      logger.error('shell.renderer_hung', { afterMs: HANG_GRACE_MS });
      // Reloading a page that never answers would wait on it: its process is ended, which
      // Electron reports as gone (above), and that reloads it.
      contents.forcefullyCrashRenderer();
    }, HANG_GRACE_MS);
  });
  window.on('responsive', () => {
    if (hang) clearTimeout(hang);
    hang = null;
  });
  window.on('closed', () => {
    if (hang) clearTimeout(hang);
  });
}

/** An uncaught error in the main process: logged, the log flushed, the app relaunched once. */
export function guardMainProcess(logger: () => Logger, flush: () => Promise<void>): void {
  let failing = false;
  process.on('uncaughtException', (error) => {
    logger().error('main.uncaught', { error });
    if (failing) return;
    failing = true;
    const limit = new Promise((resolve) => setTimeout(resolve, 1000));
    void Promise.race([flush(), limit])
      .catch(() => undefined)
      .finally(() => restartApp(logger(), 'uncaught error in the main process'));
  });
  process.on('unhandledRejection', (reason) => {
    logger().error('main.unhandled_rejection', { error: reason });
  });
}
