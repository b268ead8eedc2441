/**
 * Changes to the staff list and the shop's policy (issue 29): add, change (a new PIN, a new card),
 * remove a member; the owner's claim with the API key; the policy. Each is kept in the store's
 * sealed files, shared with the shop, audited, and told to the renderer. The guard has already
 * checked who may (each channel's rule, in app.ts); what is left here are the list's own rules: an
 * owner is the owner's, the last owner stays, nothing but the owner's claim starts a list.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_PERMISSIONS,
  Permission,
  TABLE_ROLES,
  type PermissionTable,
  type StaffRole,
} from '../../common/staff';
import type { Request, Response, StaffMemberView, StaffState } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { StaffMember } from '../../local/index';
import type { MembersPort, SecretStore } from '../ports';
import type { DeskSession } from '../desk-session';
import type { PinHasher } from './pin';
import type { StaffDesk } from './staff-desk';
import { staffBook } from './book';
import { awaitingMember } from '../office/office-lists';

export interface MembersOptions {
  desk: StaffDesk;
  hasher: PinHasher;
  secrets: SecretStore;
  now: () => number;
}

export const memberView = (m: StaffMember): StaffMemberView => ({
  id: m.id,
  name: m.name,
  role: m.role,
  card: m.card,
  updatedAt: m.updatedAt,
});

/**
 * A card code: a prefix and ten letters (no I or O), as a scanner types it. No digits: a card read
 * while the PIN field has the focus puts nothing into the PIN.
 */
function newCardCode(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = randomBytes(10);
  return `FD-${Array.from(bytes, (b) => letters[b % letters.length]).join('')}`;
}

/** When a change is made: now, and always after the change it replaces (a clock set back). */
const changedAt = (now: number, before: StaffMember | null) =>
  Math.max(now, (before?.updatedAt ?? -1) + 1);

const sameKey = (a: string, b: string) => {
  const hash = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(hash(a), hash(b));
};

export class Members implements MembersPort {
  constructor(private readonly options: MembersOptions) {}

  private get desk(): StaffDesk {
    return this.options.desk;
  }

  list(): Response<'staff.list'> {
    const book = this.desk.requireSession().part(staffBook);
    return { members: book.active().map(memberView), unreadable: book.unreadableMembers() };
  }

  /**
   * Whoever holds this counter's API key becomes an owner (set-up's first run, or a list this
   * counter cannot read any more): the key is compared with the one kept, never stored again.
   */
  async claimOwner(request: Request<'staff.claimOwner'>): Promise<StaffState> {
    const session = this.desk.requireSession();
    if (session.training) throw new DeskError('TRAINING_STAFF', 'training has its own demo staff');
    const kept = this.options.secrets.read();
    if (!kept || !sameKey(kept, request.apiKey.trim()))
      throw new DeskError('API_KEY_MISMATCH', 'not the API key this counter is set up with');
    const member = await this.make(session, null, request.name, 'owner', request.pin, true);
    session.part(staffBook).put(member);
    this.desk.audit(session, 'owner_claimed', { staff: member, subject: member });
    this.desk.signInAs(session, member, 'owner');
    return this.desk.state();
  }

  /** Add (id null) or change a member. */
  async save(request: Request<'staff.save'>): Promise<StaffMemberView> {
    const session = this.desk.requireSession();
    const book = session.part(staffBook);
    if (!book.enabled)
      throw new DeskError('STAFF_NOT_SET_UP', 'set the owner up first (with the API key)');
    const before = request.id ? book.get(request.id) : null;
    // A member the office added: their PIN is set here, as a new member's (decision AB75).
    const joining = request.id && !before ? awaitingMember(session, request.id) : null;
    if (request.id && !before && !joining)
      throw new DeskError('STAFF_NOT_FOUND', 'no such member of staff');
    if (!before && !request.pin)
      throw new DeskError('INVALID_INPUT', 'a new member needs a PIN', [
        { field: 'pin', code: 'required', reason: 'a PIN of 4 to 8 digits' },
      ]);
    if (before?.role === 'owner' && request.role !== 'owner') this.keepAnOwner(session, before.id);
    const member = await this.make(
      session,
      before,
      request.name,
      request.role,
      request.pin,
      request.newCard ?? false,
      joining?.id,
    );
    book.put(member);
    const detail = !before ? 'added' : request.pin ? 'pin' : 'changed';
    this.desk.audit(session, 'staff_changed', {
      staff: this.desk.current(),
      subject: member,
      detail,
    });
    return memberView(member);
  }

  /** Remove a member (kept as removed, so the removal reaches every counter and stays). */
  remove(request: Request<'staff.remove'>): { removed: boolean } {
    const session = this.desk.requireSession();
    const before = session.part(staffBook).get(request.id);
    if (!before) return { removed: false };
    if (before.role === 'owner') this.keepAnOwner(session, before.id);
    const member: StaffMember = {
      ...before,
      removed: true,
      card: null,
      updatedAt: changedAt(this.options.now(), before),
      updatedBy: session.counter().id,
    };
    session.part(staffBook).put(member);
    this.desk.audit(session, 'staff_changed', {
      staff: this.desk.current(),
      subject: before,
      detail: 'removed',
    });
    return { removed: true };
  }

  /** What each role may do, and the idle lock (the owner's). */
  policy(request: Request<'staff.policy'>): StaffState {
    const session = this.desk.requireSession();
    if (!session.part(staffBook).enabled)
      throw new DeskError('STAFF_NOT_SET_UP', 'set the owner up first (with the API key)');
    const tidy = (list: readonly string[]) => Permission.options.filter((p) => list.includes(p));
    const permissions = Object.fromEntries(
      TABLE_ROLES.map((role) => [
        role,
        tidy(request.permissions[role] ?? DEFAULT_PERMISSIONS[role]),
      ]),
    ) as PermissionTable;
    const before = session.part(staffBook).setPolicy();
    session.part(staffBook).putPolicy({
      permissions,
      idleLockMinutes: request.idleLockMinutes,
      updatedAt: Math.max(this.options.now(), (before?.updatedAt ?? -1) + 1),
      updatedBy: session.counter().id,
    });
    this.desk.audit(session, 'policy_changed', {
      staff: this.desk.current(),
      detail: [
        ...TABLE_ROLES.map((role) => `${role}=${permissions[role].join('|')}`),
        `idle=${request.idleLockMinutes ?? 'never'}`,
      ].join(';'),
    });
    return this.desk.state();
  }

  /** Refuse a change that would leave the store without an owner. */
  private keepAnOwner(session: DeskSession, leaving: string): void {
    const others = session
      .part(staffBook)
      .active()
      .filter((m) => m.role === 'owner' && m.id !== leaving);
    if (!others.length)
      throw new DeskError('STAFF_LAST_OWNER', 'the store keeps at least one owner');
  }

  private async make(
    session: DeskSession,
    before: StaffMember | null,
    name: string,
    role: StaffRole,
    pin: string | null,
    newCard: boolean,
    id?: string,
  ): Promise<StaffMember> {
    const hash = pin ? await this.options.hasher.hash(pin) : before!.pin;
    return {
      id: before?.id ?? id ?? randomUUID(),
      name: name.trim(),
      role,
      pin: hash,
      pinDigits: pin ? pin.length : before!.pinDigits,
      card: newCard || !before ? newCardCode() : before.card,
      removed: false,
      updatedAt: changedAt(this.options.now(), before),
      updatedBy: session.counter().id,
    };
  }
}
