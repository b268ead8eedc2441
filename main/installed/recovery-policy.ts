/**
 * What the app does when part of it fails (decisions V7–V8): a renderer that crashed or hung is
 * reloaded (staff come back where they were: the flow is kept by the main process), unless it
 * keeps failing; an uncaught error in the main process is logged and the app relaunched once,
 * never in a loop. Plain: the shell applies it (`main/shell/recovery.ts`).
 */

/** Reloads allowed within `WINDOW_MS` before the window is given up on. */
export const MAX_RELOADS = 3;
export const RELOAD_WINDOW_MS = 5 * 60_000;
/**
 * A window still unresponsive this long after Electron says so has its renderer ended, which
 * Electron reports as gone (`killed`): it is then reloaded like any crash.
 */
export const HANG_GRACE_MS = 10_000;

export type RendererAction = 'reload' | 'ignore' | 'give_up';

export class RendererRecovery {
  private reloads: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The renderer process is gone (Electron's `render-process-gone` reason). A clean exit is the
   * window closing; anything else is reloaded, up to `MAX_RELOADS` in `RELOAD_WINDOW_MS`.
   */
  gone(reason: string): RendererAction {
    if (reason === 'clean-exit') return 'ignore';
    return this.reload();
  }

  private reload(): RendererAction {
    const now = this.now();
    this.reloads = this.reloads.filter((at) => now - at < RELOAD_WINDOW_MS);
    if (this.reloads.length >= MAX_RELOADS) return 'give_up';
    this.reloads.push(now);
    return 'reload';
  }
}

/** The flag a relaunched app carries, with the time of the failure that relaunched it. */
export const AFTER_CRASH = '--after-crash';
/** A failure this soon after a relaunch is not relaunched again. */
export const RELAUNCH_AFTER_MS = 10 * 60_000;

/** When the previous failure relaunched this app, from its arguments; null: not relaunched. */
export function previousCrashAt(argv: readonly string[]): number | null {
  for (const arg of argv) {
    if (!arg.startsWith(`${AFTER_CRASH}=`)) continue;
    const at = Number(arg.slice(AFTER_CRASH.length + 1));
    return Number.isFinite(at) ? at : null;
  }
  return null;
}

/** Whether a failure in the main process now relaunches the app: once, not in a loop. */
export function shouldRelaunch(argv: readonly string[], now: number): boolean {
  const previous = previousCrashAt(argv);
  return previous === null || now - previous >= RELAUNCH_AFTER_MS;
}

/** The arguments of the relaunched app: these, less the old flag, with the failure's time. */
export function relaunchArgs(argv: readonly string[], now: number): string[] {
  return [...argv.filter((a) => !a.startsWith(`${AFTER_CRASH}=`)), `${AFTER_CRASH}=${now}`];
}
