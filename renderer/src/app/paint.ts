/**
 * After the next frame is painted: a task queued from the frame's animation callback runs once
 * the frame's rendering work is done. Work that can wait for the first view (requests behind it)
 * goes there, off the path to the day's first paint (decision G9). A hidden window paints no
 * frames: then it is a moment later instead.
 */
const HIDDEN_WAIT_MS = 200;

export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, HIDDEN_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
