/**
 * What the key's scopes allow at the counter, and why not when they do not; which feature each
 * IPC channel belongs to, declared once for every channel (decisions 31 and A7 in
 * docs/decisions.md).
 */
import { DeskError } from '../ipc/errors';
import type { Channel, Feature, SetupStatus } from '../ipc/contract';

type FeatureState = SetupStatus['features'][Feature];

/** Scopes each feature needs (decision 31). */
const NEEDS: Record<Feature, string[]> = {
  dayView: ['reservations:read', 'products:read'],
  checkIn: ['reservations:read'],
  walkIn: ['reservations:write', 'products:read'],
  cancel: ['reservations:write', 'reservations:read'],
  customerSearch: ['customers:read'],
};

export function featuresFor(
  scopes: string[] | null,
  storeSelected: boolean,
): Record<Feature, FeatureState> {
  const out = {} as Record<Feature, FeatureState>;
  for (const feature of Object.keys(NEEDS) as Feature[]) {
    if (scopes === null) out[feature] = { enabled: false, reason: 'not_set_up', scope: null };
    else {
      const missing = NEEDS[feature].find((s) => !scopes.includes(s)) ?? null;
      if (missing) out[feature] = { enabled: false, reason: 'missing_scope', scope: missing };
      else if (!storeSelected) out[feature] = { enabled: false, reason: 'no_store', scope: null };
      else out[feature] = { enabled: true, reason: null, scope: null };
    }
  }
  return out;
}

/**
 * The feature a channel belongs to: a key whose scopes do not allow it is refused before the
 * handler runs (nothing is sent or queued). Null: set-up, status, preferences and the outbox's
 * list and discard work with any key; so do the shop's (naming the counter, listing its peers: the
 * counter's own business, decision U3). Reads a walk-in needs before booking (the form, the price,
 * whether a party fits) are the day view's: they read the catalogue and availability, as it does.
 */
export const FEATURE_OF: Record<Channel, Feature | null> = {
  'setup.status': null,
  'setup.checkKey': null,
  'setup.saveKey': null,
  'setup.selectStore': null,
  'setup.removeKey': null,
  'setup.startTraining': null,
  'status.get': null,
  'status.acknowledgeDamage': null,
  'prefs.get': null,
  'prefs.set': null,
  'shop.get': null,
  'shop.configure': null,
  'shop.join.show': null,
  'shop.join.enter': null,
  'day.get': 'dayView',
  'day.parties': 'dayView',
  'day.refresh': 'dayView',
  'day.watch': 'dayView',
  'manifest.page': 'dayView',
  'manifest.csv': 'dayView',
  'manifest.print': 'dayView',
  'search.find': 'checkIn',
  'reservation.get': 'checkIn',
  'checkin.record': 'checkIn',
  'checkin.undo': 'checkIn',
  // A booking paid on site (issue 27): its money is taken as it is checked in; the amount owed
  // is asked with the scope of reading reservations (the cancel-preview's, decision I4).
  'onsite.start': 'checkIn',
  'onsite.release': 'checkIn',
  'onsite.collect': 'checkIn',
  'headcount.check': 'dayView',
  'walkin.form': 'dayView',
  'walkin.products': 'dayView',
  'walkin.quote': 'dayView',
  'walkin.book': 'walkIn',
  'walkin.outcome': 'walkIn',
  'customers.find': 'customerSearch',
  'cancel.preview': 'cancel',
  'cancel.confirm': 'cancel',
  // A change books and cancels (issue 15): the cancel's scopes; confirm checks walk-in's too.
  // Its list and the dismissal are the counter's own records, as the outbox's are.
  'change.start': 'cancel',
  'change.quote': 'cancel',
  'change.confirm': 'cancel',
  'change.retry': 'cancel',
  'change.list': null,
  'change.dismiss': null,
  'outbox.list': null,
  'outbox.retry': 'walkIn',
  'outbox.discard': null,
  // Money (issue 13) is the counter's own journal: any key may read and keep it.
  'journal.day': null,
  'journal.correct': null,
  'journal.csv': null,
  'refunds.owed': null,
  'refund.record': null,
  'cash.record': null,
  'receipt.get': null,
  'receipt.print': null,
  'receipt.pdf': null,
  'close.preview': null,
  'close.commit': null,
  'close.store': null,
  'close.report': null,
  'close.print': null,
  'money.settings': null,
  'money.configure': null,
  'money.discountReasons': null,
  'money.saveDiscountReason': null,
  // The installed app's life (issue 14): the counter's own, whatever the key.
  'installed.get': null,
  'installed.configure': null,
  'updates.check': null,
  'updates.install': null,
  'support.bundle': null,
  'recovery.keep': null,
  'recovery.get': null,
  // Staff (issue 29): the counter's own people, whatever the key.
  'staff.get': null,
  'staff.signIn': null,
  'staff.signOut': null,
  'staff.lock': null,
  'staff.approve': null,
  'staff.list': null,
  'staff.save': null,
  'staff.remove': null,
  'staff.policy': null,
  'staff.claimOwner': null,
  'audit.list': null,
  'audit.csv': null,
  // Counter items (issue 30): the counter's own catalogue and journal, whatever the key.
  'items.list': null,
  'items.save': null,
  'items.sell': null,
  // The counter's own hardware: its printer, drawer and the guest's display, with any key.
  'printer.status': null,
  'printer.settings': null,
  'printer.configure': null,
  'printer.find': null,
  'printer.test': null,
  'printer.retry': null,
  'printer.virtual': null,
  'drawer.open': null,
  'display.show': null,
  'display.get': null,
  'display.open': null,
};

const messageOfFeature: Record<Feature, string> = {
  dayView: 'the key cannot read the day',
  checkIn: 'the key cannot read reservations',
  walkIn: 'the key cannot create reservations',
  cancel: 'the key cannot cancel reservations',
  customerSearch: 'the key cannot search customers',
};

/** The refusal of a feature the key does not allow, or null when it does. */
export function featureRefusal(feature: Feature, state: FeatureState): DeskError | null {
  if (state.enabled) return null;
  return new DeskError('FEATURE_UNAVAILABLE', messageOfFeature[feature], [
    { feature, reason: state.reason, scope: state.scope },
  ]);
}
