/**
 * The chain's lists at the counter (decisions AB70–AB79): the office's items, reasons for a
 * discount and staff for this store, fetched with the device credential (`GET /v1/device/lists`,
 * since the revision this counter holds: nothing comes back when nothing changed), on a timer of
 * its own with the sender's backoff. The last copy is kept on disk, sealed (it names staff), so a
 * counter started offline still knows which lists the office manages and what it said.
 *
 * The office is one more source of the shop's shared lists: each entry goes into this counter's
 * `SharedList` as a change made here, so the shop spreads it to the other counters. An entry the
 * counter changed later stands while the office does not manage the list; a list the office
 * manages takes the office's entry over any counter's (stamped just after the counter's), and its
 * changing channels refuse (`LIST_MANAGED_BY_OFFICE`). A new revision's changes are kept for
 * staff to see until they dismiss them.
 *
 * A member the office adds has no PIN (the office holds none): they wait here until a manager
 * sets their PIN at the counter, as for a member added here (staff.save with the member's id).
 *
 * Over 300 lines: the asking (timer, backoff, revision), the kept copy and the putting of entries
 * into the three shared lists share one state (the copy, whether it was applied, the managed
 * flags) that the channels read; the copy's store and the changes are their own files.
 */
import type { ListName } from '../../../office/protocol/lists';
import {
  byOffice,
  DeviceLists,
  NOT_MANAGED,
  type OfficeStaff,
} from '../../../office/protocol/lists';
import type { Logger } from '../../api/index';
import type { Clock, Timer } from '../../common/clock';
import type { CounterItem, DiscountReasonEntry } from '../../common/money';
import type { Permission } from '../../common/staff';
import { isNewer, type Version } from '../../common/versioned';
import type { OfficeListsView } from '../../ipc/contract/office-lists';
import { changesOf, sameContent } from './list-changes';
import { sealedListsCopy, type ListsCopy, type ListsCopyStore } from './lists-copy';
export { changesOf } from './list-changes';
export { ListsCopy, memoryListsCopy, sealedListsCopy, type ListsCopyStore } from './lists-copy';
import { DeskError } from '../../ipc/errors';
import type { StaffMember } from '../../local/index';
import type { DeskSession } from '../desk-session';
import { catalogueOf } from '../items/catalogue';
import { definePart } from '../parts';
import { reasonsOf } from '../sales/reasons';
import type { ChangeFrom, SharedList } from '../shared-list';
import { staffBook } from '../staff/book';
import { fullJitter, OFFICE_BACKOFF, type Backoff } from './backoff';
import { OfficeError, type OfficeTransport } from './transport';

/** How often the counter asks the office whether its lists changed. */
export const LISTS_IDLE_MS = 5 * 60_000;

/** What a changing channel of a list the office manages answers. */
export const LIST_MANAGED = 'LIST_MANAGED_BY_OFFICE';

/** The counter's lists the office's entries go into. */
export interface ListTargets {
  items: SharedList<CounterItem>;
  reasons: SharedList<DiscountReasonEntry>;
  /** A reason as this counter reads it (a default never changed included). */
  reason(id: string): DiscountReasonEntry | null;
  staff: SharedList<StaffMember>;
}

export interface OfficeListsOptions {
  /** The office's store this counter is enrolled in (office-settings.ts). */
  storeId: string;
  transport: OfficeTransport;
  credential: () => string | null;
  copy: ListsCopyStore;
  /** Read at the first use (not as the session opens: today's view comes first, G6). */
  targets: () => ListTargets;
  clock: Clock;
  logger: Logger;
  random?: () => number;
  backoff?: Backoff;
  idleMs?: number;
  /** Something staff see changed (the status, the settings' notice). */
  onChange?: () => void;
}

/**
 * Put the office's entry into a list: when it says something else and is newer, or the office
 * manages the list (then stamped just after the counter's own, so it wins across the shop).
 */
function offer<T extends Version & { id: string }>(
  list: SharedList<T>,
  held: T | null,
  entry: T,
  managed: boolean,
): boolean {
  if (held && sameContent(held, entry)) return false;
  if (isNewer(entry, held)) list.put(entry);
  else if (managed) list.put({ ...entry, updatedAt: held!.updatedAt + 1 });
  else return false;
  return true;
}

export class OfficeLists {
  private kept: ListsCopy | null;
  private timer: Timer | null = null;
  private running: Promise<void> | null = null;
  private failures = 0;
  private closed = false;
  /** The office refused this PC's credential: no more asking until enrolled again. */
  stopped = false;
  private lists: ListTargets | null = null;
  private readonly unlisten: (() => void)[] = [];

  constructor(private readonly options: OfficeListsOptions) {
    const copy = options.copy.read();
    this.kept = copy?.storeId === options.storeId ? copy : null;
  }

  /**
   * Ask at once and on the timer; the copy kept is put into the lists again after the first
   * answer or failure (an offline start: the managed lists take the office's entries again).
   */
  start(): void {
    void this.fetch();
  }

  close(): void {
    this.closed = true;
    this.timer?.cancel();
    this.timer = null;
    for (const off of this.unlisten.splice(0)) off();
  }

  /**
   * The counter's lists, read at the first use; from then on a change heard from the shop that a
   * counter made (an older one: this one refuses) to a managed list gives way to the office's
   * entry again. An entry another counter put from the office is never fought over (AB74).
   */
  private get targets(): ListTargets {
    if (this.lists) return this.lists;
    const lists = (this.lists = this.options.targets());
    const heard =
      <T extends Version & { id: string }>(list: ListName, again: (id: string) => void) =>
      (entry: T, from: ChangeFrom) => {
        if (from === 'shop' && this.managed(list) && !byOffice(entry)) again(entry.id);
      };
    const find = <L extends ListName>(list: L, id: string) =>
      (this.kept?.lists[list] as { id: string }[] | undefined)?.find((e) => e.id === id);
    this.unlisten.push(
      lists.items.onChange(
        heard('items', (id) => {
          const item = find('items', id);
          if (item) this.applyItem(item as DeviceLists['items'][number], true);
        }),
      ),
      lists.reasons.onChange(
        heard('discountReasons', (id) => {
          const reason = find('discountReasons', id);
          if (reason) this.applyReason(reason as DeviceLists['discountReasons'][number], true);
        }),
      ),
      lists.staff.onChange(
        heard('staff', (id) => {
          const member = find('staff', id);
          if (member) this.applyMember(member as OfficeStaff, true);
        }),
      ),
    );
    return lists;
  }

  managed(list: ListName): boolean {
    return (this.kept?.lists.managed ?? NOT_MANAGED)[list];
  }

  get revision(): number {
    return this.kept?.lists.revision ?? 0;
  }

  get copy(): ListsCopy | null {
    return this.kept;
  }

  /** Members the office added who have no PIN at this counter yet. */
  awaitingPin(): OfficeStaff[] {
    const staff = this.targets.staff;
    return (this.kept?.lists.staff ?? []).filter((m) => !m.removed && !staff.get(m.id));
  }

  /** Staff dismissed the changes of `revision` (an older one's dismissal does nothing). */
  seen(revision: number): void {
    if (!this.kept || this.kept.lists.revision !== revision || this.kept.seen) return;
    this.kept = { ...this.kept, seen: true };
    this.options.copy.write(this.kept);
    this.options.onChange?.();
  }

  /** Ask the office now (once at a time); resolves when answered or waiting to try again. */
  fetch(): Promise<void> {
    this.running ??= this.ask().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async ask(): Promise<void> {
    if (this.closed || this.stopped) return;
    this.timer?.cancel();
    const { transport, credential, logger } = this.options;
    try {
      const token = credential();
      if (token === null) throw new OfficeError(401, 'unauthorised', 'no credential');
      const answer = await transport.request(
        { method: 'GET', path: `/device/lists?since=${this.revision}`, credential: token },
        DeviceLists.nullable(),
      );
      this.failures = 0;
      if (answer && answer.revision > this.revision) this.take(answer);
      else this.applyKept();
      this.schedule(this.options.idleMs ?? LISTS_IDLE_MS);
    } catch (error) {
      const e = error instanceof OfficeError ? error : new OfficeError(0, 'network', String(error));
      if (e.status === 401) {
        this.stopped = true;
        logger.warn('office.lists_stopped', { code: e.code });
        return;
      }
      const wait = fullJitter(
        this.failures++,
        this.options.backoff ?? OFFICE_BACKOFF,
        this.options.random ?? Math.random,
      );
      logger.warn('office.lists_failed', { code: e.code, status: e.status, waitMs: wait });
      this.applyKept();
      this.schedule(wait);
    }
  }

  /** A new revision: kept on disk first (an offline start has it), then put into the lists. */
  private take(lists: DeviceLists): void {
    const changes = changesOf(this.kept?.lists ?? null, lists);
    this.kept = {
      v: 1,
      storeId: this.options.storeId,
      lists,
      receivedAt: this.options.clock.now(),
      changes,
      seen: changes.length === 0,
    };
    this.options.copy.write(this.kept);
    this.apply(lists);
    this.options.logger.info('office.lists_received', {
      revision: lists.revision,
      changes: changes.length,
    });
    this.options.onChange?.();
  }

  private appliedKept = false;

  /** The copy kept, put into the lists once a session (a new revision puts its own). */
  private applyKept(): void {
    if (this.appliedKept || !this.kept) return;
    this.apply(this.kept.lists);
  }

  /** Every entry of the copy offered to the counter's lists (the managed ones' taking over). */
  private apply(lists: DeviceLists): void {
    this.appliedKept = true;
    for (const item of lists.items) this.applyItem(item, lists.managed.items);
    for (const reason of lists.discountReasons)
      this.applyReason(reason, lists.managed.discountReasons);
    for (const member of lists.staff) this.applyMember(member, lists.managed.staff);
  }

  private applyItem(item: DeviceLists['items'][number], managed: boolean): void {
    const { items } = this.targets;
    offer(items, items.get(item.id), item, managed);
  }

  private applyReason(reason: DeviceLists['discountReasons'][number], managed: boolean): void {
    const targets = this.targets;
    offer(targets.reasons, targets.reason(reason.id), reason, managed);
  }

  /** A member's name, role and removal; their PIN and card stay the counter's. */
  private applyMember(member: OfficeStaff, managed: boolean): void {
    const { staff } = this.targets;
    const held = staff.get(member.id);
    // No PIN here yet: the member waits for a manager to set one (awaitingPin).
    if (!held) return;
    if (held.role === 'owner' && (member.removed || member.role !== 'owner')) {
      const owners = staff
        .all()
        .filter((s) => s.role === 'owner' && !s.removed && s.id !== held.id);
      if (owners.length === 0) {
        this.options.logger.warn('office.lists_last_owner_kept', { id: held.id });
        return;
      }
    }
    offer(
      staff,
      held,
      {
        ...held,
        name: member.name,
        role: member.role,
        removed: member.removed,
        card: member.removed ? null : held.card,
        updatedAt: member.updatedAt,
        updatedBy: member.updatedBy,
      },
      managed,
    );
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer?.cancel();
    this.timer = this.options.clock.after(ms, () => this.fetch()).unref();
  }
}

/** The session's office lists, while this counter is enrolled (null: not, or in training). */
export const officeListsPart = definePart(
  'office.lists',
  (): { lists: OfficeLists | null } => ({ lists: null }),
  { close: (state) => state.lists?.close() },
);

/** The counter's lists of a session, for the office's entries. */
export function targetsOf(session: DeskSession): ListTargets {
  const reasons = reasonsOf(session);
  // Read first: an older counter's own list (I11) is taken into the store's files before.
  reasons.changed();
  return {
    items: catalogueOf(session).list,
    reasons: reasons.shared,
    reason: (id) => reasons.get(id),
    staff: session.part(staffBook).members,
  };
}

/** Start asking the office for the lists with the session (started again after a re-enrolment). */
export function startOfficeLists(
  session: DeskSession,
  options: Omit<OfficeListsOptions, 'copy' | 'targets'>,
): void {
  if (session.training) return;
  const state = session.part(officeListsPart);
  if (state.lists && !state.lists.stopped) return;
  state.lists?.close();
  state.lists = new OfficeLists({
    ...options,
    copy: sealedListsCopy(session.local.files, session.local.cipher),
    targets: () => targetsOf(session),
  });
  state.lists.start();
}

/** The session's office lists, if it has them. */
export function officeListsOf(session: Pick<DeskSession, 'part'>): OfficeLists | null {
  return session.part(officeListsPart).lists;
}

/**
 * A changing channel's rule for a list the office manages: refused before anyone is asked for an
 * approval (a manager's PIN would change nothing), else the permission it always asked.
 */
export const unlessManaged =
  (list: ListName, needs: { permissions: Permission[] }) =>
  (_request: unknown, look: { session: Pick<DeskSession, 'part'> | null }) => {
    if (look.session) refuseIfManaged(look.session, list);
    return needs;
  };

/** Refuse a change of a list the office manages (its channels, before anything is changed). */
export function refuseIfManaged(session: Pick<DeskSession, 'part'>, list: ListName): void {
  if (officeListsOf(session)?.managed(list))
    throw new DeskError(LIST_MANAGED, 'the head office manages this list: change it there', [
      { field: list, code: LIST_MANAGED, reason: 'managed by the head office' },
    ]);
}

/**
 * Refuse a change of a member when the office manages the staff, but for a PIN set at the counter
 * for a member as the office says them (the office holds no PIN: a member it adds gets theirs here).
 */
export function refuseStaffChange(
  session: Pick<DeskSession, 'part'>,
  request: { id: string | null; name: string; role: string; pin: string | null },
): void {
  const lists = officeListsOf(session);
  if (!lists?.managed('staff')) return;
  const office = lists.copy?.lists.staff.find((m) => m.id === request.id && !m.removed);
  if (office && request.pin && office.name === request.name.trim() && office.role === request.role)
    return;
  refuseIfManaged(session, 'staff');
}

/** A member the office added who waits for their PIN at this counter (null: no such member). */
export function awaitingMember(session: Pick<DeskSession, 'part'>, id: string): OfficeStaff | null {
  return (
    officeListsOf(session)
      ?.awaitingPin()
      .find((m) => m.id === id) ?? null
  );
}

/** What the screens show of the office's lists (not enrolled: nothing managed, nothing new). */
export function officeListsView(session: Pick<DeskSession, 'part'> | null): OfficeListsView {
  const lists = session ? officeListsOf(session) : null;
  const copy = lists?.copy ?? null;
  return {
    managed: copy?.lists.managed ?? NOT_MANAGED,
    revision: copy?.lists.revision ?? 0,
    receivedAt: copy?.receivedAt ?? null,
    changes: copy?.changes ?? [],
    seen: copy?.seen ?? true,
    awaitingPin: (lists?.awaitingPin() ?? []).map(({ id, name, role }) => ({ id, name, role })),
  };
}
