/**
 * The store's reasons for a discount (issue 30; I11, I13) as the desk holds them for a
 * session: I7's four by default, overlaid with what this counter keeps (one file per reason,
 * main/local; training in memory). A manager adds a reason (its id made here, never reused),
 * renames it, makes it inactive or active again, says whether a note is required; a reason is
 * never deleted, so every record that named it still reads. Changed at any counter of the shop,
 * the newer change kept everywhere (`reasons-share.ts`, as the items and the staff list are).
 */
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_DISCOUNT_REASONS,
  DiscountReasonDraft,
  reasonDraftProblems,
  type DiscountReasonEntry,
  type DiscountReasonList,
} from '../../common';
import { DeskError } from '../../ipc/errors';
import { isNewer, MemoryReasonFiles, PlainReasonFiles, type ReasonFiles } from '../../local/index';
import type { Session } from '../session';

const DEFAULT_IDS = new Set(DEFAULT_DISCOUNT_REASONS.reasons.map((r) => r.id));

/**
 * A new reason's id: `r` and the time in base 36 (so the added ones list in the order they were
 * made, at every counter), then random (two counters adding at the same moment never share one).
 */
export function newReasonId(now: number): string {
  return `r${now.toString(36)}-${randomBytes(4).toString('hex')}`;
}

export class DiscountReasons {
  private read: { byId: Map<string, DiscountReasonEntry>; unreadable: string[] } | null = null;
  private readonly listeners = new Set<
    (reason: DiscountReasonEntry, from: 'here' | 'shop') => void
  >();

  constructor(
    private readonly files: ReasonFiles,
    private readonly counterId: () => string,
    private readonly now: () => number,
    /** The list this counter kept in its settings before it was shared (I11), if any. */
    private readonly legacy: () => DiscountReasonList | null = () => null,
  ) {}

  /** Read at the first use (not at the session's start: the day view comes first, G6). */
  private get kept() {
    if (!this.read) {
      const { reasons, unreadable } = this.files.reasons();
      this.read = { byId: new Map(reasons.map((r) => [r.id, r])), unreadable };
      if (reasons.length === 0 && unreadable.length === 0) this.adoptLegacy(this.legacy());
    }
    return this.read;
  }

  /** The list: the defaults first (as changed), then the added ones in the order they were made. */
  list(): DiscountReasonList {
    const { byId } = this.kept;
    const defaults = DEFAULT_DISCOUNT_REASONS.reasons.map((r) => byId.get(r.id) ?? r);
    const added = [...byId.values()]
      .filter((r) => !DEFAULT_IDS.has(r.id))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { reasons: [...defaults, ...added] };
  }

  /** What this counter changed or heard of (the defaults never changed are everyone's already). */
  changed(): DiscountReasonEntry[] {
    return [...this.kept.byId.values()];
  }

  /** Reason files this counter cannot read (set aside and reported as damage too). */
  unreadable(): string[] {
    return [...this.kept.unreadable];
  }

  get(id: string): DiscountReasonEntry | null {
    return this.list().reasons.find((r) => r.id === id) ?? null;
  }

  /** Add a reason or change one (a manager's: the router asked for the permission). */
  save(asked: DiscountReasonDraft): DiscountReasonEntry {
    const list = this.list().reasons;
    const problems = reasonDraftProblems(asked, list);
    if (problems.length)
      throw new DeskError('INVALID_INPUT', 'the reason cannot be saved so', problems);
    const draft = DiscountReasonDraft.parse(asked);
    const was = draft.id === null ? null : list.find((r) => r.id === draft.id)!;
    const now = this.now();
    let id = was?.id ?? newReasonId(now);
    // A new one's id is never one the list has had (a reason is never deleted: all are listed).
    while (!was && this.get(id)) id = newReasonId(now);
    const reason: DiscountReasonEntry = {
      id,
      words: draft.words,
      active: draft.active,
      noteRequired: draft.noteRequired,
      // Never behind what it replaces: a counter whose clock is behind still wins with its change.
      updatedAt: Math.max(now, (was?.updatedAt ?? -1) + 1),
      updatedBy: this.counterId(),
    };
    this.put(reason, 'here');
    return reason;
  }

  /** A reason from another counter of the shop: kept when newer than ours. */
  merge(reason: DiscountReasonEntry): void {
    if (isNewer(reason, this.get(reason.id))) this.put(reason, 'shop');
  }

  /**
   * The list this counter kept in its settings before the list was shared (I11), taken once into
   * the store's files when they hold none: each reason as changed here now, so the shop hears it.
   */
  private adoptLegacy(legacy: DiscountReasonList | null): void {
    if (!legacy) return;
    const now = this.now();
    for (const r of legacy.reasons) {
      const fallback = DEFAULT_DISCOUNT_REASONS.reasons.find((d) => d.id === r.id);
      if (
        fallback &&
        JSON.stringify({ ...r, updatedAt: 0, updatedBy: '' }) === JSON.stringify(fallback)
      )
        continue;
      this.put({ ...r, updatedAt: now, updatedBy: this.counterId() }, 'here');
    }
  }

  onChange(listener: (reason: DiscountReasonEntry, from: 'here' | 'shop') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private put(reason: DiscountReasonEntry, from: 'here' | 'shop') {
    this.files.putReason(reason);
    this.kept.byId.set(reason.id, reason);
    for (const listener of this.listeners) listener(reason, from);
  }
}

const lists = new WeakMap<Session, DiscountReasons>();

/**
 * The session's reasons (one per session: training's in memory, a live store's in its files).
 * `legacy`, given where the session is opened: the list I11 kept in this counter's settings.
 */
export function reasonsOf(
  session: Session,
  legacy?: () => DiscountReasonList | null,
): DiscountReasons {
  let reasons = lists.get(session);
  if (!reasons) {
    const files = session.training
      ? new MemoryReasonFiles()
      : new PlainReasonFiles(session.local.files);
    reasons = new DiscountReasons(files, () => session.counter().id, session.now, legacy);
    lists.set(session, reasons);
  }
  return reasons;
}
