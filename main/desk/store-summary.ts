/**
 * The store as the counter shows it (set-up, the day view's header), and the one place that says
 * what the counter assumes when the service leaves out a store's time zone or currency.
 */
import type { Store } from '../api/client';
import type { StoreSummary } from '../ipc/contract';

/** The shops this counter is made for are in Japan. */
const DEFAULT_TIME_ZONE = 'Asia/Tokyo';
const DEFAULT_CURRENCY = 'JPY';

export function timeZoneOf(store: Store): string {
  return typeof store.timeZone === 'string' ? store.timeZone : DEFAULT_TIME_ZONE;
}

export function currencyOf(store: Store): string {
  return typeof store.currency === 'string' ? store.currency : DEFAULT_CURRENCY;
}

export function storeSummary(store: Store): StoreSummary {
  return {
    id: store.id,
    name: typeof store.name === 'string' ? store.name : store.id,
    timeZone: timeZoneOf(store),
    currency: currencyOf(store),
    acceptsOnSite: Array.isArray(store.paymentMethods) && store.paymentMethods.includes('on_site'),
  };
}
