/**
 * What each role may do, and what each channel asks of whoever calls it (issue 29) — the one
 * table of both (decisions S22, S23). The router's guard (gate.ts) reads `NEEDS` for every call:
 * `open` (anyone, locked or not: reading, signing in), `who` (someone signed in: what leaves a
 * record of who did it), a permission (or several, from the request), or `owner`. A channel
 * added to the contract is a type error here until it says which.
 */
import type { z } from 'zod';
import type { Permission, PermissionTable, StaffRole } from '../../common/staff';
import { Permission as Permissions } from '../../common/staff';
import type { Channel, channels } from '../../ipc/contract';
import { isReissue } from '../receipt/reissue';
import type { Session } from '../session';

/** What staff and managers may do until the owner says otherwise (the owner: everything). */
export const DEFAULT_PERMISSIONS: PermissionTable = {
  staff: ['close', 'reprint'],
  manager: [
    'refund',
    'correct',
    'discount',
    'drawer',
    'waiveFee',
    'close',
    'reprint',
    'audit',
    'items',
  ],
};

/** Whether a role may do `permission` under `table`. */
export function mayDo(role: StaffRole, permission: Permission, table: PermissionTable): boolean {
  return role === 'owner' || table[role].includes(permission);
}

/** Everything a role may do under `table`, in the table's order. */
export function permissionsOf(role: StaffRole, table: PermissionTable): Permission[] {
  return Permissions.options.filter((p) => mayDo(role, p, table));
}

/** What a call needs beyond someone signed in: permissions, or the owner. */
export interface Needs {
  permissions: Permission[];
  owner?: boolean;
}

/** What a rule may look at: the session (a receipt printed before, a member's role). */
export interface RuleLook {
  session: Session | null;
}

type RequestOf<C extends Channel> = z.output<(typeof channels)[C]['request']>;

/** A channel's rule: a constant, or what its request (and what the counter holds) asks. */
export type Rule<C extends Channel> =
  | 'open'
  | 'who'
  | 'owner'
  | Permission
  | ((request: RequestOf<C>, look: RuleLook) => Needs | 'open');

/**
 * A copy that is a reprint (再発行) asks the reprint permission: a receipt printed once already,
 * but not a 領収書 asked right after the payment, which is an original (Q12: `isReissue`).
 */
const reprint =
  (print: (request: { purpose?: string }) => boolean) =>
  (
    request: { entryId: string; purpose?: string; ryoshusho?: unknown },
    look: RuleLook,
  ): Needs | 'open' => {
    if (!print(request)) return 'open';
    const again = !!look.session && isReissue(look.session, request.entryId, !!request.ryoshusho);
    return { permissions: again ? ['reprint'] : [] };
  };

/** A member who is (or is made) an owner is the owner's to change. */
function staffChange(id: string | null, role: StaffRole | null, look: RuleLook): Needs {
  const was = id ? look.session?.staff.get(id) : null;
  const owner = role === 'owner' || was?.role === 'owner';
  return { permissions: ['staff'], owner };
}

/** Every channel's rule (decision S23). */
export const NEEDS: { [C in Channel]: Rule<C> } = {
  // Set-up: reading is anyone's; changing the key or store is settings (training from a live
  // store leaves it: settings too).
  'setup.status': 'open',
  'setup.checkKey': 'open',
  'setup.saveKey': 'settings',
  'setup.selectStore': 'settings',
  'setup.removeKey': 'settings',
  'setup.startTraining': 'settings',
  'status.get': 'open',
  'status.acknowledgeDamage': 'who',
  'prefs.get': 'open',
  'prefs.set': 'open',
  'shop.get': 'open',
  'shop.configure': 'settings',
  // A code hands the shop's key to the counter that uses it: set-up's to give, as the key is.
  'shop.join.show': 'settings',
  'shop.join.enter': 'settings',
  'day.get': 'open',
  'day.parties': 'open',
  'day.refresh': 'open',
  'day.watch': 'open',
  'manifest.page': 'open',
  'manifest.csv': 'open',
  'manifest.print': 'open',
  'search.find': 'open',
  'reservation.get': 'open',
  'checkin.record': 'who',
  'checkin.undo': 'who',
  // A booking paid on site (issue 27): claimed and let go by whoever takes it; the money taken
  // like a sale's, a discount given with it the discount permission's.
  'onsite.start': 'who',
  'onsite.release': 'who',
  'onsite.collect': (request) => ({
    permissions: request.discount ? ['discount'] : [],
  }),
  'headcount.check': 'open',
  'walkin.form': 'open',
  'walkin.products': 'open',
  'walkin.quote': 'open',
  // A counter discount on the sale is the discount permission's (S37), as on a collection.
  'walkin.book': (request) => ({
    permissions: request.counterDiscounts.length > 0 ? ['discount'] : [],
  }),
  'walkin.outcome': 'open',
  'customers.find': 'open',
  'cancel.preview': 'open',
  // At the guest's request anyone cancels; another reason waives the fee (spec: a fee only for
  // customer_request); money paid back with it is a refund.
  'cancel.confirm': (request) => ({
    permissions: [
      ...(request.reason !== 'customer_request' ? (['waiveFee'] as const) : []),
      ...(request.refund ? (['refund'] as const) : []),
    ],
  }),
  'change.start': 'open',
  'change.quote': 'open',
  'change.confirm': 'who',
  'change.list': 'open',
  'change.retry': 'who',
  'change.dismiss': 'who',
  'outbox.list': 'open',
  'outbox.retry': 'who',
  'outbox.discard': 'who',
  'journal.day': 'open',
  'journal.correct': 'correct',
  'journal.csv': 'who',
  'refunds.owed': 'open',
  'refund.record': 'refund',
  // Cash put in, taken out or changed opens the drawer without a sale: the drawer's permission.
  'cash.record': 'drawer',
  // A preview is anyone's; a copy handed over is a print, and a second one a reprint.
  'receipt.get': reprint((r) => r.purpose === 'print'),
  'receipt.print': reprint(() => true),
  'receipt.pdf': reprint(() => true),
  'close.preview': 'open',
  'close.commit': 'close',
  'close.store': 'open',
  'close.report': 'open',
  'money.settings': 'open',
  'money.configure': 'settings',
  // The store's reasons are read by anyone, set by whoever may give a discount (a manager: S37).
  'money.discountReasons': 'open',
  'money.saveDiscountReason': 'discount',
  'installed.get': 'open',
  'installed.configure': 'settings',
  'updates.check': 'open',
  'updates.install': 'settings',
  'support.bundle': 'open',
  'recovery.keep': 'open',
  'recovery.get': 'open',
  // Signing in and out, and an approval, check a PIN of their own; the owner's claim, the key.
  'staff.get': 'open',
  'staff.signIn': 'open',
  'staff.signOut': 'open',
  'staff.lock': 'open',
  'staff.approve': 'open',
  'staff.claimOwner': 'open',
  'staff.list': 'staff',
  'staff.save': (request, look) => staffChange(request.id, request.role, look),
  'staff.remove': (request, look) => staffChange(request.id, null, look),
  'staff.policy': 'owner',
  'audit.list': 'audit',
  'audit.csv': 'audit',
  // The printer and the guest's display (issue 31): reading them is anyone's, as is printing the
  // close's report; the printer's set-up is settings; the drawer opened by hand is the drawer's
  // (a tender's own open goes with its sale or refund); a test page or the queue printed again,
  // someone signed in.
  'printer.status': 'open',
  'printer.settings': 'open',
  'printer.find': 'open',
  'printer.virtual': 'open',
  'printer.configure': 'settings',
  'printer.test': 'who',
  'printer.retry': 'who',
  'close.print': 'open',
  'drawer.open': 'drawer',
  // Counter items (issue 30): selling them is anyone's signed in; the catalogue is a manager's (S36).
  'items.list': 'open',
  'items.save': 'items',
  // A counter discount on items sold alone is the discount permission's, as a walk-in's (S37).
  'items.sell': (request) => ({
    permissions: request.counterDiscounts.length > 0 ? ['discount'] : [],
  }),
  'display.show': 'open',
  'display.get': 'open',
  'display.open': 'open',
};

/** A channel's needs for this request: `open`, or someone signed in with these permissions. */
export function needsOf<C extends Channel>(
  channel: C,
  request: RequestOf<C>,
  look: RuleLook,
): Needs | 'open' {
  const rule = NEEDS[channel] as Rule<C>;
  if (rule === 'open') return 'open';
  if (rule === 'who') return { permissions: [] };
  if (rule === 'owner') return { permissions: [], owner: true };
  if (typeof rule === 'function') return rule(request, look);
  return { permissions: [rule] };
}
