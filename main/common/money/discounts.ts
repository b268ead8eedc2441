/**
 * Discounts given at the counter (issue 30; decisions I11, I12, Q14, Z11, S37): the owner's list of reasons,
 * a discount as staff ask it (on one line or the whole sale, an amount or a percent) and as the
 * record keeps it (the yen it took off and the reason's words as they were), and the one
 * arithmetic both the tender screen and the desk apply. The service's own discounts (a repeat
 * customer's, from calculate) are not these: they stay the service's. Leaf: zod and main/common.
 */
import { z } from 'zod';
import * as moneyWords from '../words/money';
import { Amount } from './amount';
import { DiscountReason } from './discount-reason';
import type { MoneyProblem } from './problem';

/** A reason's id: the four first ones are I7's (`apology`…), the owner's own get new ids. */
export const DiscountReasonId = z.string().regex(/^[a-z0-9_-]{1,40}$/, 'a short id');

/** A reason in the words staff and paper use, one per language. */
export const DiscountReasonWords = z.strictObject({
  ja: z.string().trim().min(1).max(40),
  en: z.string().trim().min(1).max(40),
});
export type DiscountReasonWords = z.infer<typeof DiscountReasonWords>;

/** One reason of the owner's list. */
export const DiscountReasonEntry = z.strictObject({
  id: DiscountReasonId,
  words: DiscountReasonWords,
  /** Offered at the counter; an inactive reason stays so that older records still say it. */
  active: z.boolean(),
  /** Staff must say why (a note, sealed: it may name a guest). */
  noteRequired: z.boolean(),
  /**
   * When it was last changed (our clock, at the counter that changed it: `updatedBy`): the newer
   * change wins across the shop (I13). 0 and '' for a default never changed (and I11's entries).
   */
  updatedAt: z.number().int().min(0).default(0),
  updatedBy: z.string().max(200).default(''),
});
export type DiscountReasonEntry = z.infer<typeof DiscountReasonEntry>;

/** What the arithmetic and the screens need of a reason. */
export type DiscountReasonChoice = Pick<
  DiscountReasonEntry,
  'id' | 'words' | 'active' | 'noteRequired'
>;

/** The most reasons a store keeps (never deleted, only made inactive): an add past it is refused. */
export const MAX_DISCOUNT_REASONS = 50;

/**
 * The store's list; ids unique. Longer than an add allows: two counters adding apart may pass
 * the bound together, and the merged list must still read.
 */
export const DiscountReasonList = z.strictObject({
  reasons: z
    .array(DiscountReasonEntry)
    .min(1)
    .max(MAX_DISCOUNT_REASONS * 4)
    .refine((list) => new Set(list.map((r) => r.id)).size === list.length, 'ids must be unique'),
});
export type DiscountReasonList = z.infer<typeof DiscountReasonList>;

/** The defaults: I7's four reasons in money's words (`other` asks a note), so older records read. */
export const DEFAULT_DISCOUNT_REASONS: DiscountReasonList = {
  reasons: DiscountReason.options.map((id) => ({
    id,
    words: { ja: moneyWords.ja.discountReasons[id], en: moneyWords.en.discountReasons[id] },
    active: true,
    noteRequired: id === 'other',
    updatedAt: 0,
    updatedBy: '',
  })),
};

/** A reason as a manager adds it (`id` null: a new one, its id made by the desk) or changes it. */
export const DiscountReasonDraft = z.strictObject({
  id: DiscountReasonId.nullable(),
  words: DiscountReasonWords,
  active: z.boolean(),
  noteRequired: z.boolean(),
});
export type DiscountReasonDraft = z.input<typeof DiscountReasonDraft>;

/**
 * What is wrong with a draft against the store's list (the set-up screen and the desk ask the
 * same): words empty (after trimming) or too long, words another reason already has (in either
 * language, ignoring case: staff could not tell them apart), an id not on the list, a list full.
 */
export function reasonDraftProblems(
  draft: DiscountReasonDraft,
  list: readonly DiscountReasonChoice[],
): MoneyProblem[] {
  const problems: MoneyProblem[] = [];
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  for (const lang of ['ja', 'en'] as const) {
    const words = draft.words[lang].trim();
    const field = `words.${lang}`;
    if (!words) problems.push({ field, code: 'EMPTY', reason: 'say the reason' });
    else if (words.length > 40) problems.push({ field, code: 'TOO_LONG', reason: 'at most 40' });
    else if (list.some((r) => r.id !== draft.id && same(r.words[lang], words)))
      problems.push({ field, code: 'DUPLICATE', reason: 'another reason says it' });
  }
  if (draft.id !== null && !list.some((r) => r.id === draft.id))
    problems.push({ field: 'id', code: 'REASON_UNKNOWN', reason: 'not on the list' });
  if (draft.id === null && list.length >= MAX_DISCOUNT_REASONS)
    problems.push({ field: 'id', code: 'LIST_FULL', reason: `at most ${MAX_DISCOUNT_REASONS}` });
  return problems;
}

/** A discount as staff ask it at the tender. */
export const CounterDiscountRequest = z.strictObject({
  /** The sale line it takes off (its id); null: the whole sale. */
  line: z.string().min(1).max(100).nullable().default(null),
  kind: z.enum(['amount', 'percent']),
  /** Yen off, or a whole percent (1–100). */
  value: z.number().int().min(1).max(1e9),
  reason: DiscountReasonId,
  note: z.string().trim().max(500).nullable().default(null),
});
export type CounterDiscountRequest = z.input<typeof CounterDiscountRequest>;

/** A discount as the sale record keeps it (the note is sealed beside it: it may name a guest). */
export const CounterDiscount = z.object({
  line: z.string().max(100).nullable(),
  kind: z.enum(['amount', 'percent']),
  value: z.number().int().min(1),
  /** What it took off, in yen. */
  amount: Amount,
  /** The reason as the list said it then: a reason renamed or removed later still prints right. */
  reason: z.object({ id: z.string().max(40), ja: z.string().max(40), en: z.string().max(40) }),
});
export type CounterDiscount = z.infer<typeof CounterDiscount>;

/** A line a discount may take off: anything with an id, its amount (tax included) and rate. */
export interface DiscountableLine {
  id: string;
  amount: number;
  taxRate: number;
}

/**
 * A sale line's id, as a discount names it (I12): a ticket's is its product and ticket
 * (`p1:adult`, one line each in a walk-in), a counter item's its item id (one line per item in a
 * sale; an item id has no `:`, so the two never meet).
 */
export function ticketLineId(productId: string, ticket: string): string {
  return `${productId}:${ticket}`;
}
export function itemLineId(line: { itemId: string }): string {
  return line.itemId;
}

/**
 * What a percent takes off `base`: one rounding, up to the yen, in the guest's favour (I12): 10 %
 * of ¥1,234 takes ¥124 off. Integers only.
 */
export function percentOff(base: number, percent: number): number {
  return Math.floor((base * percent + 99) / 100);
}

export interface AppliedDiscounts {
  discounts: CounterDiscount[];
  /** What they take off in all. */
  total: number;
  problems: MoneyProblem[];
}

/**
 * The counter's discounts on `lines`, whose whole (less `otherDiscounts`, the service's) is
 * `price`: the lines' first, each on its line's amount, then the whole sale's on what is left.
 * Each request's problems name it (`counterDiscounts.<i>.<field>`). One per line and one on the
 * whole sale; a reason must be on the list and active; none may take off more than is left.
 * Without `reasons` the reasons are not checked (a screen's running total while staff type).
 */
export function applyDiscounts(
  lines: readonly Pick<DiscountableLine, 'id' | 'amount'>[],
  price: number,
  requests: readonly z.output<typeof CounterDiscountRequest>[],
  reasons?: { reasons: readonly DiscountReasonChoice[] },
): AppliedDiscounts {
  const problems: MoneyProblem[] = [];
  const applied: { i: number; discount: CounterDiscount }[] = [];
  const seen = new Set<string | null>();
  let left = price;
  // Lines first, then the whole sale: a percent of the sale is of what the lines left.
  const order = requests
    .map((request, i) => ({ request, i }))
    .sort((a, b) => Number(a.request.line === null) - Number(b.request.line === null));
  for (const { request, i } of order) {
    const at = (field: string) => `counterDiscounts.${i}.${field}`;
    const reason = reasons?.reasons.find((r) => r.id === request.reason && r.active);
    if (!reason && reasons)
      problems.push({ field: at('reason'), code: 'REASON_UNKNOWN', reason: 'not on the list' });
    else if (reason?.noteRequired && !request.note?.trim())
      problems.push({ field: at('note'), code: 'NOTE_REQUIRED', reason: 'say why' });
    if (seen.has(request.line))
      problems.push({ field: at('line'), code: 'DUPLICATE', reason: 'one discount each' });
    seen.add(request.line);
    const line = request.line === null ? null : lines.find((l) => l.id === request.line);
    if (line === undefined) {
      problems.push({ field: at('line'), code: 'LINE_UNKNOWN', reason: 'no such line' });
      continue;
    }
    if (request.kind === 'percent' && request.value > 100) {
      problems.push({ field: at('value'), code: 'PERCENT_OVER', reason: 'at most 100' });
      continue;
    }
    const base = line ? line.amount : left;
    const amount = request.kind === 'percent' ? percentOff(base, request.value) : request.value;
    if (amount > base || amount > left) {
      problems.push({
        field: at('value'),
        code: 'DISCOUNT_OVER',
        reason: `at most ${Math.min(base, left)}`,
      });
      continue;
    }
    left -= amount;
    applied.push({
      i,
      discount: {
        line: request.line,
        kind: request.kind,
        value: request.value,
        amount,
        reason: reason
          ? { id: reason.id, ja: reason.words.ja, en: reason.words.en }
          : { id: request.reason, ja: request.reason, en: request.reason },
      },
    });
  }
  // Kept in the order asked, so the record and the receipt say them as staff gave them.
  const discounts = applied.sort((a, b) => a.i - b.i).map((a) => a.discount);
  return { discounts, total: price - left, problems };
}

/**
 * What each rate's lines come to after the counter's line discounts: the receipt's tax is worked
 * out on these, the sale-wide discounts (the service's and the counter's whole-sale one) shared
 * among them in proportion (decision Q2).
 */
export function netLines<L extends DiscountableLine>(
  lines: readonly L[],
  discounts: readonly Pick<CounterDiscount, 'line' | 'amount'>[],
): { net: L[]; saleWide: number } {
  const off = new Map<string, number>();
  let saleWide = 0;
  for (const d of discounts) {
    if (d.line === null) saleWide += d.amount;
    else off.set(d.line, (off.get(d.line) ?? 0) + d.amount);
  }
  return { net: lines.map((l) => ({ ...l, amount: l.amount - (off.get(l.id) ?? 0) })), saleWide };
}

/** A reason's words in a language, from what a record kept (or, for an I7 record, money's). */
export function discountReasonText(
  reason: { id: string; ja?: string; en?: string },
  locale: 'ja' | 'en',
): string {
  const kept = reason[locale];
  if (kept) return kept;
  const known = DiscountReason.safeParse(reason.id);
  return known.success ? moneyWords[locale].discountReasons[known.data] : reason.id;
}
