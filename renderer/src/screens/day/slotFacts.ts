/**
 * What a slot's row says, counted once for both layouts of the day (dense rows and cards): its
 * parties, those arrived, those waiting for approval, those paid on site with money still to take,
 * and where the slot stands against the store's clock (decision G16).
 */
import type { SlotView } from '../../../../main/ipc/contract';

export interface SlotCounts {
  /** Active parties (cancelled ones are not expected). */
  parties: number;
  /** Active parties checked in, all or some of them. */
  arrived: number;
  pending: number;
  /** Bookings paid on site whose money is still to take (issue 27). */
  unpaid: number;
  unpaidAmount: number;
  full: boolean;
}

export function slotCounts(slot: SlotView): SlotCounts {
  let parties = 0;
  let arrived = 0;
  let pending = 0;
  let unpaid = 0;
  let unpaidAmount = 0;
  for (const r of slot.reservations) {
    if (r.status === 'pending') pending++;
    if (!r.active) continue;
    parties++;
    if (r.checkIn?.state === 'arrived' || r.checkIn?.state === 'partial') arrived++;
    if (r.payment?.state === 'to_pay' || r.payment?.state === 'part_paid') {
      unpaid++;
      unpaidAmount += r.payment.stillOwed ?? 0;
    }
  }
  const full = slot.remaining !== null && slot.remaining <= 0;
  return { parties, arrived, pending, unpaid, unpaidAmount, full };
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
