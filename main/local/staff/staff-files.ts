/**
 * The store's staff list on this counter (issue 29): one sealed file per member
 * (`staff/members/<id>.json`) and the shop's staff policy (`staff/policy.json`), both sealed with
 * the cache's cipher and bound to what they are, so a name or a PIN's hash is never in clear on
 * disk and a file moved onto another member does not open. Every member stands alone: one that
 * cannot be opened is listed as unreadable (by its file's name), never blocking the others, never
 * dropped silently. Training keeps its demo staff in memory (`MemoryStaffFiles`).
 *
 * A member removed stays as a tombstone (`removed`), so that the removal outlives an older copy
 * arriving from another counter (the newer `updatedAt` wins everywhere: decision S26).
 */
import { z } from 'zod';
import { PermissionTable, StaffId, StaffName, StaffRole } from '../../common/staff';
import { Versioned } from '../../common/versioned';
import type { Cipher } from '../files/crypto';
import type { Files } from '../files/files';
import { MemoryList, PlainList, type ListStore, type UnreadableEntry } from '../lists/plain-list';

/**
 * A PIN as kept: scrypt's output for it with a salt of its own and the cost it was made with
 * (N, r, p: a hash made on a faster counter is checked with its own cost). Never the PIN.
 */
export const PinHash = z.strictObject({
  alg: z.literal('scrypt'),
  N: z
    .number()
    .int()
    .min(2 ** 10)
    .max(2 ** 22)
    .refine((n) => (n & (n - 1)) === 0, 'a power of two'),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(16),
  salt: z.string().regex(/^[A-Za-z0-9+/]{22,}={0,2}$/),
  hash: z.string().regex(/^[A-Za-z0-9+/]{43,}={0,2}$/),
});
export type PinHash = z.infer<typeof PinHash>;

/** A member of the store's staff: what every counter of the shop holds (and shares). */
export const StaffMember = z.strictObject({
  id: StaffId,
  name: StaffName,
  role: StaffRole,
  pin: PinHash,
  /**
   * How many digits the PIN has: the pad signs in at the last one, one tap and the PIN and no
   * more (decision S25: the length tells a guesser nothing the lockout does not already stop).
   */
  pinDigits: z.number().int().min(4).max(8),
  /** What the member's card or QR code reads (the scanner types it): names the member, no more. */
  card: z
    .string()
    .regex(/^[A-Z0-9-]{6,40}$/)
    .nullable(),
  removed: z.boolean(),
  ...Versioned,
});
export type StaffMember = z.infer<typeof StaffMember>;

/** The shop's staff policy: what each role may do, and how long an idle counter stays open. */
export const StaffPolicy = z.strictObject({
  permissions: PermissionTable,
  /** Minutes without a touch or a key before the counter locks itself; null: never. */
  idleLockMinutes: z.number().int().min(1).max(240).nullable(),
  ...Versioned,
});
export type StaffPolicy = z.infer<typeof StaffPolicy>;

/** A member's file that cannot be opened: its name and why (plain-list.ts). */
export type UnreadableMember = UnreadableEntry;

/** What the staff list is kept in: sealed files (a live store) or memory (training). */
export interface StaffFiles {
  /** The members, one sealed file each: a PlainList (AA42). */
  readonly members: ListStore<StaffMember>;
  policy(): StaffPolicy | null;
  putPolicy(policy: StaffPolicy): void;
}

const DIR = 'staff/members';
const POLICY_DIR = 'staff';
const POLICY = 'policy';
const POLICY_BINDING = 'staff-policy';

/** A sealed file as written: its format, what it is bound to, the sealed content. */
const Sealed = z.object({ v: z.literal(1), id: z.string(), sealed: z.string() });

export class SealedStaffFiles implements StaffFiles {
  readonly members: ListStore<StaffMember>;

  constructor(
    private readonly files: Files,
    private readonly cipher: Cipher,
  ) {
    this.members = new PlainList(files, {
      dir: DIR,
      schema: StaffMember,
      sealed: { cipher, bindingOf: (id) => `staff/${id}` },
    });
  }

  policy(): StaffPolicy | null {
    const file = this.files.read(POLICY_DIR, POLICY, Sealed);
    if (!file) return null;
    try {
      const policy = StaffPolicy.safeParse(this.cipher.open(file.sealed, POLICY_BINDING));
      return policy.success ? policy.data : null;
    } catch {
      // Sealed with another key: the defaults hold until the shop's (or the owner's) comes.
      return null;
    }
  }

  putPolicy(policy: StaffPolicy): void {
    const valid = StaffPolicy.parse(policy);
    this.files.write(POLICY_DIR, POLICY, {
      v: 1,
      id: POLICY_BINDING,
      sealed: this.cipher.seal(valid, POLICY_BINDING),
    });
  }
}

/** Training's staff: the demo members in memory, gone with the session. */
export class MemoryStaffFiles implements StaffFiles {
  readonly members: ListStore<StaffMember>;
  private kept: StaffPolicy | null = null;

  constructor(members: readonly StaffMember[] = []) {
    this.members = new MemoryList(StaffMember, members);
  }

  policy(): StaffPolicy | null {
    return this.kept;
  }

  putPolicy(policy: StaffPolicy): void {
    this.kept = StaffPolicy.parse(policy);
  }
}
