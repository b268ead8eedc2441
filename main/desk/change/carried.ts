/**
 * What a change carries over from the old booking to the new one: the customer (its id, so that a
 * repeat discount still applies) and the custom-field answers, per participant, turned back into
 * inputs by each field's type (the service returns them as strings). Participants past the new
 * headcount are left behind; those it adds start empty (staff are asked only for them).
 */
import { CustomerInput } from '../../api/schemas';
import type { Product, Reservation } from '../../api/client';
import type { ChangeAsk, WalkInDraft } from '../../ipc/contract';

type Answers = WalkInDraft['participants'];
type ReservationItem = Reservation['items'][number];
type Value = Answers[number]['fieldValues'][string];

/** The item of the reservation on `date` (a booking of one slot has one). */
export function itemOn(r: Reservation, date: string): ReservationItem {
  return r.items.find((i) => i.date === date) ?? r.items[0]!;
}

/** A stored answer as an input of its field; null when the field is gone or the value empty. */
function inputOf(
  field: NonNullable<Product['customFields']>[number],
  value: unknown,
): Value | null {
  const raw = Array.isArray(value) ? value.map(String) : String(value ?? '');
  if (field.fieldType === 'multi_select') {
    const list = (Array.isArray(raw) ? raw : raw.split(',')).map((v) => v.trim()).filter(Boolean);
    return list.length ? list : null;
  }
  const text = Array.isArray(raw) ? raw.join(',') : raw;
  if (text.trim() === '') return null;
  if (field.fieldType === 'number') {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  return text;
}

/** Every answer of the old booking, as inputs of the product's fields as they are now. */
export function carriedAnswers(product: Product | undefined, item: ReservationItem): Answers {
  const fields = new Map((product?.customFields ?? []).map((f) => [f.fieldId, f]));
  return [...(item.participants ?? [])]
    .sort((a, b) => a.participantNumber - b.participantNumber)
    .map((p) => {
      const fieldValues: Record<string, Value> = {};
      for (const [fieldId, value] of Object.entries(p.fieldValues ?? {})) {
        const field = fields.get(fieldId);
        // A field the product no longer asks: the service would refuse it (UNKNOWN_FIELD).
        if (!field) continue;
        if (field.inputScope === 'booker_only' && p.participantNumber !== 1) continue;
        const input = inputOf(field, value);
        if (input !== null) fieldValues[fieldId] = input;
      }
      return { participantNumber: p.participantNumber, fieldValues };
    })
    .filter((p) => Object.keys(p.fieldValues).length > 0);
}

/**
 * The extra party's booking starts with the representative's own answers (the same customer books
 * it): the booker-only fields of participant 1. Each extra person's answers are asked.
 */
export function carriedToExtra(product: Product | undefined, item: ReservationItem): Answers {
  const booker = carriedAnswers(product, item).find((p) => p.participantNumber === 1);
  if (!booker) return [];
  const bookerOnly = new Set(
    (product?.customFields ?? [])
      .filter((f) => f.inputScope === 'booker_only')
      .map((f) => f.fieldId),
  );
  const fieldValues = Object.fromEntries(
    Object.entries(booker.fieldValues).filter(([id]) => bookerOnly.has(id)),
  );
  return Object.keys(fieldValues).length ? [{ participantNumber: 1, fieldValues }] : [];
}

/** A part of the customer the service would refuse is left out (the customer id carries it). */
function valid<K extends 'email' | 'phone'>(
  key: K,
  value: string | null | undefined,
): string | null {
  const v = value?.trim();
  if (!v) return null;
  return CustomerInput.shape[key].safeParse(v).success ? v : null;
}

/** The customer of the old booking, as the new one is made for. */
export function customerOf(r: Reservation): WalkInDraft['customer'] {
  const c = r.customer;
  return {
    lastName: (c?.lastName ?? '').trim() || (c?.firstName ?? '').trim(),
    firstName: (c?.lastName ?? '').trim() ? (c?.firstName ?? '').trim() : '',
    email: valid('email', c?.email),
    phone: valid('phone', c?.phone),
    customerId: typeof r.customerId === 'string' && r.customerId ? r.customerId : null,
  };
}

/** The party of the extra booking: what the new headcount adds to the old one. */
export function extraParty(item: ReservationItem, to: ChangeAsk['to']) {
  return {
    adults: Math.max(0, to.adults - item.adultCount),
    children: Math.max(0, to.children - item.childCount),
  };
}

/** The new booking as the walk-in's check and request see it. */
export function newDraft(r: Reservation, item: ReservationItem, ask: ChangeAsk): WalkInDraft {
  const party =
    ask.kind === 'extra'
      ? extraParty(item, ask.to)
      : { adults: ask.to.adults, children: ask.to.children };
  const headcount = party.adults + party.children;
  return {
    productId: item.productId,
    date: ask.to.date,
    startTime: ask.to.startTime,
    ...party,
    // Past the new headcount, answers have no one to belong to.
    participants: ask.participants.filter((p) => p.participantNumber <= headcount),
    customer: customerOf(r),
  };
}

/** Why the ask is not a change the counter can make; null when it is. */
export function askProblem(item: ReservationItem, ask: ChangeAsk): string | null {
  const same = ask.to.date === item.date && ask.to.startTime === item.startTime;
  if (ask.kind === 'extra') {
    if (!same) return 'extra seats are booked in the same slot';
    const extra = extraParty(item, ask.to);
    const fewer = ask.to.adults < item.adultCount || ask.to.children < item.childCount;
    if (fewer || extra.adults + extra.children < 1) return 'extra seats are more people only';
    return null;
  }
  if (same && ask.to.adults === item.adultCount && ask.to.children === item.childCount)
    return 'the same slot and party: nothing to change';
  if (ask.to.adults + ask.to.children < 1) return 'at least one person';
  return null;
}
