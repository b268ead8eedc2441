/**
 * When a downloaded update may be installed (decisions V3–V4). Never while staff are in the middle
 * of a walk-in, a cancellation or the day's close, and never while the outbox holds walk-ins not
 * yet sent; otherwise when the app quits (always), when staff ask, or in the quiet hour they chose
 * with nobody at the keyboard. Never forced: without a safe moment the update waits.
 */
import type { FlowActivity, UpdateHold, UpdatePhase, UpdatePrefs } from '../ipc/contract';

/** What the counter is doing, as the install decision needs it. */
export interface Activity {
  /** The flow staff are in the middle of (the renderer reports it), if any. */
  flow: FlowActivity | null;
  /** Walk-ins queued and not yet sent (queued or being sent). */
  outboxUnsent: number;
}

/** quit: the app is closing; tick: the minute's check; staff: "restart now" was pressed. */
export type InstallTrigger = 'quit' | 'tick' | 'staff';

export interface MomentFacts {
  phase: UpdatePhase;
  activity: Activity;
  prefs: UpdatePrefs;
  trigger: InstallTrigger;
  /** The store's wall-clock time now, HH:mm. */
  localTime: string;
  /** Seconds since the last keyboard or mouse input on this PC; null when unknown. */
  idleSeconds: number | null;
}

export type Moment =
  | { install: true }
  | {
      install: false;
      /** not_ready: nothing downloaded; held: see holds; not_now: outside the quiet hour (or
       * installs at quit only); in_use: someone used the PC in the last minutes. */
      reason: 'not_ready' | 'held' | 'not_now' | 'in_use';
      holds: UpdateHold[];
    };

/** The quiet time opens a window this long. */
export const QUIET_WINDOW_MINUTES = 60;
/** In the quiet hour, the PC must have been left alone this long. */
export const IDLE_BEFORE_INSTALL_S = 300;

/** What holds an update back now. */
export function holdsOf(activity: Activity): UpdateHold[] {
  const holds: UpdateHold[] = [];
  if (activity.flow) holds.push(activity.flow);
  if (activity.outboxUnsent > 0) holds.push('outbox');
  return holds;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `now` (HH:mm) falls in the hour starting at `start`, across midnight too. */
export function inQuietWindow(now: string, start: string): boolean {
  const since = (minutesOf(now) - minutesOf(start) + 24 * 60) % (24 * 60);
  return since < QUIET_WINDOW_MINUTES;
}

export function installMoment(facts: MomentFacts): Moment {
  if (facts.phase !== 'ready') return { install: false, reason: 'not_ready', holds: [] };
  const holds = holdsOf(facts.activity);
  if (holds.length) return { install: false, reason: 'held', holds };
  if (facts.trigger === 'quit' || facts.trigger === 'staff') return { install: true };
  if (
    facts.prefs.installWhen !== 'quiet_time' ||
    !inQuietWindow(facts.localTime, facts.prefs.quietTime)
  )
    return { install: false, reason: 'not_now', holds };
  if (facts.idleSeconds !== null && facts.idleSeconds < IDLE_BEFORE_INSTALL_S)
    return { install: false, reason: 'in_use', holds };
  return { install: true };
}
