/**
 * Whether a party fits a slot, and the next slots where it does; when it does not fit the slot
 * asked about, which one and why (`misfit.ts`), so that staff never lose it silently.
 */
import { DateTime } from 'luxon';
import type { HeadcountFit, Request } from '../../ipc/contract';
import { online, whileOnline } from '../link';
import { availabilityLessHolds } from '../holds';
import { misfitOf } from './misfit';
import type { DeskSession } from '../desk-session';

const FRESH_AVAILABILITY_MS = 30_000;

/**
 * Fresh availability for a product's month when the link is up and the cache is not fresh, or
 * when this counter booked or cancelled on the day since: its own seat notes move only the slots
 * it touched, while a shared resource (a rickshaw out for an hour) may close the next slot too.
 */
async function freshAvailability(
  session: DeskSession,
  productId: string,
  date: string,
  now: number,
): Promise<void> {
  if (!online(session)) return;
  const cached = session.local.cache.availabilityOn(date).get(productId);
  if (cached && !cached.changedHere && now - cached.fetchedAt < FRESH_AVAILABILITY_MS) return;
  try {
    await whileOnline(
      session,
      () => session.scheduler.refreshAvailability(date, [productId]),
      'offline',
    );
  } catch {
    // The cache answers; the link's state says how far to trust it.
  }
}

export async function checkHeadcount(
  session: DeskSession,
  request: Request<'headcount.check'>,
  now = Date.now(),
): Promise<HeadcountFit> {
  const party = (request.adults ?? 0) + (request.children ?? 0);
  await freshAvailability(session, request.productId, request.date, now);
  const cached = availabilityLessHolds(session, request.date).availability.get(request.productId);
  const nowLocal = DateTime.fromMillis(now, { zone: session.timeZone });
  const today = nowLocal.toISODate()!;
  const nowTime = nowLocal.toFormat('HH:mm');
  const upcoming = (date: string, start: string) =>
    date > today || (date === today && start > nowTime);

  // Next slots that fit: this day and the following days of the cached month.
  const nextSlots: HeadcountFit['nextSlots'] = [];
  const first = DateTime.fromISO(request.date);
  for (let d = 0; d < 14 && nextSlots.length < 5; d++) {
    const date = first.plus({ days: d }).toISODate()!;
    const day = availabilityLessHolds(session, date).availability.get(request.productId)?.day;
    for (const s of day?.slots ?? []) {
      const remaining = typeof s.remainingCapacity === 'number' ? s.remainingCapacity : 0;
      if (remaining >= party && upcoming(date, s.startTime) && nextSlots.length < 5) {
        nextSlots.push({ date, startTime: s.startTime, remaining });
      }
    }
  }

  if (!cached) return { fits: 'unknown', remaining: null, nextSlots };
  const slot = request.startTime
    ? cached.day.slots.find((s) => s.startTime === request.startTime)
    : undefined;
  const remaining =
    slot && typeof slot.remainingCapacity === 'number' ? slot.remainingCapacity : null;
  // Said offline too, from the cache: the link's state says how far to trust it.
  const misfit =
    request.startTime &&
    misfitOf(cached.day, {
      date: request.date,
      startTime: request.startTime,
      party,
      today,
      nowTime,
    });
  const why = misfit ? { misfit } : {};
  if (!online(session)) return { fits: 'unknown', remaining, nextSlots, ...why };
  if (!request.startTime)
    return { fits: nextSlots.length ? 'yes' : 'no', remaining: null, nextSlots };
  return {
    fits: remaining !== null && remaining >= party ? 'yes' : 'no',
    remaining,
    nextSlots,
    ...why,
  };
}
