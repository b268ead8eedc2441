/**
 * After the next frame is painted. A frame's animation callbacks run at its start; its style,
 * layout and paint follow in the same task. A task posted from the callback at the scheduler's
 * `user-blocking` priority runs once that task is done, ahead of tasks of normal priority queued
 * meanwhile (answers arriving); a timer would run behind them, so it marked the paint late by
 * whatever came in (decision G27). Where the browser has no `scheduler` (tests), a timer.
 * Work that can wait for the first view goes there, off the path to the day's first paint (G9).
 */
export function onNextPaint(callback: () => void): void {
  requestAnimationFrame(() => {
    const tasks = (globalThis as { scheduler?: TaskScheduler }).scheduler;
    if (tasks?.postTask) void tasks.postTask(callback, { priority: 'user-blocking' });
    else setTimeout(callback, 0);
  });
}

/** The Prioritized Task Scheduling API (Chromium 94+, Electron), not yet in TypeScript's DOM. */
interface TaskScheduler {
  postTask(callback: () => void, options: { priority: 'user-blocking' }): Promise<void>;
}

/** A hidden window paints no frames: then `afterPaint` resolves a moment later instead. */
const HIDDEN_WAIT_MS = 200;

export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, HIDDEN_WAIT_MS);
    onNextPaint(() => {
      clearTimeout(fallback);
      resolve();
    });
  });
}
