/**
 * Counter mode's decisions, plain: whether the screen is kept awake now, and where the window may
 * open (its last place, when that is still on a screen). The shell applies them
 * (`main/shell/counter-mode.ts`).
 */
import type { CounterMode } from '../ipc/contract';
import type { WindowPlace } from './installed-settings';

/** The latest time a time field says (closing then means open to midnight). */
const LAST_MINUTE = '23:59';

/** Whether the screen is kept on at this store time (HH:mm). */
export function keepAwakeNow(counter: CounterMode, localTime: string): boolean {
  if (!counter.keepAwake) return false;
  const { opens, closes } = counter.openingHours;
  // Closing at 23:59 is open to midnight: its last minute too.
  return localTime >= opens && (localTime < closes || closes === LAST_MINUTE);
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest window the app lays out in (main/shell/window.ts). */
export const MIN_SIZE = { width: 960, height: 600 };
/** At least this much of the window's title bar must be on a screen to be reached by mouse or touch. */
const GRAB = { width: 120, height: 40 };

function overlap(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/**
 * The window's last place if it can still be reached on one of the displays' work areas: its top
 * strip (where it is dragged) overlaps one by a grab's size. Too large for that display: shrunk to
 * fit (never below the minimum). A screen unplugged since, or a place far off: null (the default).
 */
export function restorablePlace(place: WindowPlace | null, workAreas: Rect[]): WindowPlace | null {
  if (!place) return null;
  const titleBar: Rect = { x: place.x, y: place.y, width: place.width, height: GRAB.height };
  const area = workAreas.find((a) => {
    const o = overlap(titleBar, a);
    return (
      o !== null && o.width >= Math.min(GRAB.width, place.width) && o.height >= GRAB.height / 2
    );
  });
  if (!area) return null;
  const width = Math.max(MIN_SIZE.width, Math.min(place.width, area.width));
  const height = Math.max(MIN_SIZE.height, Math.min(place.height, area.height));
  // Kept inside the area when it was shrunk or hung over an edge.
  const x = Math.min(Math.max(place.x, area.x), area.x + Math.max(0, area.width - width));
  const y = Math.min(Math.max(place.y, area.y), area.y + Math.max(0, area.height - height));
  return { ...place, x, y, width, height };
}
