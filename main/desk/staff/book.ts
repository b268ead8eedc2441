/**
 * The store's staff list and the shop's staff policy as this counter holds them (issue 29): read
 * once from its files (sealed, one per member), changed here or merged from the shop's other
 * counters (`share.ts`), the newer change winning everywhere (decision S26). Listeners hear of
 * every change, with where it came from, so a change from the shop is not sent back to it.
 */
import {
  isNewer,
  type StaffFiles,
  type StaffMember,
  type StaffPolicy,
  type UnreadableMember,
} from '../../local/index';
import { DEFAULT_PERMISSIONS, roleRank } from '../../common/staff';

/** The policy until the owner sets one: the default table, locked after five idle minutes. */
export const DEFAULT_POLICY: StaffPolicy = {
  permissions: DEFAULT_PERMISSIONS,
  idleLockMinutes: 5,
  updatedAt: 0,
  updatedBy: '-',
};

export type BookChange =
  | { what: 'member'; member: StaffMember; from: 'here' | 'shop' }
  | { what: 'policy'; policy: StaffPolicy; from: 'here' | 'shop' };

export class StaffBook {
  private read: {
    byId: Map<string, StaffMember>;
    unreadable: UnreadableMember[];
    policy: StaffPolicy | null;
  } | null = null;
  private readonly listeners = new Set<(change: BookChange) => void>();

  /** Read at the first use, not as the session opens: today's view comes first (decision G6). */
  constructor(private readonly files: StaffFiles) {}

  private get kept() {
    if (!this.read) {
      const { members, unreadable } = this.files.members();
      this.read = {
        byId: new Map(members.map((m) => [m.id, m])),
        unreadable,
        policy: this.files.policy(),
      };
    }
    return this.read;
  }

  /**
   * Whether staff sign in at this store: it has a member (or a member's file this counter cannot
   * open: the list is not lost, only unreadable here, and the counter stays locked).
   */
  get enabled(): boolean {
    return this.active().length > 0 || this.kept.unreadable.length > 0;
  }

  /** Members not removed: the most trusted role first (owners, managers, staff), each by name. */
  active(): StaffMember[] {
    return [...this.kept.byId.values()]
      .filter((m) => !m.removed)
      .sort((a, b) => roleRank(a.role) - roleRank(b.role) || a.name.localeCompare(b.name, 'ja'));
  }

  /** Every member this counter knows, removed ones too (what is shared). */
  all(): StaffMember[] {
    return [...this.kept.byId.values()];
  }

  unreadableMembers(): UnreadableMember[] {
    return [...this.kept.unreadable];
  }

  /** A member not removed. */
  get(id: string): StaffMember | null {
    const m = this.kept.byId.get(id);
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
    const kept = this.kept;
    this.files.putMember(member);
    kept.byId.set(member.id, member);
    this.tell({ what: 'member', member, from: 'here' });
  }

  putPolicy(policy: StaffPolicy): void {
    const kept = this.kept;
    this.files.putPolicy(policy);
    kept.policy = policy;
    this.tell({ what: 'policy', policy, from: 'here' });
  }

  /** A member from the shop: kept when newer than ours. Whether it was. */
  merge(member: StaffMember): boolean {
    const kept = this.kept;
    if (!isNewer(member, kept.byId.get(member.id))) return false;
    this.files.putMember(member);
    kept.byId.set(member.id, member);
    this.tell({ what: 'member', member, from: 'shop' });
    return true;
  }

  mergePolicy(policy: StaffPolicy): boolean {
    const kept = this.kept;
    if (!isNewer(policy, kept.policy)) return false;
    this.files.putPolicy(policy);
    kept.policy = policy;
    this.tell({ what: 'policy', policy, from: 'shop' });
    return true;
  }

  onChange(listener: (change: BookChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(change: BookChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
