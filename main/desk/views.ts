/**
 * How the counter shows a reservation: one name, one headcount, custom-field answers with the
 * product's labels (select values become their option labels), the local check-in state.
 */
import type { Product, Reservation } from '../api/client';
import type { CheckIn, CheckInConflict, PaymentView, ReservationView } from '../ipc/contract';
import type { CheckInRecord } from '../local/index';

/** Statuses that hold seats; any other, known or not, does not. */
export const ACTIVE_STATUSES = new Set(['confirmed', 'pending']);

/** A product's name; the spec does not show one, so a service without it shows the id. */
export function productName(p: Product): string {
  return typeof p.name === 'string' && p.name.trim() ? p.name : p.id;
}

export function customerName(r: Reservation): string {
  const c = r.customer;
  return [c?.lastName, c?.firstName].filter((x) => typeof x === 'string' && x.trim()).join(' ');
}

/** Turn stored values (strings; multi-select joined by commas) into what staff read. */
function answerText(
  product: Product | undefined,
  fieldId: string,
  value: unknown,
): { label: string; value: string; bookerOnly: boolean } {
  const field = product?.customFields?.find((f) => f.fieldId === fieldId);
  const raw = Array.isArray(value) ? value.map(String) : String(value ?? '');
  if (!field)
    return { label: fieldId, value: Array.isArray(raw) ? raw.join(', ') : raw, bookerOnly: false };
  const bookerOnly = field.inputScope === 'booker_only';
  const options = new Map((field.options ?? []).map((o) => [o.value, o.label]));
  if (field.fieldType === 'select' || field.fieldType === 'multi_select') {
    const values = Array.isArray(raw)
      ? raw
      : field.fieldType === 'multi_select'
        ? raw.split(',')
        : [raw];
    return {
      label: field.label,
      value: values.map((v) => options.get(v) ?? v).join(', '),
      bookerOnly,
    };
  }
  return { label: field.label, value: Array.isArray(raw) ? raw.join(', ') : raw, bookerOnly };
}

/** The check-in state as the counter shows it: the fold's current event, where it was made. */
function checkInOf(record: CheckInRecord | undefined): CheckIn | null {
  const c = record?.current;
  if (!c?.state) return null;
  const { state, adults, children, at, offline, counterName, id, staff } = c;
  return {
    state,
    adults,
    children,
    at,
    offline,
    counterName,
    eventId: id,
    ...(staff && { staffName: staff.name }),
  };
}

/**
 * When this counter's latest check-in of the party lost to another counter's made at the same
 * time: that one, so staff see "already checked in at 受付1, 10:03". Gone once staff record again.
 */
export function conflictOf(
  record: CheckInRecord | undefined,
  ownCounterId: string,
): CheckInConflict | null {
  const lost = record?.setAside.filter(
    (x) => x.event.counterId === ownCounterId && x.wonBy && x.wonBy.counterId !== ownCounterId,
  );
  const last = lost?.at(-1);
  if (!last?.wonBy) return null;
  const since = record!.chain.some((e) => e.counterId === ownCounterId && e.at > last.event.at);
  if (since) return null;
  const { counterName, at, state } = last.wonBy;
  return { counterName, at, state };
}

export function toReservationView(
  r: Reservation,
  products: Map<string, Product>,
  checkIn: CheckInRecord | undefined,
  currency: string,
  itemIndex = 0,
  /** This counter: its check-ins that lost a race show as a conflict note. */
  ownCounterId = '',
  /** How it is paid and what it owes (issue 27; `onsite/view.ts`). */
  payment?: PaymentView,
): ReservationView {
  const item = r.items[itemIndex] ?? r.items[0]!;
  const product = products.get(item.productId);
  const answers = (item.participants ?? []).flatMap((p) =>
    Object.entries(p.fieldValues ?? {}).map(([fieldId, value]) => ({
      participantNumber: p.participantNumber,
      fieldId,
      ...answerText(product, fieldId, value),
    })),
  );
  return {
    id: r.id,
    number: typeof r.reservationNumber === 'string' ? r.reservationNumber : null,
    status: String(r.status),
    active: ACTIVE_STATUSES.has(String(r.status)),
    customerName: customerName(r),
    email: r.customer?.email ?? null,
    phone: r.customer?.phone ?? null,
    adults: item.adultCount,
    children: item.childCount,
    paymentMethod: String(r.paymentMethod ?? ''),
    productId: item.productId,
    productName:
      typeof product?.name === 'string' && product.name.trim()
        ? product.name
        : typeof item.productName === 'string'
          ? item.productName
          : item.productId,
    date: item.date,
    startTime: item.startTime,
    endTime: typeof item.endTime === 'string' ? item.endTime : null,
    totalAmount: typeof r.totalAmount === 'number' ? r.totalAmount : null,
    currency: typeof r.currency === 'string' ? r.currency : currency,
    answers,
    checkIn: checkInOf(checkIn),
    checkInConflict: conflictOf(checkIn, ownCounterId),
    ...(payment && { payment }),
  };
}
