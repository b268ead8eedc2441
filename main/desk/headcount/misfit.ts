/**
 * Why a slot does not take a party, from the cached availability of its day: the day's status,
 * the slot left out (its deadline passed, or it started), or fewer seats left than the party.
 */
import type { SlotMisfit } from '../../ipc/contract';
import type { CachedAvailability } from '../../local/index';

const DAY_REASONS = new Set<string>(['closed', 'past', 'deadline_passed']);

export interface MisfitQuestion {
  date: string;
  startTime: string;
  party: number;
  /** The store's today and time now (HH:mm). */
  today: string;
  nowTime: string;
}

/** Null when the slot takes the party (or nothing is known of its day). */
export function misfitOf(
  day: CachedAvailability['day'] | undefined,
  q: MisfitQuestion,
): SlotMisfit | null {
  if (!day) return null;
  const base = { date: q.date, startTime: q.startTime, party: q.party, remaining: null };
  const status = String(day.status);
  if (DAY_REASONS.has(status)) return { ...base, reason: status as SlotMisfit['reason'] };
  const slot = day.slots.find((s) => s.startTime === q.startTime);
  if (!slot) {
    const started = q.date < q.today || (q.date === q.today && q.startTime <= q.nowTime);
    if (started) return { ...base, reason: 'started' };
    // An open day leaves out the slots past their booking deadline (spec 2.5).
    return { ...base, reason: day.slots.length ? 'deadline_passed' : 'unavailable' };
  }
  // A listed slot is bookable as far as the service says; only its seats can fall short.
  const remaining = typeof slot.remainingCapacity === 'number' ? slot.remainingCapacity : null;
  if (remaining !== null && remaining >= q.party) return null;
  return { ...base, reason: 'seats', remaining };
}
