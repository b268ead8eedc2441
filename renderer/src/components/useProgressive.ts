/**
 * Rendering a long list progressively (decision G7): `first` items at once — what fills the first
 * screen — and the rest `step` at a time, one step a frame, each in a transition, so a busy day
 * paints its first screen in one frame budget and the rest follows without a long task. Every
 * item ends up in the document (tab order, screen readers, the browser's find and print see the
 * whole list); printing before the rest is there renders it all first. A short list (not more
 * than `first`) is rendered whole at once.
 */
import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How many of `total` items to render now. `restart`: a value that, when it changes, starts
 * again from `first` (another day); a list that only grows or shrinks keeps what it showed.
 */
export function useProgressive(
  total: number,
  first: number,
  step: number,
  restart?: unknown,
): number {
  const [state, setState] = useState({ restart, shown: first });
  let shown = state.shown;
  if (state.restart !== restart) {
    // Another list: from the first screen again (set during render: no frame shows the old count).
    shown = first;
    setState({ restart, shown });
  }

  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => {
      // After the frame is painted: the next step renders behind whatever staff do meanwhile.
      setTimeout(() =>
        startTransition(() =>
          setState((s) => (s.restart === restart ? { restart, shown: s.shown + step } : s)),
        ),
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, total, step, restart]);

  useEffect(() => {
    if (shown >= total) return;
    const all = () => flushSync(() => setState({ restart, shown: total }));
    window.addEventListener('beforeprint', all);
    return () => window.removeEventListener('beforeprint', all);
  }, [shown, total, restart]);

  return Math.min(total, shown);
}
