/**
 * The lists' entries as the page shows and edits them (decisions AB70–AB79): each read with the
 * protocol's own schema, a flat form of what a person edits, and the draft the office takes back
 * (office/protocol/lists.ts DRAFT). A staff member's form has no PIN: the office never holds one.
 */
import type { z } from 'zod';
import {
  DEFAULT_DISCOUNT_REASONS,
  reasonDraftProblems,
  type DiscountReasonChoice,
  type ItemCategory,
  type ItemRate,
  type StaffRole,
} from '../../../../../main/common';
import {
  DRAFT,
  ENTRY,
  type AnyEntry,
  type ListAnswer,
  type ListName,
  type OfficeItem,
  type OfficeReason,
  type OfficeStaff,
} from '../../../../protocol/lists';
import type { Lang } from '../../i18n';

export const LISTS: readonly ListName[] = ['items', 'discountReasons', 'staff'];

/** One entry shown: the entry, and whether it is the store's own (else every store's). */
export interface Shown {
  entry: AnyEntry;
  own: boolean;
}

function read(list: ListName, raw: Record<string, unknown>): AnyEntry | null {
  const parsed = ENTRY[list].safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * What the scope's counters get: every store's entries alone, or with a store the store's own
 * laid over them (the office's `effective`), each marked whose it is. An entry the page cannot
 * read (a newer office's) is left out rather than shown wrong.
 */
export function shownEntries(list: ListName, answer: ListAnswer): Shown[] {
  if (answer.storeId === null)
    return answer.entries.flatMap((e) => {
      const entry = e.storeId === null ? read(list, e.entry) : null;
      return entry ? [{ entry, own: false }] : [];
    });
  const own = new Set(
    answer.entries.filter((e) => e.storeId !== null).map((e) => String(e.entry.id)),
  );
  return answer.effective.flatMap((raw) => {
    const entry = read(list, raw);
    return entry ? [{ entry, own: own.has(entry.id) }] : [];
  });
}

/** How an entry is named in a sentence or a button. */
export function nameOf(list: ListName, entry: AnyEntry, lang: Lang): string {
  if (list === 'items') return (entry as OfficeItem).name[lang];
  if (list === 'discountReasons') return (entry as OfficeReason).words[lang];
  return (entry as OfficeStaff).name;
}

/** Every field a person may edit, of any list (each list uses its own). */
export interface Fields {
  id: string | null;
  ja: string;
  en: string;
  price: string;
  rate: `${ItemRate}`;
  category: ItemCategory;
  active: boolean;
  noteRequired: boolean;
  name: string;
  role: StaffRole;
  removed: boolean;
}

export const EMPTY: Fields = {
  id: null,
  ja: '',
  en: '',
  price: '',
  rate: '10',
  category: 'goods',
  active: true,
  noteRequired: false,
  name: '',
  role: 'staff',
  removed: false,
};

export function fieldsOf(list: ListName, entry: AnyEntry): Fields {
  if (list === 'items') {
    const item = entry as OfficeItem;
    return {
      ...EMPTY,
      id: item.id,
      ja: item.name.ja,
      en: item.name.en,
      price: String(item.price),
      rate: `${item.rate}`,
      category: item.category,
      active: item.active,
    };
  }
  if (list === 'discountReasons') {
    const reason = entry as OfficeReason;
    return {
      ...EMPTY,
      id: reason.id,
      ja: reason.words.ja,
      en: reason.words.en,
      active: reason.active,
      noteRequired: reason.noteRequired,
    };
  }
  const member = entry as OfficeStaff;
  return { ...EMPTY, id: member.id, name: member.name, role: member.role, removed: member.removed };
}

export type Problem = 'names' | 'price' | 'name' | 'duplicate' | 'full' | 'invalid';

/**
 * What the office would refuse of a reason against the scope's list (the counter's own check, as
 * the office asks it: the counter's first reasons under the office's).
 */
function reasonProblem(
  draft: z.infer<(typeof DRAFT)['discountReasons']>,
  shown: readonly Shown[],
): Problem | null {
  const byId = new Map<string, DiscountReasonChoice>(
    DEFAULT_DISCOUNT_REASONS.reasons.map((r) => [r.id, r]),
  );
  for (const s of shown) byId.set(s.entry.id, s.entry as OfficeReason);
  const codes = reasonDraftProblems(draft, [...byId.values()]).map((p) => p.code);
  if (codes.includes('DUPLICATE')) return 'duplicate';
  if (codes.includes('LIST_FULL')) return 'full';
  return null;
}

/** The draft the office takes, checked with the protocol's schema, or what is wrong with it. */
export function draftOf(
  list: ListName,
  f: Fields,
  shown: readonly Shown[] = [],
): { draft: z.infer<(typeof DRAFT)[ListName]> } | { problem: Problem } {
  let raw: unknown;
  if (list === 'items') {
    if (!f.ja.trim() || !f.en.trim()) return { problem: 'names' };
    const price = f.price.trim() === '' ? Number.NaN : Number(f.price);
    if (!Number.isInteger(price) || price < 0) return { problem: 'price' };
    raw = {
      id: f.id,
      name: { ja: f.ja.trim(), en: f.en.trim() },
      price,
      rate: Number(f.rate),
      category: f.category,
      active: f.active,
    };
  } else if (list === 'discountReasons') {
    if (!f.ja.trim() || !f.en.trim()) return { problem: 'names' };
    raw = {
      id: f.id,
      words: { ja: f.ja.trim(), en: f.en.trim() },
      active: f.active,
      noteRequired: f.noteRequired,
    };
  } else {
    if (!f.name.trim() || f.name.trim().length > 40) return { problem: 'name' };
    raw = { id: f.id, name: f.name.trim(), role: f.role, removed: f.removed };
  }
  const parsed = DRAFT[list].safeParse(raw);
  if (!parsed.success) return { problem: 'invalid' };
  if (list === 'discountReasons') {
    const problem = reasonProblem(parsed.data as z.infer<(typeof DRAFT)['discountReasons']>, shown);
    if (problem) return { problem };
  }
  return { draft: parsed.data };
}
