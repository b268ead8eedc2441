/**
 * What a slot's row says, for both layouts of the day (dense rows and cards): its parties, those
 * arrived, those waiting for approval, those paid on site with money still to take (counted by
 * the desk: G21), and where the slot stands against the store's clock (decision G16).
 */
import type { SlotParties, SlotView } from '../../../../main/ipc/contract';

export interface SlotCounts extends SlotParties {
  full: boolean;
}

/** The slot's counts as the desk made them (decision G21), and whether it is full. */
export function slotCounts(slot: SlotView): SlotCounts {
  return { ...slot.counts, full: slot.remaining !== null && slot.remaining <= 0 };
}

/**
 * `past`: over (its end, or its start when it has none, is not after now); `running`: started and
 * not over; `later`: still to start. Only today has a now: every slot of another day is `later`.
 */
export type SlotPhase = 'past' | 'running' | 'later';

export function slotPhase(slot: SlotView, nowTime: string | null): SlotPhase {
  if (nowTime === null || slot.startTime > nowTime) return 'later';
  const end = slot.endTime && /^\d\d:\d\d$/.test(slot.endTime) ? slot.endTime : slot.startTime;
  return end > nowTime ? 'running' : 'past';
}
