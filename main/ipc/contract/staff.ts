/**
 * Staff at the counter (issue 29): who is signed in and who may be, signing in and out, a
 * manager's approval on the spot, the staff list and the shop's policy (the owner's), the audit
 * list. The roles, permissions and the stamp records carry are main/common's.
 */
import { z } from 'zod';
import {
  AuditKind,
  LocalDate,
  Permission,
  PermissionTable,
  StaffId,
  StaffName,
  StaffRole,
  StaffStamp,
} from '../../common';
import { UiLocale } from './setup';

export { Permission, PermissionTable, StaffId, StaffName, StaffRole, StaffStamp };
// The one table of roles: the renderer's policy form and approval dialog derive from it.
export { TABLE_ROLES, isTableRole, mayDo, type TableRole } from '../../common';

/** A PIN as typed: 4 to 8 digits. */
export const Pin = z.string().regex(/^\d{4,8}$/, 'expected 4 to 8 digits');

/** A member as a tile shows them; the pad signs in at the PIN's last digit. */
export const StaffTile = z.object({
  id: StaffId,
  name: z.string(),
  role: StaffRole,
  pinDigits: z.number().int().min(4).max(8),
});
export type StaffTile = z.infer<typeof StaffTile>;

/** Who is signed in at this counter, who may sign in, and what the shop's policy is. */
export const StaffState = z.object({
  /**
   * Staff sign in at this store (it has staff: an owner was set up). False: nobody has been set
   * up yet and the counter works as it did before staff (nothing is asked, records say no one).
   */
  enabled: z.boolean(),
  members: z.array(StaffTile),
  /** Members' records this counter cannot open (another key): the key's holder can recover. */
  unreadable: z.number().int().min(0),
  signedIn: StaffTile.nullable(),
  /** What the member signed in may do alone (the rest needs an approval). */
  may: z.array(Permission),
  permissions: PermissionTable,
  /** Minutes idle before the counter locks itself; null: never. */
  idleLockMinutes: z.number().int().min(1).nullable(),
  /** Training's demo members' PINs, to learn with (null outside training). */
  trainingPins: z.array(z.object({ id: StaffId, pin: Pin })).nullable(),
});
export type StaffState = z.infer<typeof StaffState>;

/** A member as the staff settings list them. */
export const StaffMemberView = z.object({
  id: StaffId,
  name: z.string(),
  role: StaffRole,
  /** What the member's card or QR code reads (null: none yet). */
  card: z.string().nullable(),
  updatedAt: z.number(),
});
export type StaffMemberView = z.infer<typeof StaffMemberView>;

/** What a refusal for want of a permission says: what is missing, so an approval can be asked. */
export const ApprovalNeeded = z.object({
  permissions: z.array(Permission),
  /** Only an owner may do it (the staff policy, an owner's record). */
  owner: z.boolean(),
});
export type ApprovalNeeded = z.infer<typeof ApprovalNeeded>;

/** A wrong PIN: how many tries are left before a wait, or until when the member must wait. */
export const PinRefusal = z.object({
  attemptsLeft: z.number().int().min(0),
  waitUntil: z.number().nullable(),
});
export type PinRefusal = z.infer<typeof PinRefusal>;

export const AuditEntryView = z.object({
  id: z.string(),
  kind: z.enum([...AuditKind.options, 'unreadable']),
  /** Epoch ms; null when an unreadable record does not say. */
  at: z.number().nullable(),
  businessDate: LocalDate.nullable(),
  counterName: z.string().nullable(),
  staffName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  subjectName: z.string().nullable(),
  action: z.string().nullable(),
  ref: z.string().nullable(),
  detail: z.string().nullable(),
  /** Why an unreadable record cannot be shown (corrupt, sealed_elsewhere, unknown_kind). */
  problem: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof AuditEntryView>;

/** A key as pasted (the owner's proof: whoever holds the API key may set the owner up). */
const PastedKey = z.string().trim().min(1).max(500);

export const staffChannels = {
  'staff.get': { request: z.strictObject({}), response: StaffState },
  /** Sign in by tile (`memberId`) or card (`card`, what the scanner read) and the PIN. */
  'staff.signIn': {
    request: z.strictObject({
      memberId: StaffId.nullable().default(null),
      card: z.string().trim().min(1).max(100).nullable().default(null),
      pin: Pin,
    }),
    response: StaffState,
  },
  'staff.signOut': { request: z.strictObject({}), response: StaffState },
  /** The counter locks: idle (its timer ran out) or by hand. Whoever was signed in is out. */
  'staff.lock': {
    request: z.strictObject({ reason: z.enum(['idle', 'manual']) }),
    response: StaffState,
  },
  /**
   * A manager's (or owner's) PIN for what the member signed in may not do: this very request of
   * this channel, once, within two minutes. The renderer then sends the request again.
   */
  'staff.approve': {
    request: z.strictObject({
      channel: z.string().min(1).max(100),
      request: z.unknown(),
      approverId: StaffId,
      pin: Pin,
    }),
    response: z.object({ approvedBy: StaffTile }),
  },
  /** The staff list, for the settings (card codes too). */
  'staff.list': {
    request: z.strictObject({}),
    response: z.object({
      members: z.array(StaffMemberView),
      unreadable: z.array(z.object({ id: z.string(), problem: z.string() })),
    }),
  },
  /** Add (id null: the PIN is required) or change a member; a new card code on request. */
  'staff.save': {
    request: z.strictObject({
      id: StaffId.nullable(),
      name: StaffName,
      role: StaffRole,
      pin: Pin.nullable(),
      newCard: z.boolean().default(false),
    }),
    response: StaffMemberView,
  },
  'staff.remove': {
    request: z.strictObject({ id: StaffId, confirm: z.literal(true) }),
    response: z.object({ removed: z.boolean() }),
  },
  /** What staff and managers may do, and the idle lock: the owner's alone. */
  'staff.policy': {
    request: z.strictObject({
      permissions: PermissionTable.strict(),
      idleLockMinutes: z.number().int().min(1).max(240).nullable(),
    }),
    response: StaffState,
  },
  /**
   * Whoever holds the API key becomes an owner: at set-up, or when no owner can be read. The
   * key must be this counter's (it is compared, never kept again).
   */
  'staff.claimOwner': {
    request: z.strictObject({ apiKey: PastedKey, name: StaffName, pin: Pin }),
    response: StaffState,
  },
  /** The audit list of some business days (managers), and what of it cannot be read. */
  'audit.list': {
    request: z.strictObject({ from: LocalDate, to: LocalDate }),
    response: z.object({ entries: z.array(AuditEntryView) }),
  },
  /** The audit list as CSV, exported with the journal. */
  'audit.csv': {
    request: z.strictObject({ from: LocalDate, to: LocalDate, locale: UiLocale.default('ja') }),
    response: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }),
  },
} as const;
