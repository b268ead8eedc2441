/**
 * Seats that queued walk-ins will take: facts without customer data (product, slot, headcount,
 * counter), from this counter's outbox and, shared between counters, from the others'. The
 * service does not know of them yet, so its remaining seats do not count them: every counter
 * subtracts them until the walk-in is booked (then the booking counts, as the counter's own change
 * or in fresh availability) or refused or discarded.
 */
import { z } from 'zod';
import { LocalDate, LocalTime } from '../../common/primitives';
import type { OutboxEntry } from './view';
import type { OutboxState } from './record';

export const Hold = z.object({
  productId: z.string().min(1).max(200),
  date: LocalDate,
  startTime: LocalTime,
  adults: z.number().int().min(0).max(10_000),
  children: z.number().int().min(0).max(10_000),
  counterId: z.string().max(200),
  counterName: z.string().max(200),
});
export type Hold = z.infer<typeof Hold>;

/**
 * Entries that hold seats: waiting to be sent, being sent, or sent with an outcome nobody knows
 * (`needs_review`: staff find out whether it was booked; until then its seats are not sold again).
 */
export const HOLDING: readonly OutboxState[] = ['queued', 'sending', 'needs_review'];

/** A waiting walk-in's slot and party, as its outbox entry keeps them in clear. */
export interface HeldSlot {
  entryId: string;
  storeId: string;
  productId: string;
  date: string;
  startTime: string;
  adults: number;
  children: number;
  /** When it was taken (our clock). */
  takenAt: number;
}

/** The outbox entries that hold seats, with their slot; entries whose slot is not known hold nothing. */
export function heldSlots(
  entries: readonly Pick<OutboxEntry, 'id' | 'state' | 'facts'>[],
): HeldSlot[] {
  const out: HeldSlot[] = [];
  for (const { id, state, facts } of entries) {
    if (!HOLDING.includes(state) || !facts) continue;
    const { storeId, productId, date, startTime } = facts;
    if (productId === null || date === null || startTime === null) continue;
    out.push({
      entryId: id,
      storeId,
      productId,
      date,
      startTime,
      adults: facts.adults ?? 0,
      children: facts.children ?? 0,
      takenAt: facts.createdAt,
    });
  }
  return out;
}

/** This counter's holds, from its outbox entries. */
export function holdsOf(
  entries: readonly Pick<OutboxEntry, 'id' | 'state' | 'facts'>[],
  counter: { id: string; name: string },
): Hold[] {
  const out: Hold[] = [];
  for (const { productId, date, startTime, adults, children } of heldSlots(entries)) {
    const hold = Hold.safeParse({
      productId,
      date,
      startTime,
      adults,
      children,
      counterId: counter.id,
      counterName: counter.name,
    });
    if (hold.success) out.push(hold.data);
  }
  return out;
}

/** The seats held in one product's slot, in all and by counter. */
export interface SlotHold {
  productId: string;
  startTime: string;
  seats: number;
  /** Counters in the order first seen, each once. */
  byCounter: { counterId: string; counterName: string; seats: number }[];
}

export const slotKey = (productId: string, startTime: string) => `${productId} ${startTime}`;

/** Seats held on a date, by slot (`slotKey`); slots with none are absent. */
export function heldSeats(holds: readonly Hold[], date: string): Map<string, SlotHold> {
  const out = new Map<string, SlotHold>();
  for (const h of holds) {
    const seats = h.adults + h.children;
    if (h.date !== date || seats === 0) continue;
    const key = slotKey(h.productId, h.startTime);
    let slot = out.get(key);
    if (!slot) {
      slot = { productId: h.productId, startTime: h.startTime, seats: 0, byCounter: [] };
      out.set(key, slot);
    }
    slot.seats += seats;
    const counter = slot.byCounter.find((c) => c.counterId === h.counterId);
    if (counter) counter.seats += seats;
    else slot.byCounter.push({ counterId: h.counterId, counterName: h.counterName, seats });
  }
  return out;
}
