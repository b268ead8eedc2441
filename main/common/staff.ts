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

export const StaffRole = z.enum(['staff', 'manager', 'owner']);
export type StaffRole = z.infer<typeof StaffRole>;

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

/** What staff and managers may do (the owner may do everything). */
export const PermissionTable = z.object({
  staff: z.array(Permission).max(Permission.options.length),
  manager: z.array(Permission).max(Permission.options.length),
});
export type PermissionTable = z.infer<typeof PermissionTable>;

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
