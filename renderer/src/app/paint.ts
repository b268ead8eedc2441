/**
 * After the next frame is painted. A frame's animation callbacks run at its start; its style,
 * layout and paint follow in the same task. A message posted from the callback runs once that
 * task is done, ahead of tasks queued after it (answers arriving meanwhile); a timer would run
 * behind them, so it marked the paint late by whatever came in (decision G27). Work that can wait
 * for the first view goes there, off the path to the day's first paint (decision G9).
 */
export function onNextPaint(callback: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      callback();
    };
    channel.port2.postMessage(null);
  });
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
