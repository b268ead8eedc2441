/**
 * Staff at the counter (issue 29), as both boundaries write them: the roles, what a role may be
 * allowed to do, and the stamp every record carries of who did it (and who approved it). The
 * counter's own records (main/local: the journal, check-ins, changes, the audit) and the IPC
 * contract share these. Leaf module: imports nothing but zod.
 */
import { z } from 'zod';

/** A staff member's id: a UUID given when the member is added (also a file's name). */
export const StaffId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected a staff id');
export type StaffId = z.infer<typeof StaffId>;

/** The name a member is shown by (a tile, a receipt's レジ担当): a display name, nothing more. */
export const StaffName = z.string().trim().min(1).max(40);

/**
 * What a role may be allowed to do, beyond what anyone signed in does (sell, check in, cancel at
 * the guest's request). The owner may do all of it; the table of the other roles is the owner's
 * (decision S22). Each is asked where its channel moves money or settings (main/desk/staff).
 */
export const Permission = z.enum([
  /** Pay money back (a refund, or one with a cancel). */
  'refund',
  /** Correct an earlier journal entry. */
  'correct',
  /** Give a discount of the counter's own. */
  'discount',
  /** Open the drawer without a sale, put cash in or take it out. */
  'drawer',
  /** Cancel for a reason that waives the guest's fee (business, weather, force majeure). */
  'waiveFee',
  /** Close the day (レジ締め). */
  'close',
  /** Print a receipt again (再発行). */
  'reprint',
  /** The key and store, invoice details, the counter in the shop, the installed app's settings. */
  'settings',
  /** Add, change and remove staff (never an owner: only an owner does that). */
  'staff',
  /** Read the audit list and export it. */
  'audit',
  /** Add and change the store's counter items: names, prices, rates (issue 30). */
  'items',
]);
export type Permission = z.infer<typeof Permission>;

/**
 * The roles, each written once, from the least trusted up: its name and what it may do until the
 * owner says otherwise (decisions S22, AA52) — `all` for the owner, who may do everything whatever
 * the table says. Everything else about a role derives from this: `StaffRole`, the owner's table
 * and its defaults, the order members are listed in, the policy form's columns, who may approve.
 * A role's words are the renderer's (`staff.roles.<role>`, one per language).
 */
export const ROLES = {
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
  owner: 'all',
} as const satisfies Record<string, readonly Permission[] | 'all'>;

type RoleName = keyof typeof ROLES;

export const StaffRole = z.enum(Object.keys(ROLES) as [RoleName, ...RoleName[]]);
export type StaffRole = z.infer<typeof StaffRole>;

/** The roles the owner's table sets (every one but those that may do all). */
export type TableRole = {
  [R in StaffRole]: (typeof ROLES)[R] extends 'all' ? never : R;
}[StaffRole];

/** Whether the owner's table says what `role` may do (it is not one that may do all). */
export const isTableRole = (role: StaffRole): role is TableRole => ROLES[role] !== 'all';

export const TABLE_ROLES: readonly TableRole[] = StaffRole.options.filter(isTableRole);

/** What a table role may do until the owner says otherwise. */
const defaultsOf = (role: TableRole): Permission[] => [...ROLES[role]];

const roleColumn = (role: TableRole) =>
  z
    .array(Permission)
    .max(Permission.options.length)
    .default(() => defaultsOf(role));

/**
 * What each table role may do (the owner may do everything). A role the table does not name (one
 * added since the table was kept or shared) may do its defaults.
 */
export const PermissionTable = z.object(
  Object.fromEntries(TABLE_ROLES.map((role) => [role, roleColumn(role)])) as {
    [R in TableRole]: ReturnType<typeof roleColumn>;
  },
);
export type PermissionTable = z.infer<typeof PermissionTable>;

/** What each table role may do until the owner says otherwise. */
export const DEFAULT_PERMISSIONS: PermissionTable = Object.fromEntries(
  TABLE_ROLES.map((role) => [role, defaultsOf(role)]),
) as PermissionTable;

/** Whether a role may do `permission` under `table`. */
export function mayDo(role: StaffRole, permission: Permission, table: PermissionTable): boolean {
  return !isTableRole(role) || table[role].includes(permission);
}

/** Everything a role may do under `table`, in the permissions' order. */
export function permissionsOf(role: StaffRole, table: PermissionTable): Permission[] {
  return Permission.options.filter((p) => mayDo(role, p, table));
}

/** Where a role stands among the roles: 0 for the most trusted (the owner), upwards. */
export function roleRank(role: StaffRole): number {
  return StaffRole.options.length - 1 - StaffRole.options.indexOf(role);
}

/**
 * Who did something, as a record carries it: the member's id and the name they had then (a later
 * rename or removal does not change what a record says).
 */
export const StaffStamp = z.object({ id: StaffId, name: z.string().max(40) });
export type StaffStamp = z.infer<typeof StaffStamp>;

/** What the audit list records (issue 29); the audit's files and the contract's view share it. */
export const AuditKind = z.enum([
  /** A member signed in (detail: pin, card, owner). */
  'sign_in',
  'sign_out',
  /** The counter locked itself (detail: idle) or was locked (manual). */
  'lock',
  /** A wrong PIN for `subject` (detail: sign_in or approval). */
  'pin_failed',
  /** `subject` may not try again until the time in `detail`. */
  'locked_out',
  /** `approvedBy` approved what `staff` may not do (action: the permissions; ref: the channel). */
  'approval',
  /** Something that moves money or settings was done (action: the channel; ref: its record). */
  'action',
  /** A member added, changed or removed (`subject`; detail: added, changed, pin, removed). */
  'staff_changed',
  /** What the roles may do, or the idle lock, changed. */
  'policy_changed',
  /** Whoever holds the API key became an owner (set-up, or a staff list lost). */
  'owner_claimed',
]);
export type AuditKind = z.infer<typeof AuditKind>;
