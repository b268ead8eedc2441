/**
 * How a booking is paid, as its record says (decision 4; the spec shows no such field, so a record
 * without it is `unknown`, decision I3), and which bookings the counter asks what they owe.
 */
import type { Reservation } from '../../api/client';

/**
 * `on_site`: paid at the counter on the day; `external`: paid elsewhere; `card`: paid online on
 * the booking site; `unknown`: the record does not say (a service that shows only the spec);
 * `other`: a method the counter does not know (shown raw, nothing collected).
 */
export type PaidHow = 'on_site' | 'external' | 'card' | 'unknown' | 'other';

export function paidHowOf(method: unknown): PaidHow {
  if (typeof method !== 'string' || method.trim() === '') return 'unknown';
  if (method === 'on_site' || method === 'external' || method === 'card') return method;
  // A name the service may use for a card paid online (decision M3's reading of the words).
  if (method === 'credit_card') return 'card';
  return 'other';
}

/** Statuses that hold seats (and may owe money); any other does not. */
const OWING = new Set(['confirmed', 'pending']);

/** Whether the counter needs to know what the booking owes: active, paid on site or not said. */
export function owesOnSite(r: Pick<Reservation, 'status' | 'paymentMethod'>): boolean {
  const how = paidHowOf(r.paymentMethod);
  return OWING.has(String(r.status)) && (how === 'on_site' || how === 'unknown');
}
