/**
 * The tender of a payment (issue 13), shared by the IPC contract and the journal on disk: the
 * methods as a schema (from the table, payment-methods.ts), one method's line, and the one
 * builder of lines, which keeps only the parts a method takes.
 */
import { z } from 'zod';
import { Amount } from './amount';
import { PAYMENT_METHODS, type PaymentMethodSpec } from './payment-methods';

type MethodId = keyof typeof PAYMENT_METHODS;

/** How the guest paid at the counter: the table's methods, in its order. */
export const TenderMethod = z.enum(Object.keys(PAYMENT_METHODS) as [MethodId, ...MethodId[]]);
export type TenderMethod = z.infer<typeof TenderMethod>;

/** What a method's line carries and where it counts (its entry in the table). */
export const methodSpec = (method: TenderMethod): PaymentMethodSpec => PAYMENT_METHODS[method];

/** The method needs its brand (QR / e-money): forms ask it, the rules refuse a line without. */
export const needsBrand = (method: TenderMethod): boolean =>
  methodSpec(method).brand === 'required';

/** The method offered when a line starts: the table's first. */
export const FIRST_METHOD: TenderMethod = TenderMethod.options[0]!;

/** The method a second line starts with: the table's first that is not `method`. */
export const otherMethod = (method: TenderMethod): TenderMethod =>
  TenderMethod.options.find((m) => m !== method) ?? method;

/** One method's part of a payment (or of a refund paid out). */
export const TenderLine = z.strictObject({
  method: TenderMethod,
  /** What this method pays of the total. */
  amount: Amount,
  /** A method that takes it (cash): what the guest handed over (≥ amount; the change is the rest). */
  received: Amount.nullable().default(null),
  /** The brand, where the method takes one (QR / e-money: from the settings' list; card if noted). */
  brand: z.string().trim().max(40).nullable().default(null),
  /** The slip field, where the method takes one: an approval or slip number, or a note. */
  reference: z.string().trim().max(40).nullable().default(null),
});
export type TenderLine = z.infer<typeof TenderLine>;

/** A payment: one method, or split across two. The lines add up to the total exactly. */
export const Tender = z.strictObject({ lines: z.array(TenderLine).min(1).max(2) });
export type Tender = z.infer<typeof Tender>;

/** A line's parts besides its method and amount, as a form, a record or a request holds them. */
export interface LineParts {
  received?: number | null;
  brand?: string | null;
  reference?: string | null;
}

const text = (value: string | null | undefined): string | null => value?.trim() || null;

/**
 * The one builder of payment lines: `method` paying `amount`, with only the parts the method
 * takes (the others null, whatever was given). The amount is as given: a correction's is signed
 * (decision J12).
 */
export function paymentLine(
  method: TenderMethod,
  amount: number,
  parts: LineParts = {},
): TenderLine {
  const takes = methodSpec(method);
  return {
    method,
    amount,
    received: takes.received ? (parts.received ?? null) : null,
    brand: takes.brand ? text(parts.brand) : null,
    reference: takes.reference ? text(parts.reference) : null,
  };
}

/**
 * The brand `lines` were paid by with `method` (null: none, or not by that method): money goes
 * back the way it came, so a refund, a correction or a change's hand-back by that method starts
 * with it.
 */
export const brandPaidBy = (
  lines: readonly Pick<TenderLine, 'method' | 'brand'>[],
  method: TenderMethod,
): string | null => lines.find((l) => l.method === method)?.brand ?? null;
