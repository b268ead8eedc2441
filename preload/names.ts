/**
 * The contract's channel and event names, without zod: a sandboxed preload cannot load npm
 * packages, so it carries these lists instead of the schemas. `satisfies` makes the compiler
 * refuse a list with a name missing or one too many; a test also compares them with the contract.
 */
import type { Channel, EventName } from '../main/ipc/contract';

const CHANNELS = {
  'setup.status': true,
  'setup.checkKey': true,
  'setup.saveKey': true,
  'setup.selectStore': true,
  'setup.removeKey': true,
  'setup.startTraining': true,
  'status.get': true,
  'status.acknowledgeDamage': true,
  'day.get': true,
  'day.refresh': true,
  'search.find': true,
  'reservation.get': true,
  'checkin.record': true,
  'checkin.undo': true,
  'headcount.check': true,
  'walkin.form': true,
  'walkin.quote': true,
  'walkin.book': true,
  'customers.find': true,
  'cancel.preview': true,
  'cancel.confirm': true,
  'change.start': true,
  'change.quote': true,
  'change.confirm': true,
  'change.list': true,
  'change.retry': true,
  'change.dismiss': true,
  'outbox.list': true,
  'outbox.retry': true,
  'outbox.discard': true,
  'manifest.page': true,
  'manifest.csv': true,
  'manifest.print': true,
  'day.watch': true,
  'prefs.get': true,
  'prefs.set': true,
  'shop.get': true,
  'shop.configure': true,
  'journal.day': true,
  'journal.correct': true,
  'journal.csv': true,
  'refunds.owed': true,
  'refund.record': true,
  'receipt.get': true,
  'receipt.print': true,
  'receipt.pdf': true,
  'close.preview': true,
  'close.commit': true,
  'close.store': true,
  'close.report': true,
  'money.settings': true,
  'money.configure': true,
  'installed.get': true,
  'installed.configure': true,
  'updates.check': true,
  'updates.install': true,
  'support.bundle': true,
  'recovery.keep': true,
  'recovery.get': true,
  'staff.get': true,
  'staff.signIn': true,
  'staff.signOut': true,
  'staff.lock': true,
  'staff.approve': true,
  'staff.list': true,
  'staff.save': true,
  'staff.remove': true,
  'staff.policy': true,
  'staff.claimOwner': true,
  'audit.list': true,
  'audit.csv': true,
} as const satisfies Record<Channel, true>;

const EVENTS = {
  'status.changed': true,
  'day.changed': true,
  'outbox.changed': true,
  'setup.changed': true,
  'installed.changed': true,
  'change.changed': true,
  'staff.changed': true,
} as const satisfies Record<EventName, true>;

export const CHANNEL_NAMES: readonly Channel[] = Object.keys(CHANNELS) as Channel[];
export const EVENT_NAMES: readonly EventName[] = Object.keys(EVENTS) as EventName[];

const has = (record: object, key: unknown): boolean =>
  typeof key === 'string' && Object.prototype.hasOwnProperty.call(record, key);

export const isChannel = (name: unknown): name is Channel => has(CHANNELS, name);
export const isEventName = (name: unknown): name is EventName => has(EVENTS, name);
