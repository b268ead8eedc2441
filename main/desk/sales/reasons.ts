/**
 * The store's reasons for a discount (issue 30; I11, I13) as the desk holds them for a
 * session: I7's four by default, overlaid with what this counter keeps (one file per reason,
 * main/local; training in memory). A manager adds a reason (its id made here, never reused),
 * renames it, makes it inactive or active again, says whether a note is required; a reason is
 * never deleted, so every record that named it still reads. Changed at any counter of the shop,
 * the newer change kept everywhere (a shared list, `../shared-list.ts`, as the items and the staff
 * list are).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_DISCOUNT_REASONS,
  DiscountReasonDraft,
  DiscountReasonEntry,
  reasonDraftProblems,
  type DiscountReasonList,
} from '../../common';
import { DeskError } from '../../ipc/errors';
import { MemoryList, PlainList, type ListStore } from '../../local/index';
import type { SharedListDef } from '../../shop/shared/lww-map';
import type { DeskSession, SessionPart } from '../desk-session';
import { definePart } from '../parts';
import { SharedList, shareList, type ChangeFrom } from '../shared-list';

/**
 * A reason as the shop shares it (the doc's `discountReasons` map, AA40): strict, the shop's
 * words, nothing personal, keyed by its id. Only a reason changed at a counter is shared, so its
 * `updatedAt` and `updatedBy` are said; a reason is never removed (made inactive), so a record
 * naming it still reads.
 */
export const SharedDiscountReason = DiscountReasonEntry.extend({
  updatedAt: z.number().int().min(1),
  updatedBy: z.string().min(1).max(200),
}).strict();
export const SHARED_REASONS: SharedListDef<DiscountReasonEntry> = {
  area: 'discountReasons',
  schema: SharedDiscountReason,
};

const DEFAULT_IDS = new Set(DEFAULT_DISCOUNT_REASONS.reasons.map((r) => r.id));

/**
 * A new reason's id: `r` and the time in base 36 (so the added ones list in the order they were
 * made, at every counter), then random (two counters adding at the same moment never share one).
 */
export function newReasonId(now: number): string {
  return `r${now.toString(36)}-${randomBytes(4).toString('hex')}`;
}

export class DiscountReasons {
  /** The reasons changed here or heard of, one plain file each (`discount-reasons/<id>.json`). */
  readonly shared: SharedList<DiscountReasonEntry>;
  private adopted = false;

  constructor(
    files: ListStore<DiscountReasonEntry>,
    private readonly counterId: () => string,
    private readonly now: () => number,
    /** The list this counter kept in its settings before it was shared (I11), if any. */
    private legacy: () => DiscountReasonList | null = () => null,
  ) {
    this.shared = new SharedList(files);
  }

  /** Read at the first use (not at the session's start: the day view comes first, G6). */
  private get kept(): SharedList<DiscountReasonEntry> {
    if (!this.adopted) {
      this.adopted = true;
      if (this.shared.all().length === 0 && this.shared.unreadable().length === 0)
        this.adoptLegacy(this.legacy());
    }
    return this.shared;
  }

  /** The list: the defaults first (as changed), then the added ones in the order they were made. */
  list(): DiscountReasonList {
    const kept = this.kept;
    const defaults = DEFAULT_DISCOUNT_REASONS.reasons.map((r) => kept.get(r.id) ?? r);
    const added = kept
      .all()
      .filter((r) => !DEFAULT_IDS.has(r.id))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { reasons: [...defaults, ...added] };
  }

  /** What this counter changed or heard of (the defaults never changed are everyone's already). */
  changed(): DiscountReasonEntry[] {
    return this.kept.all();
  }

  /** Reason files this counter cannot read (set aside and reported as damage too). */
  unreadable(): string[] {
    return this.kept.unreadable().map((u) => u.id);
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
    this.kept.put(reason);
    return reason;
  }

  /** A reason from another counter of the shop: kept when newer than ours. */
  merge(reason: DiscountReasonEntry): void {
    this.kept.merge(reason);
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
      this.shared.put({ ...r, updatedAt: now, updatedBy: this.counterId() });
    }
  }

  onChange(listener: (reason: DiscountReasonEntry, from: ChangeFrom) => void): () => void {
    return this.shared.onChange(listener);
  }

  /** Where the list I11 kept in this counter's settings is read, if it is read at all. */
  takeLegacyFrom(legacy: () => DiscountReasonList | null): void {
    this.legacy = legacy;
  }
}

/**
 * The session's reasons (training's in memory, a live store's in its files), shared with the
 * shop's counters while it shares (I13).
 */
export const discountReasons: SessionPart<DiscountReasons> = definePart(
  'sales.reasons',
  (session) =>
    new DiscountReasons(
      session.training
        ? new MemoryList(DiscountReasonEntry)
        : new PlainList(session.local.files, {
            dir: 'discount-reasons',
            schema: DiscountReasonEntry,
          }),
      () => session.counter().id,
      session.now,
    ),
  { share: (reasons, state) => shareList(state, SHARED_REASONS, reasons.shared) },
);

/**
 * The session's reasons. `legacy`, given where the session is opened: the list I11 kept in this
 * counter's settings.
 */
export function reasonsOf(
  session: Pick<DeskSession, 'part'>,
  legacy?: () => DiscountReasonList | null,
): DiscountReasons {
  const reasons = session.part(discountReasons);
  if (legacy) reasons.takeLegacyFrom(legacy);
  return reasons;
}
