/**
 * The store as the counter shows it (set-up, the day view's header), with the defaults of
 * main/common where the service leaves out its time zone or currency.
 */
import type { Store } from '../api/client';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '../common';
import type { StoreSummary } from '../ipc/contract';

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
