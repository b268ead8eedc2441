/**
 * The IPC contract between the renderer and the main process: every channel's request and
 * response, and every event, as zod schemas. Types are inferred from here and used by main,
 * preload and renderer alike. Nothing here may import Node or Electron: the renderer imports it.
 */
import { z } from 'zod';
import { CancelReason, CustomField, FieldValueInput, LocalDate, LocalTime } from '../api/schemas';

// --- shared shapes ----------------------------------------------------------------------------

const Id = z.string().min(1).max(200);

export const Feature = z.enum(['dayView', 'walkIn', 'cancel', 'customerSearch', 'checkIn']);
export type Feature = z.infer<typeof Feature>;

/** Whether a feature is usable with the key, and if not, why (a message key for the UI). */
export const FeatureState = z.object({
  enabled: z.boolean(),
  reason: z.enum(['missing_scope', 'no_store', 'not_set_up']).nullable(),
  /** The scope the key lacks, when that is the reason. */
  scope: z.string().nullable(),
});

export const Plan = z.enum(['standard', 'facility']);

export const StoreSummary = z.object({
  id: Id,
  name: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  acceptsOnSite: z.boolean(),
});
export type StoreSummary = z.infer<typeof StoreSummary>;

export const KeyInfo = z.object({
  organizationId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  /** The only store the key may use, or null for every store of the organization. */
  storeLimit: z.string().nullable(),
});
export type KeyInfo = z.infer<typeof KeyInfo>;

export const SetupStatus = z.object({
  mode: z.enum(['not_set_up', 'live', 'training']),
  key: KeyInfo.nullable(),
  plan: Plan.nullable(),
  store: StoreSummary.nullable(),
  features: z.record(Feature, FeatureState),
});
export type SetupStatus = z.infer<typeof SetupStatus>;

export const Link = z.enum(['online', 'degraded', 'offline']);

export const SyncProgress = z.object({
  phase: z.enum(['full', 'incremental']),
  pages: z.number().int(),
  records: z.number().int(),
  estimatedMsLeft: z.number().nullable(),
  done: z.boolean(),
});

export const Status = z.object({
  link: Link,
  linkSince: z.number(),
  /** Our clock: when reservations were last brought up to date (null: never). */
  syncedAt: z.number().nullable(),
  sync: SyncProgress.nullable(),
  outbox: z.object({ waiting: z.number().int(), needsAttention: z.number().int() }),
  rate: z.object({
    limit: z.number().int(),
    effectiveLimit: z.number().int(),
    queued: z.number().int(),
    recent429s: z.number().int(),
  }),
  training: z.boolean(),
});
export type Status = z.infer<typeof Status>;

export const CheckIn = z.object({
  state: z.enum(['arrived', 'partial', 'no_show']),
  adults: z.number().int(),
  children: z.number().int(),
  at: z.number(),
  offline: z.boolean(),
});
export type CheckIn = z.infer<typeof CheckIn>;

/** A custom-field answer ready to show: select values already turned into their labels. */
export const Answer = z.object({
  participantNumber: z.number().int(),
  fieldId: z.string(),
  label: z.string(),
  value: z.string(),
});

/**
 * A reservation as the counter shows it. `status` is the service's; one it does not know is
 * kept as is and shown raw.
 */
export const ReservationView = z.object({
  id: Id,
  number: z.string().nullable(),
  status: z.string(),
  active: z.boolean(),
  customerName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  adults: z.number().int(),
  children: z.number().int(),
  paymentMethod: z.string(),
  productId: z.string(),
  productName: z.string(),
  date: LocalDate,
  startTime: LocalTime,
  endTime: z.string().nullable(),
  totalAmount: z.number().nullable(),
  currency: z.string(),
  answers: z.array(Answer),
  checkIn: CheckIn.nullable(),
});
export type ReservationView = z.infer<typeof ReservationView>;

export const SlotView = z.object({
  startTime: LocalTime,
  endTime: z.string().nullable(),
  /** From cached availability; null when not known (no availability cached for the day). */
  capacity: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  bookable: z.boolean(),
  booked: z.object({ adults: z.number().int(), children: z.number().int() }),
  reservations: z.array(ReservationView),
});
export type SlotView = z.infer<typeof SlotView>;

export const ProductView = z.object({
  id: Id,
  name: z.string(),
  isPublished: z.boolean(),
  approvalType: z.string(),
  dayStatus: z.string().nullable(),
  availabilityFetchedAt: z.number().nullable(),
  slots: z.array(SlotView),
});
export type ProductView = z.infer<typeof ProductView>;

export const DayView = z.object({
  date: LocalDate,
  today: LocalDate,
  store: StoreSummary,
  products: z.array(ProductView),
  pendingApprovals: z.array(ReservationView),
  /** Our clock: when reservations were last synced (null: never); the UI shows the age. */
  syncedAt: z.number().nullable(),
  /** The first full sync has not finished: the day may be incomplete. */
  incomplete: z.boolean(),
});
export type DayView = z.infer<typeof DayView>;

export const HeadcountFit = z.object({
  fits: z.enum(['yes', 'no', 'unknown']),
  remaining: z.number().int().nullable(),
  /** Upcoming slots where the party fits, soonest first. */
  nextSlots: z.array(
    z.object({ date: LocalDate, startTime: LocalTime, remaining: z.number().int() }),
  ),
});
export type HeadcountFit = z.infer<typeof HeadcountFit>;

export const Comparison = z.enum(['match', 'fewer', 'more']);

export const ProductForm = z.object({
  id: Id,
  name: z.string(),
  approvalType: z.string(),
  isPublished: z.boolean(),
  currency: z.string(),
  customFields: z.array(CustomField),
});
export type ProductForm = z.infer<typeof ProductForm>;

export const ParticipantAnswers = z.object({
  participantNumber: z.number().int().min(1).max(999),
  fieldValues: z.record(z.string(), FieldValueInput),
});

const Headcount = z.object({
  adults: z.number().int().min(0).max(999),
  children: z.number().int().min(0).max(999),
});

/**
 * The customer as staff are typing it: nothing required yet, lengths bounded only against abuse.
 * The desk's check says what is wrong, by field.
 */
const CustomerDraft = z.object({
  lastName: z.string().max(1000),
  firstName: z.string().max(1000).default(''),
  email: z.string().max(1000).nullable().default(null),
  phone: z.string().max(1000).nullable().default(null),
  /** An existing customer found by e-mail. */
  customerId: z.string().max(200).nullable().default(null),
});

export const WalkInCustomer = z.object({
  lastName: z.string().trim().min(1).max(100),
  firstName: z.string().max(100).default(''),
  email: z.string().max(254).nullable().default(null),
  phone: z.string().max(30).nullable().default(null),
  /** An existing customer found by e-mail. */
  customerId: z.string().nullable().default(null),
});

/** A walk-in as entered so far: what `walkin.quote` checks (every problem by field) and prices. */
export const WalkInDraft = z.object({
  productId: Id,
  date: LocalDate,
  startTime: LocalTime,
  ...Headcount.shape,
  participants: z.array(ParticipantAnswers).max(999),
  customer: CustomerDraft,
});
export type WalkInDraft = z.infer<typeof WalkInDraft>;

export const Price = z.object({
  currency: z.string(),
  subtotal: z.number(),
  discounts: z.array(z.object({ type: z.string(), label: z.string(), amount: z.number() })),
  total: z.number(),
});
export type Price = z.infer<typeof Price>;

/** A problem with one input, where the UI shows it (a field, or a participant's field). */
export const FieldProblem = z.object({
  field: z.string(),
  participantNumber: z.number().int().nullable(),
  code: z.string(),
  message: z.string(),
});
export type FieldProblem = z.infer<typeof FieldProblem>;

export const WalkInOutcome = z.object({
  /**
   * booked — confirmed by the service; pending — created but NOT confirmed (manual approval);
   * queued — written locally, not yet booked; refused — the service said no (see `refusal`).
   */
  outcome: z.enum(['booked', 'pending', 'queued', 'refused']),
  entryId: z.string(),
  reservation: ReservationView.nullable(),
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  problems: z.array(FieldProblem),
});
export type WalkInOutcome = z.infer<typeof WalkInOutcome>;

export const OutboxItem = z.object({
  id: z.string(),
  state: z.enum(['queued', 'sending', 'booked', 'refused', 'needs_review', 'discarded']),
  createdAt: z.number(),
  attempts: z.number().int(),
  customerName: z.string(),
  productName: z.string(),
  date: LocalDate,
  startTime: LocalTime,
  adults: z.number().int(),
  children: z.number().int(),
  reservationNumber: z.string().nullable(),
  /** The booked reservation's status: `pending` means created but NOT confirmed. */
  reservationStatus: z.string().nullable(),
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  lastError: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const CancelPreviewView = z.object({
  cancellable: z.boolean(),
  total: z.number(),
  fee: z.number(),
  refund: z.number(),
  /** `merchant`: the counter refunds by hand; `service`: the service refunds by itself. */
  refundBy: z.enum(['merchant', 'service']),
  /** The service's own value of refundHandledBy, shown when it is neither known one. */
  refundByRaw: z.string(),
  currency: z.string(),
});
export type CancelPreviewView = z.infer<typeof CancelPreviewView>;

export const UiLocale = z.enum(['ja', 'en']);

/** null: follow the system's language. */
export const Prefs = z.object({ locale: UiLocale.nullable() });
export type Prefs = z.infer<typeof Prefs>;

// --- channels ---------------------------------------------------------------------------------

/** A key as pasted at set-up. */
const PastedKey = z.string().trim().min(1).max(500);
/** The service's address; the configured one when null. */
const ServiceUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .nullable()
  .default(null);

export const channels = {
  'setup.status': { request: z.object({}), response: SetupStatus },
  'setup.checkKey': {
    request: z.object({ apiKey: PastedKey, serviceUrl: ServiceUrl }),
    response: z.object({
      key: KeyInfo,
      stores: z.array(StoreSummary),
      features: z.record(Feature, FeatureState),
    }),
  },
  'setup.saveKey': {
    request: z.object({
      apiKey: PastedKey,
      serviceUrl: ServiceUrl,
      storeId: Id,
      plan: Plan,
    }),
    response: SetupStatus,
  },
  'setup.selectStore': { request: z.object({ storeId: Id }), response: SetupStatus },
  'setup.removeKey': { request: z.object({}), response: SetupStatus },
  'setup.startTraining': { request: z.object({}), response: SetupStatus },
  'status.get': { request: z.object({}), response: Status },
  'day.get': { request: z.object({ date: LocalDate.nullable() }), response: DayView },
  'day.refresh': {
    request: z.object({ date: LocalDate }),
    response: z.object({ ok: z.boolean() }),
  },
  /**
   * The day view shows this date (or, with null, is no longer shown): background refresh is
   * fast while a day is watched and slow otherwise.
   */
  'day.watch': {
    request: z.object({ date: LocalDate.nullable() }),
    response: z.object({ ok: z.boolean() }),
  },
  'search.find': {
    request: z.object({ text: z.string().max(200), date: LocalDate.nullable() }),
    response: z.object({ exact: ReservationView.nullable(), results: z.array(ReservationView) }),
  },
  'reservation.get': {
    request: z.object({ reservationId: Id, date: LocalDate }),
    response: ReservationView,
  },
  'checkin.record': {
    request: z.object({
      reservationId: Id,
      date: LocalDate,
      state: z.enum(['arrived', 'partial', 'no_show']),
      ...Headcount.shape,
    }),
    response: z.object({ reservation: ReservationView, comparison: Comparison }),
  },
  'checkin.undo': {
    request: z.object({ reservationId: Id, date: LocalDate }),
    response: z.object({ reservation: ReservationView }),
  },
  'headcount.check': {
    request: z.object({
      productId: Id,
      date: LocalDate,
      startTime: LocalTime.nullable(),
      ...Headcount.shape,
    }),
    response: HeadcountFit,
  },
  'walkin.form': { request: z.object({ productId: Id }), response: ProductForm },
  'walkin.quote': {
    request: WalkInDraft,
    /** Every problem of the draft by field; a price only when there is none (and online). */
    response: z.object({ price: Price.nullable(), problems: z.array(FieldProblem) }),
  },
  'walkin.book': {
    // Strict, a safety net under the desk's check: a walk-in is booked only when complete.
    request: WalkInDraft.extend({
      customer: WalkInCustomer,
      sendConfirmationEmail: z.boolean(),
      locale: z.enum(['ja', 'en']),
    }),
    response: WalkInOutcome,
  },
  'customers.find': {
    request: z.object({ email: z.string().trim().min(3).max(254) }),
    response: z.object({
      customers: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          email: z.string(),
          phone: z.string().nullable(),
          visits: z.number().int(),
        }),
      ),
    }),
  },
  'cancel.preview': {
    request: z.object({ reservationId: Id, date: LocalDate, reason: CancelReason }),
    response: CancelPreviewView,
  },
  'cancel.confirm': {
    request: z.object({
      reservationId: Id,
      date: LocalDate,
      reason: CancelReason,
      sendCancellationEmail: z.boolean(),
    }),
    response: z.object({ reservation: ReservationView, preview: CancelPreviewView }),
  },
  'outbox.list': { request: z.object({}), response: z.object({ items: z.array(OutboxItem) }) },
  'outbox.retry': { request: z.object({ id: z.string() }), response: OutboxItem },
  'outbox.discard': {
    request: z.object({ id: z.string(), confirm: z.literal(true) }),
    response: OutboxItem,
  },
  'manifest.print': {
    request: z.object({
      date: LocalDate,
      productId: Id,
      startTime: LocalTime,
      /** The manifest is printed in the language the counter shows. */
      locale: UiLocale.default('ja'),
    }),
    response: z.object({ ok: z.boolean() }),
  },
  /** The counter's language, kept by the main process (the renderer keeps nothing). */
  'prefs.get': { request: z.object({}), response: Prefs },
  'prefs.set': { request: z.object({ locale: UiLocale }), response: Prefs },
} as const;

export type Channel = keyof typeof channels;
export type Request<C extends Channel> = z.input<(typeof channels)[C]['request']>;
export type Response<C extends Channel> = z.output<(typeof channels)[C]['response']>;

// --- events -----------------------------------------------------------------------------------

export const events = {
  'status.changed': Status,
  /** Cached data of a date changed (sync, check-in, booking): views of it should reload. */
  'day.changed': z.object({ dates: z.array(LocalDate) }),
  'outbox.changed': z.object({ items: z.array(OutboxItem) }),
  'setup.changed': SetupStatus,
} as const;

export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

// --- errors -----------------------------------------------------------------------------------

/** What a failed call returns to the renderer: a code to turn into a message, never a stack. */
export const IpcError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.unknown()),
});
export type IpcError = z.infer<typeof IpcError>;

export const IpcResult = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: IpcError }),
]);
export type IpcResult = z.infer<typeof IpcResult>;
