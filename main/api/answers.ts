/** The service's answers as the client reads them: tolerant parsers and the types they give. */
import { z } from 'zod';
import * as S from './schemas';

/** Tolerant parsers: unknown fields kept, unknown enum values kept as strings. */
export const T = {
  KeyStatus: S.tolerant(S.KeyStatus),
  StoreList: S.tolerant(S.StoreList),
  // "List of products" (§4) names no wrapper: the decided `{ data }`, or a bare list.
  ProductList: z.union([
    S.tolerant(S.ProductList),
    z.array(S.tolerant(S.Product)).transform((data) => ({ data })),
  ]),
  ProductEnvelope: S.tolerant(S.ProductEnvelope),
  Availability: S.tolerant(S.Availability),
  Calculation: S.tolerant(S.Calculation),
  ReservationEnvelope: S.tolerant(S.ReservationEnvelope),
  // "201 with the reservation" (§4) names no wrapper: the decided `{ reservation }`, or bare.
  Created: z.union([
    S.tolerant(S.ReservationEnvelope),
    S.tolerant(S.Reservation).transform((reservation) => ({ reservation })),
  ]),
  ReservationPage: readPageRecordByRecord(),
  CancelPreview: S.tolerant(S.CancelPreview),
  InquiryEnvelope: S.tolerant(S.InquiryEnvelope),
};

/**
 * A page of the sync listing, each record read on its own: one the client cannot read (a field it
 * relies on missing, another shape) is left out of `data` and named in `unreadable` (its id when it
 * has one), never failing the page and with it every other record (every record stands alone).
 */
function readPageRecordByRecord() {
  const record = S.tolerant(S.Reservation);
  return S.tolerant(S.ReservationPage.extend({ data: z.array(z.unknown()) })).transform(
    ({ data, ...page }) => {
      const { read, unreadable } = readEach(record, data);
      return { ...page, data: read, unreadable };
    },
  );
}

/** A record the client could not read: its id when it has one, and where it failed. */
export interface UnreadableRecord {
  id: string | null;
  problem: string;
}

/**
 * Read records one by one (records the service sent, passed on by another counter, say): those
 * that fail are named in `unreadable`, never failing the others.
 */
export function readEach<T>(
  record: z.ZodType<T>,
  items: readonly unknown[],
): { read: T[]; unreadable: UnreadableRecord[] } {
  const read: T[] = [];
  const unreadable: UnreadableRecord[] = [];
  for (const item of items) {
    const parsed = record.safeParse(item);
    if (parsed.success) read.push(parsed.data);
    else unreadable.push({ id: idOf(item), problem: problemOf(parsed.error) });
  }
  return { read, unreadable };
}

/** One record of each kind, read as the client reads it in a listing. */
export const ReadRecord = {
  Reservation: S.tolerant(S.Reservation),
  Product: S.tolerant(S.Product),
  Store: S.tolerant(S.Store),
  Availability: S.tolerant(S.Availability),
};

function idOf(item: unknown): string | null {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
}

/** Where the record failed, never its values (they may be a customer's). */
function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(record)'}: ${issue.code}` : 'unreadable';
}

export type KeyStatus = z.output<typeof T.KeyStatus>;
export type Store = z.output<typeof T.StoreList>['data'][number];
export type Product = z.output<typeof T.ProductEnvelope>['product'];
export type Availability = z.output<typeof T.Availability>;
export type Calculation = z.output<typeof T.Calculation>;
export type Reservation = z.output<typeof T.ReservationEnvelope>['reservation'];
export type ReservationPage = z.output<typeof T.ReservationPage>;
export type CancelPreview = z.output<typeof T.CancelPreview>;
/**
 * One customer found by e-mail. The spec does not show the search's answer (§4): an id and an
 * e-mail are what the counter needs; names, phone and visit count are shown when present.
 */
const FoundCustomer = z.looseObject({
  id: z.string().min(1),
  email: z.string(),
  lastName: z.string().optional(),
  firstName: z.string().optional(),
  phone: z.string().nullable().optional(),
  reservationCount: z.number().optional(),
});
export type Customer = z.output<typeof FoundCustomer>;

/**
 * The customer search's answer in the shapes a service may plausibly give: the decided
 * `{ data: [...] }` (decision 28), a bare list, `{ customers: [...] }` or `{ customer }`.
 */
export const CustomerAnswer: z.ZodType<Customer[]> = z.union([
  z.looseObject({ data: z.array(FoundCustomer) }).transform((a) => a.data),
  z.array(FoundCustomer),
  z.looseObject({ customers: z.array(FoundCustomer) }).transform((a) => a.customers),
  z
    .looseObject({ customer: FoundCustomer.nullable() })
    .transform((a) => (a.customer ? [a.customer] : [])),
]);
