/**
 * `day.changed` with what changed (decision G22). The desk remembers the build of each day it
 * last answered or patched; when the day on screen changes, the event carries the products whose
 * slots or marks moved (each whole), the slots whose parties moved, and the pending approvals
 * if they did, from that build to the new one. The renderer applies it when it holds that build,
 * and fetches the day otherwise.
 */
import type { EventPayload } from '../../ipc/contract';
import { definePart } from '../parts';
import type { DeskSession, SessionPart } from '../desk-session';
import type { KeptDay } from './kept-views';
import { dayPatchOf } from './screen';

/** The build of each date last given to the renderer in this session (a few dates). */
const served: SessionPart<Map<string, KeptDay>> = definePart('day.served', () => new Map());
const DATES_SERVED = 4;

/** `day` was answered (`day.get`) or patched: patches of its date start from it. */
export function noteServed(session: Pick<DeskSession, 'part'>, day: KeptDay): void {
  const dates = session.part(served);
  dates.delete(day.view.date);
  dates.set(day.view.date, day);
  if (dates.size > DATES_SERVED) dates.delete(dates.keys().next().value!);
}

export function servedDay(session: Pick<DeskSession, 'part'>, date: string): KeptDay | undefined {
  return session.part(served).get(date);
}

/**
 * `payload` with the patch of `date` (the day on screen) when it is among the dates changed and
 * the desk has answered it before; `build` makes the day as it is now.
 */
export function withDayPatch(
  session: DeskSession,
  date: string,
  payload: EventPayload<'day.changed'>,
  build: () => KeptDay,
): EventPayload<'day.changed'> {
  if (payload.patch || (payload.dates.length > 0 && !payload.dates.includes(date))) return payload;
  const prev = servedDay(session, date);
  if (!prev) return payload;
  const next = build();
  if (next.view.date !== date || next.view.store.id !== prev.view.store.id) return payload;
  noteServed(session, next);
  return { ...payload, patch: dayPatchOf(prev, next) };
}
