/**
 * The store's staff list and the shop's staff policy as this counter holds them (issue 29): read
 * once from its files (sealed, one per member), changed here or merged from the shop's other
 * counters, the newer change winning everywhere (decision S26). The members are a shared list
 * (`../shared-list.ts`, AA42) and so is the policy, a list of one (`POLICY_KEY`, AA43); what
 * is the staff's own stays here: the sealing (staff-files.ts), the PIN hashes, the policy's
 * defaults. Listeners hear of every change, with where it came from, so a change from the shop is
 * not sent back to it.
 */
import { isNewer } from '../../common/versioned';
import {
  MemoryStaffFiles,
  SealedStaffFiles,
  StaffMember,
  StaffPolicy,
  type StaffFiles,
  type UnreadableMember,
} from '../../local/index';
import { DEFAULT_PERMISSIONS, roleRank } from '../../common/staff';
import type { SharedListDef } from '../../shop/shared/lww-map';
import type { SessionPart } from '../desk-session';
import { definePart } from '../parts';
import { SharedList, shareList, type ChangeFrom, type ShareableList } from '../shared-list';
import { demoMembers } from './demo';

/**
 * The staff list as the shop shares it (the doc's `staff` map, AA40): strict, a display name, a
 * role, the PIN's salted hash, a card code — never a PIN, nothing personal beyond the name.
 */
export const SHARED_STAFF: SharedListDef<StaffMember> = { area: 'staff', schema: StaffMember };

/** The shop's staff policy, under the one key `policy` of the doc's `staffPolicy` map (AA43). */
export const POLICY_KEY = 'policy';
export const SHARED_POLICY: SharedListDef<StaffPolicy> = {
  area: 'staffPolicy',
  schema: StaffPolicy,
  keyOf: () => POLICY_KEY,
};

/** The policy until the owner sets one: the default table, locked after five idle minutes. */
export const DEFAULT_POLICY: StaffPolicy = {
  permissions: DEFAULT_PERMISSIONS,
  idleLockMinutes: 5,
  updatedAt: 0,
  updatedBy: '-',
};

export type BookChange =
  | { what: 'member'; member: StaffMember; from: ChangeFrom }
  | { what: 'policy'; policy: StaffPolicy; from: ChangeFrom };

export class StaffBook {
  /** The members, one sealed file each. */
  readonly members: SharedList<StaffMember>;
  private policyRead: { policy: StaffPolicy | null } | null = null;
  private readonly listeners = new Set<(change: BookChange) => void>();

  /** Read at the first use, not as the session opens: today's view comes first (decision G6). */
  constructor(private readonly files: StaffFiles) {
    this.members = new SharedList(files.members);
    this.members.onChange((member, from) => this.tell({ what: 'member', member, from }));
  }

  private get kept() {
    this.policyRead ??= { policy: this.files.policy() };
    return this.policyRead;
  }

  /**
   * Whether staff sign in at this store: it has a member (or a member's file this counter cannot
   * open: the list is not lost, only unreadable here, and the counter stays locked).
   */
  get enabled(): boolean {
    return this.active().length > 0 || this.members.unreadable().length > 0;
  }

  /** Members not removed: the most trusted role first (owners, managers, staff), each by name. */
  active(): StaffMember[] {
    return this.members
      .all()
      .filter((m) => !m.removed)
      .sort((a, b) => roleRank(a.role) - roleRank(b.role) || a.name.localeCompare(b.name, 'ja'));
  }

  /** Every member this counter knows, removed ones too (what is shared). */
  all(): StaffMember[] {
    return this.members.all();
  }

  unreadableMembers(): UnreadableMember[] {
    return this.members.unreadable();
  }

  /** A member not removed. */
  get(id: string): StaffMember | null {
    const m = this.members.get(id);
    return m && !m.removed ? m : null;
  }

  /** The member whose card reads `code` (codes are compared as printed: upper case). */
  byCard(code: string): StaffMember | null {
    const wanted = code.trim().toUpperCase();
    return this.active().find((m) => m.card === wanted) ?? null;
  }

  policy(): StaffPolicy {
    return this.kept.policy ?? DEFAULT_POLICY;
  }

  /** The policy as set by the shop's owner (null: the defaults hold). */
  setPolicy(): StaffPolicy | null {
    return this.kept.policy;
  }

  /** A change made at this counter: kept, then told. */
  put(member: StaffMember): void {
    this.members.put(member);
  }

  putPolicy(policy: StaffPolicy): void {
    const kept = this.kept;
    this.files.putPolicy(policy);
    kept.policy = policy;
    this.tell({ what: 'policy', policy, from: 'here' });
  }

  /** A member from the shop: kept when newer than ours. Whether it was. */
  merge(member: StaffMember): boolean {
    return this.members.merge(member);
  }

  mergePolicy(policy: StaffPolicy): boolean {
    const kept = this.kept;
    if (!isNewer(policy, kept.policy)) return false;
    this.files.putPolicy(policy);
    kept.policy = policy;
    this.tell({ what: 'policy', policy, from: 'shop' });
    return true;
  }

  /** The policy as a shared list of one: the owner's, when set (the defaults are no one's). */
  policyList(): ShareableList<StaffPolicy> {
    return {
      all: () => (this.kept.policy ? [this.kept.policy] : []),
      merge: (policy) => this.mergePolicy(policy),
      onChange: (listener) =>
        this.onChange((change) => {
          if (change.what === 'policy') listener(change.policy, change.from);
        }),
    };
  }

  onChange(listener: (change: BookChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(change: BookChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

/**
 * The session's staff list and policy (issue 29): training's demo staff in memory, a live
 * store's sealed on disk; the same on every counter of the shop while it shares (S26).
 */
export const staffBook: SessionPart<StaffBook> = definePart(
  'staff.book',
  (session) =>
    new StaffBook(
      session.training
        ? new MemoryStaffFiles(demoMembers())
        : new SealedStaffFiles(session.local.files, session.local.cipher),
    ),
  {
    share: (book, state) => {
      const members = shareList(state, SHARED_STAFF, book.members);
      const policy = shareList(state, SHARED_POLICY, book.policyList());
      return () => {
        policy();
        members();
      };
    },
  },
);
