/**
 * Rendering a long list progressively (decisions G7, G9): `first` items at once — what fills the
 * first screen — and the rest `step` at a time, one step a frame, each in a transition, so a busy
 * day paints its first screen in one frame budget and the rest follows without a long task. Every
 * item ends up in the document (tab order, screen readers, the browser's find and print see the
 * whole list); printing before the rest is there renders it all first. A short list (not more
 * than `first`) is rendered whole at once.
 *
 * With `fill` (the list's element) the first screen is measured too (decision G9): from `first`
 * (a guess), `fill.step` items at a time are added before the first frame is painted while the
 * last item rendered still starts inside the window, and what the guess rendered past the first
 * item below the window is taken back, so that frame holds what is on screen and no more (at
 * most one item that starts below it), however much of the window the content above the list
 * takes. A good guess is one or two renders where adding from none took one per item (G27).
 * Where nothing is laid out (a DOM without layout, as in tests) it is `first`.
 */
import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';

/**
 * The bottom of what the window shows of the page: above what sticks to its bottom (the status
 * bar), which the page declares as the root's `scroll-padding-bottom`.
 */
function visibleBottom(): number {
  const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom);
  return window.innerHeight - (Number.isFinite(covered) ? covered : 0);
}

/** The list's element, and how many items to add at a time while measuring it. */
export interface Fill {
  list: RefObject<HTMLElement | null>;
  step: number;
}

/**
 * How many of `total` items to render now. `restart`: a value that, when it changes, starts
 * again from `first` (another day); a list that only grows or shrinks keeps what it showed.
 */
export function useProgressive(
  total: number,
  first: number,
  step: number,
  restart?: unknown,
  fill?: Fill,
): number {
  const start = first;
  // `list` counts the lists shown (a new one at each restart), for `filled` to tell them apart.
  const [state, setState] = useState({ restart, shown: start, list: 0 });
  // The list whose first screen is filled (or painted): measured no further.
  const filled = useRef(-1);
  let shown = state.shown;
  let list = state.list;
  if (state.restart !== restart) {
    // Another list: from the first screen again (set during render: no frame shows the old count).
    shown = start;
    list = state.list + 1;
    setState({ restart, shown, list });
  }

  useLayoutEffect(() => {
    if (!fill || filled.current === list) return;
    const element = fill.list.current;
    if (!element) return;
    const items = Array.from(element.children);
    const box = element.getBoundingClientRect();
    // Nothing laid out (a DOM without layout, as in tests): the first screen is `first`.
    const edge = items.at(-1)?.getBoundingClientRect() ?? box;
    if (!(edge.height > 0 || edge.top > 0)) {
      filled.current = list;
      return;
    }
    const bottom = visibleBottom();
    // How many to keep: up to the first item that starts below the window, none of a list
    // that starts below it; null while every item rendered starts inside it.
    const below = items.findIndex((item) => item.getBoundingClientRect().top >= bottom);
    const keep = box.top >= bottom ? 0 : below === -1 ? null : below + 1;
    // Measuring the layout and rendering again before the browser paints is what a layout
    // effect is for; the renders it cascades are the first screen's, bounded by the window.
    if (keep === null && shown < total) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setState((s) => (s.list !== list ? s : { ...s, shown: s.shown + fill.step }));
      return;
    }
    filled.current = list;
    if (keep !== null && keep < shown)
      setState((s) => (s.list !== list ? s : { ...s, shown: keep }));
  }, [fill, shown, total, list]);

  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => {
      // After the frame is painted: the next step renders behind whatever staff do meanwhile.
      filled.current = list;
      setTimeout(() =>
        startTransition(() =>
          setState((s) => (s.list === list ? { ...s, shown: s.shown + step } : s)),
        ),
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, total, step, list]);

  useEffect(() => {
    if (shown >= total) return;
    const all = () => flushSync(() => setState((s) => ({ ...s, shown: total })));
    window.addEventListener('beforeprint', all);
    return () => window.removeEventListener('beforeprint', all);
  }, [shown, total]);

  return Math.min(total, shown);
}
