/**
 * The walk-in as staff enter it, turned into what the desk is sent: pure helpers of the walk-in
 * store. The desk checks the draft (renderer/README.md: the renderer only places the problems).
 */
import type { HeadcountFit, ProductForm, WalkInDraft } from '../../../main/ipc/contract';

export type CustomField = ProductForm['customFields'][number];
export type FieldValue = string | string[];
/** Answers by participant number (1 is the representative), by field id. */
export type Answers = Record<number, Record<string, FieldValue>>;

export interface SlotChoice {
  date: string;
  startTime: string;
  remaining: number | null;
}

export interface CustomerDraft {
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
  /** An existing customer chosen after a search by e-mail. */
  customerId: string | null;
}

export const EMPTY_CUSTOMER: CustomerDraft = {
  lastName: '',
  firstName: '',
  email: '',
  phone: '',
  customerId: null,
};

/** A headcount within the steppers' range. */
export const clampCount = (n: number) =>
  Math.max(0, Math.min(999, Math.round(Number.isFinite(n) ? n : 0)));

/** Whether a field is asked of this participant. */
export function asksParticipant(field: CustomField, participantNumber: number): boolean {
  return field.inputScope === 'all_participants' || participantNumber === 1;
}

function isEmpty(value: FieldValue | undefined): boolean {
  return value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
}

/** A number field's answer: a number when it reads as one, else the text (the desk says why). */
function numberOrText(text: string): number | string {
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/** Participants as the contract wants them: numbers as numbers, only the fields asked of each. */
export function participantsOf(
  form: ProductForm | null,
  headcount: number,
  answers: Answers,
): WalkInDraft['participants'] {
  const fields = form?.customFields ?? [];
  if (fields.length === 0) return [];
  const out: WalkInDraft['participants'] = [];
  for (let n = 1; n <= headcount; n++) {
    const fieldValues: Record<string, string | number | string[]> = {};
    for (const field of fields) {
      const value = answers[n]?.[field.fieldId];
      if (!asksParticipant(field, n) || value === undefined || isEmpty(value)) continue;
      fieldValues[field.fieldId] = Array.isArray(value)
        ? value
        : field.fieldType === 'number'
          ? numberOrText(value.trim())
          : value.trim();
    }
    out.push({ participantNumber: n, fieldValues });
  }
  return out;
}

/** The customer as sent: trimmed, empty contact details as null. */
export function customerOf(customer: CustomerDraft): WalkInDraft['customer'] {
  return {
    lastName: customer.lastName.trim(),
    firstName: customer.firstName.trim(),
    email: customer.email.trim() || null,
    phone: customer.phone.trim() || null,
    customerId: customer.customerId,
  };
}

/** The walk-in as the desk checks it, once a product and a slot are chosen. */
export function draftOf(s: {
  productId: string | null;
  slot: SlotChoice | null;
  form: ProductForm | null;
  adults: number;
  children: number;
  answers: Answers;
  customer: CustomerDraft;
}): WalkInDraft | null {
  if (!s.productId || !s.slot) return null;
  return {
    productId: s.productId,
    date: s.slot.date,
    startTime: s.slot.startTime,
    adults: s.adults,
    children: s.children,
    participants: participantsOf(s.form, s.adults + s.children, s.answers),
    customer: customerOf(s.customer),
  };
}

/** The slot after a fit check: the one chosen if it still fits, else the one asked for, else the next. */
export function slotAfterCheck(
  fit: HeadcountFit,
  chosen: SlotChoice | null,
  preferred: { date: string; startTime: string } | null,
): SlotChoice | null {
  const find = (s: { date: string; startTime: string } | null) =>
    s && fit.nextSlots.find((n) => n.date === s.date && n.startTime === s.startTime);
  return find(chosen) ?? find(preferred) ?? fit.nextSlots[0] ?? null;
}
