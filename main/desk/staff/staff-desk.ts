/**
 * Who is signed in at this counter (issue 29), and what they may do: signing in by tile or card
 * and PIN, out, the lock; the check the router's guard makes of every call (`authorize`), and a
 * manager's approval of one request that the member signed in may not make alone. Follows the
 * session: another store (or training anew) starts with nobody signed in; training with its demo
 * owner (decision S29). The staff list's changes are `members.ts`.
 *
 * Nobody signed in is a memory of this process: the app started again asks for a PIN again.
 *
 * Over 300 lines: signing in, the guard and approvals share who is signed in and the lockout, so
 * they stay in one module; the PIN's hashing, the lockout's rule, the list and the audit are not.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '../../api/index';
import { mayDo, Permission, permissionsOf, type StaffStamp } from '../../common/staff';
import { channels, type Channel, type StaffState, type StaffTile } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { NewAuditRecord, StaffMember } from '../../local/index';
import { todayIn } from '../day/day';
import type { Authorized, Grant, StaffPort } from '../ports';
import type { DeskSession } from '../desk-session';
import type { Emit, SessionHolder } from '../session-holder';
import type { Acting } from './acting';
import { DEFAULT_POLICY } from './book';
import { DEMO_OWNER_ID, demoPins } from './demo';
import { Lockout, LockoutState } from './lockout';
import { needsOf, type Needs, type RuleOf } from './rules';
import { PinChecks } from './pin';
import { staffBook } from './book';

/** An approval holds for the one request it was given for, this long (ms). */
export const APPROVAL_MS = 2 * 60_000;

/** Channels whose every call is audited, whoever may make them: cancellations and changes. */
const ALWAYS_AUDITED: ReadonlySet<Channel> = new Set(['cancel.confirm', 'change.confirm']);

export interface StaffDeskOptions {
  sessions: SessionHolder;
  emit: Emit;
  /** The desk's clock (the session's: training's pretend time). */
  now: () => number;
  logger: Logger;
}

export const tileOf = (m: StaffMember): StaffTile => ({
  id: m.id,
  name: m.name,
  role: m.role,
  pinDigits: m.pinDigits,
});
export const stampOf = (m: StaffMember): StaffStamp => ({ id: m.id, name: m.name });

/** A request's digest: the approval is for this request, not another of the same channel. */
const digestOf = (request: unknown) =>
  createHash('sha256').update(JSON.stringify(request)).digest('base64');

const LockoutFile = z.object({ v: z.literal(1), entries: LockoutState });

export class StaffDesk implements StaffPort {
  private session: DeskSession | null = null;
  private signedIn: string | null = null;
  private grants: Grant[] = [];
  private lockout: Lockout;
  private offBook: (() => void) | null = null;
  private readonly pins = new PinChecks();

  constructor(private readonly options: StaffDeskOptions) {
    this.lockout = new Lockout(options.now);
  }

  /** The session this desk follows; a new one starts with nobody signed in (training: its owner). */
  bound(): DeskSession | null {
    const current = this.options.sessions.current;
    if (current === this.session) return current;
    this.offBook?.();
    this.offBook = null;
    this.session = current;
    this.signedIn = null;
    this.grants = [];
    this.lockout = this.lockoutOf(current);
    if (current) {
      this.offBook = current.part(staffBook).onChange(() => this.changed());
      if (current.training) this.signedIn = DEMO_OWNER_ID;
    }
    return current;
  }

  /** The session, or NOT_SET_UP. */
  requireSession(): DeskSession {
    const session = this.bound();
    if (!session) throw new DeskError('NOT_SET_UP', 'no store is connected');
    return session;
  }

  /** The member signed in (null: nobody, or they were removed meanwhile). */
  current(): StaffMember | null {
    const session = this.bound();
    return session && this.signedIn ? session.part(staffBook).get(this.signedIn) : null;
  }

  /** The member signed in, or STAFF_SIGN_IN_NEEDED. */
  requireMe(): StaffMember {
    const me = this.current();
    if (!me) throw new DeskError('STAFF_SIGN_IN_NEEDED', 'sign in with your PIN first');
    return me;
  }

  state(): StaffState {
    const session = this.bound();
    if (!session)
      return {
        enabled: false,
        members: [],
        unreadable: 0,
        signedIn: null,
        may: [...Permission.options],
        permissions: DEFAULT_POLICY.permissions,
        idleLockMinutes: null,
        trainingPins: null,
      };
    const book = session.part(staffBook);
    const policy = book.policy();
    const me = this.current();
    return {
      enabled: book.enabled,
      members: book.active().map(tileOf),
      unreadable: book.unreadableMembers().length,
      signedIn: me ? tileOf(me) : null,
      may: !book.enabled
        ? [...Permission.options]
        : me
          ? permissionsOf(me.role, policy.permissions)
          : [],
      permissions: policy.permissions,
      idleLockMinutes: policy.idleLockMinutes,
      trainingPins: session.training ? demoPins() : null,
    };
  }

  /** Sign in by tile or card and PIN; the member signed in before (if another) is out. */
  async signIn(request: {
    memberId: string | null;
    card: string | null;
    pin: string;
  }): Promise<StaffState> {
    const session = this.requireSession();
    const book = session.part(staffBook);
    const member = request.memberId
      ? book.get(request.memberId)
      : request.card
        ? book.byCard(request.card)
        : null;
    if (!member) throw new DeskError('STAFF_NOT_FOUND', 'no such member of staff here');
    await this.checkPin(session, member, request.pin, 'sign_in');
    const before = this.current();
    if (before && before.id !== member.id) this.audit(session, 'sign_out', { staff: before });
    this.signedIn = member.id;
    this.grants = [];
    this.audit(session, 'sign_in', { staff: member, detail: request.card ? 'card' : 'pin' });
    this.changed();
    return this.state();
  }

  signOut(): StaffState {
    const session = this.bound();
    const me = this.current();
    if (session && me) this.audit(session, 'sign_out', { staff: me });
    this.out();
    return this.state();
  }

  /** The counter locks (idle, or by hand): whoever was signed in is out. */
  lock(reason: 'idle' | 'manual'): StaffState {
    const session = this.bound();
    const me = this.current();
    if (session && me) this.audit(session, 'lock', { staff: me, detail: reason });
    this.out();
    return this.state();
  }

  /** Signed in as the owner who just claimed the store (members.ts). */
  signInAs(session: DeskSession, member: StaffMember, detail: string): void {
    if (this.bound() !== session) return;
    this.signedIn = member.id;
    this.grants = [];
    this.audit(session, 'sign_in', { staff: member, detail });
    this.changed();
  }

  /**
   * What the guard asks before a call (decision S23): null when staff are not set up at this
   * store (nothing is asked, nothing stamped); who makes it when allowed (alone, or with an
   * approval given for this very request); otherwise STAFF_SIGN_IN_NEEDED or APPROVAL_NEEDED.
   */
  authorize(channel: Channel, request: unknown, needs: Needs): Authorized | null {
    const session = this.bound();
    if (!session?.part(staffBook).enabled) return null;
    const me = this.requireMe();
    const missing = this.missing(session, me, needs);
    if (!missing.permissions.length && !missing.owner)
      return { who: { staff: stampOf(me), approvedBy: null }, grant: null };
    const grant = this.takeGrant(channel, digestOf(request));
    if (grant) return { who: { staff: stampOf(me), approvedBy: grant.approvedBy }, grant };
    throw new DeskError('APPROVAL_NEEDED', 'a manager’s approval is needed for this', [missing]);
  }

  /**
   * A manager's (or owner's) PIN for a request the member signed in may not make alone: held for
   * that request of that channel, once, for two minutes. The approver must be another member
   * whose role may do all that is missing (what the channel's rule asks: `ruleOf`); their PIN is
   * checked (and counted) as a sign-in's.
   */
  async approve(
    request: { channel: string; request: unknown; approverId: string; pin: string },
    ruleOf: RuleOf,
  ): Promise<{ approvedBy: StaffTile }> {
    const session = this.requireSession();
    const me = this.requireMe();
    if (!Object.prototype.hasOwnProperty.call(channels, request.channel))
      throw new DeskError('INVALID_INPUT', 'no such channel', [
        { field: 'channel', code: 'invalid_value', reason: 'not a channel' },
      ]);
    const channel = request.channel as Channel;
    const parsed = channels[channel].request.safeParse(request.request ?? {});
    if (!parsed.success)
      throw new DeskError('INVALID_INPUT', 'the request to approve is not valid', [
        { field: 'request', code: 'invalid', reason: 'not a request of the channel' },
      ]);
    const needs = needsOf(ruleOf(channel), parsed.data as never, { session });
    const missing =
      needs === 'open' ? { permissions: [], owner: false } : this.missing(session, me, needs);
    if (!missing.permissions.length && !missing.owner)
      throw new DeskError('APPROVAL_NOT_NEEDED', 'this needs no approval');
    const approver = session.part(staffBook).get(request.approverId);
    if (!approver) throw new DeskError('STAFF_NOT_FOUND', 'no such member of staff here');
    const policy = session.part(staffBook).policy().permissions;
    const lacking = missing.permissions.filter((p) => !mayDo(approver.role, p, policy));
    if (approver.id === me.id || lacking.length || (missing.owner && approver.role !== 'owner'))
      throw new DeskError('APPROVER_NOT_ALLOWED', 'this member cannot approve it', [
        { permissions: lacking, owner: missing.owner && approver.role !== 'owner' },
      ]);
    await this.checkPin(session, approver, request.pin, 'approval');
    if (this.current()?.id !== me.id)
      throw new DeskError('STAFF_SIGN_IN_NEEDED', 'signed out meanwhile: sign in again');
    const now = this.options.now();
    this.grants = this.grants.filter((g) => g.until > now);
    this.grants.push({
      channel,
      digest: digestOf(parsed.data),
      approvedBy: stampOf(approver),
      until: now + APPROVAL_MS,
    });
    this.audit(session, 'approval', {
      staff: me,
      approvedBy: approver,
      action: [...missing.permissions, ...(missing.owner ? ['owner'] : [])].join(','),
      ref: channel,
    });
    return { approvedBy: tileOf(approver) };
  }

  /**
   * The call an approval let through failed (a refund over what is left, a day closed): the
   * approval holds again for the request, corrected or not, until it runs out.
   */
  giveBack(grant: Grant): void {
    if (this.grants.length < 50) this.grants.push(grant);
  }

  /** After a call the guard let through: money, settings, cancellations and changes are audited. */
  recordAction(channel: Channel, who: Acting, needs: Needs, result: unknown): void {
    if (!needs.permissions.length && !needs.owner && !ALWAYS_AUDITED.has(channel)) return;
    const session = this.bound();
    if (!session) return;
    this.audit(session, 'action', {
      staffStamp: who.staff,
      approvedByStamp: who.approvedBy,
      action: channel,
      ref: refOf(result),
      detail: needs.permissions.join(',') || null,
    });
  }

  /** Append to the audit; a failure is logged, never the reason the action fails. */
  audit(
    session: DeskSession,
    kind: NewAuditRecord['kind'],
    about: {
      staff?: StaffMember | null;
      staffStamp?: StaffStamp | null;
      approvedBy?: StaffMember | null;
      approvedByStamp?: StaffStamp | null;
      subject?: StaffMember | null;
      action?: string | null;
      ref?: string | null;
      detail?: string | null;
    },
  ): void {
    const at = this.options.now();
    const counter = session.counter();
    try {
      session.audit.append({
        at,
        businessDate: todayIn(session.timeZone, at),
        counterId: counter.id,
        counterName: counter.name,
        kind,
        staff: about.staffStamp ?? (about.staff ? stampOf(about.staff) : null),
        approvedBy: about.approvedByStamp ?? (about.approvedBy ? stampOf(about.approvedBy) : null),
        subject: about.subject ? stampOf(about.subject) : null,
        action: about.action?.slice(0, 200) ?? null,
        ref: about.ref?.slice(0, 200) ?? null,
        detail: about.detail?.slice(0, 200) ?? null,
      });
    } catch (error) {
      this.options.logger.error('staff.audit_failed', { kind, error: (error as Error).name });
    }
  }

  /** Tell the renderer who is signed in now (and the list, the policy). */
  changed(): void {
    this.options.emit('staff.changed', this.state());
  }

  /** Check a member's PIN, counting a wrong one (and refusing while they must wait). */
  private async checkPin(
    session: DeskSession,
    member: StaffMember,
    pin: string,
    purpose: 'sign_in' | 'approval',
  ): Promise<void> {
    const wait = this.lockout.waitUntil(member.id);
    if (wait !== null)
      throw new DeskError('PIN_LOCKED_OUT', 'too many wrong PINs: wait a moment', [
        { attemptsLeft: 0, waitUntil: wait },
      ]);
    const lockout = this.lockout;
    const right = await this.pins.check(member.id, pin, member.pin);
    if (this.bound() !== session) throw new DeskError('NOT_SET_UP', 'the store changed meanwhile');
    if (right) {
      lockout.succeeded(member.id);
      return;
    }
    const refused = lockout.failed(member.id);
    this.audit(session, 'pin_failed', { staff: this.current(), subject: member, detail: purpose });
    if (refused.waitUntil !== null)
      this.audit(session, 'locked_out', {
        subject: member,
        detail: new Date(refused.waitUntil).toISOString(),
      });
    throw new DeskError('PIN_WRONG', 'the PIN is not right', [refused]);
  }

  private missing(session: DeskSession, me: StaffMember, needs: Needs) {
    const policy = session.part(staffBook).policy().permissions;
    return {
      permissions: needs.permissions.filter((p) => !mayDo(me.role, p, policy)),
      owner: !!needs.owner && me.role !== 'owner',
    };
  }

  private takeGrant(channel: Channel, digest: string): Grant | null {
    const now = this.options.now();
    this.grants = this.grants.filter((g) => g.until > now);
    const i = this.grants.findIndex((g) => g.channel === channel && g.digest === digest);
    if (i < 0) return null;
    return this.grants.splice(i, 1)[0]!;
  }

  private out(): void {
    this.signedIn = null;
    this.grants = [];
    this.changed();
  }

  /** The wrong PINs counted at this counter, kept in the store's files (training: memory). */
  private lockoutOf(session: DeskSession | null): Lockout {
    if (!session || session.training) return new Lockout(this.options.now);
    const files = session.local.files;
    const saved = files.read('staff', 'lockout', LockoutFile)?.entries ?? {};
    return new Lockout(this.options.now, saved, (entries) => {
      try {
        files.write('staff', 'lockout', { v: 1, entries });
      } catch (error) {
        this.options.logger.warn('staff.lockout_not_kept', { error: (error as Error).name });
      }
    });
  }
}

/** What an action's answer names: its journal entry, its booking's number. */
function refOf(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return null;
  const r = result as Record<string, unknown>;
  for (const key of ['closeEntryId', 'refundEntryId', 'id'])
    if (typeof r[key] === 'string') return r[key];
  const reservation = r.reservation as { number?: unknown } | undefined;
  return typeof reservation?.number === 'string' ? reservation.number : null;
}
