/**
 * Contract-shaped data for the fake main process: a busy-enough day at a demo store. Every
 * builder parses its result with the contract's schema, so fixtures cannot drift from it.
 */
import {
  DEFAULT_PRINTER_SETTINGS,
  CancelPreviewView,
  ChangeOutcome,
  ChangeQuote,
  ChangeStart,
  ChangeView,
  DayView,
  HeadcountFit,
  OutboxItem,
  Price,
  ProductForm,
  ReservationView,
  SetupStatus,
  ShopAnswer,
  Status,
  WalkInOutcome,
  type Response,
} from '../../../main/ipc/contract';
import { partiesOf, screenDayOf, type FullDay } from '../../../main/desk/day/screen';
import { createFakeBridge, Refusal, type Handlers } from './fakeBridge';

/** 2026-05-14 10:00 in Tokyo. */
export const NOW = Date.UTC(2026, 4, 14, 1, 0);
export const TODAY = '2026-05-14';

export const STORE = {
  id: 'store-1',
  name: 'Demo Bay Store',
  timeZone: 'Asia/Tokyo',
  currency: 'JPY',
  acceptsOnSite: true,
};

const ALL_ON = { enabled: true, reason: null, scope: null } as const;

export function setupStatus(over: Partial<SetupStatus> = {}): SetupStatus {
  return SetupStatus.parse({
    mode: 'live',
    key: {
      organizationId: 'org-1',
      name: 'Counter PC 1',
      scopes: ['products:read', 'reservations:read', 'reservations:write', 'customers:read'],
      storeLimit: null,
    },
    plan: 'standard',
    store: STORE,
    features: {
      dayView: ALL_ON,
      checkIn: ALL_ON,
      walkIn: ALL_ON,
      cancel: ALL_ON,
      customerSearch: ALL_ON,
    },
    ...over,
  });
}

export const NOT_SET_UP = SetupStatus.parse({
  mode: 'not_set_up',
  key: null,
  plan: null,
  store: null,
  features: Object.fromEntries(
    ['dayView', 'checkIn', 'walkIn', 'cancel', 'customerSearch'].map((f) => [
      f,
      { enabled: false, reason: 'not_set_up', scope: null },
    ]),
  ),
});

export function status(over: Partial<Status> = {}): Status {
  return Status.parse({
    link: 'online',
    linkSince: NOW - 3_600_000,
    syncedAt: NOW - 3 * 60_000,
    sync: null,
    outbox: { waiting: 0, needsAttention: 0 },
    rate: { limit: 60, effectiveLimit: 60, queued: 0, recent429s: 0 },
    training: false,
    clockOffsetMs: 0,
    clock: null,
    ...over,
  });
}

export function reservation(over: Partial<ReservationView> = {}): ReservationView {
  return ReservationView.parse({
    id: 'r-1',
    number: '100001',
    status: 'confirmed',
    active: true,
    customerName: 'Yamada Taro',
    email: 'taro@example.jp',
    phone: '090-1111-2222',
    adults: 2,
    children: 1,
    paymentMethod: 'on_site',
    productId: 'p-kayak',
    productName: 'Sea Kayak Tour',
    date: TODAY,
    startTime: '11:00',
    endTime: '13:00',
    totalAmount: 15000,
    currency: 'JPY',
    answers: [],
    checkIn: null,
    checkInConflict: null,
    ...over,
  });
}

export const R1 = reservation();
export const R2 = reservation({
  id: 'r-2',
  number: '100002',
  customerName: 'Suzuki Hanako',
  email: null,
  phone: '03-5555-0000',
  adults: 2,
  children: 0,
  paymentMethod: 'external',
  totalAmount: 10000,
  answers: [
    {
      participantNumber: 1,
      fieldId: 'allergy',
      label: 'Allergies',
      value: 'Peanuts, "shellfish"',
      bookerOnly: false,
    },
    {
      participantNumber: 2,
      fieldId: 'allergy',
      label: 'Allergies',
      value: 'None',
      bookerOnly: false,
    },
  ],
  checkIn: {
    state: 'arrived',
    adults: 2,
    children: 0,
    at: NOW - 600_000,
    offline: false,
    counterName: '受付1',
    eventId: 'e-r2',
  },
});
export const R3 = reservation({
  id: 'r-3',
  number: '100003',
  status: 'pending',
  customerName: 'Tanaka Jiro',
  email: 'jiro@example.jp',
  adults: 2,
  children: 0,
  productId: 'p-tea',
  productName: 'Tea Ceremony',
  startTime: '13:00',
  endTime: '14:00',
  totalAmount: 8000,
});
export const R4 = reservation({
  id: 'r-4',
  number: '100004',
  customerName: 'Sato Yuki',
  adults: 2,
  children: 0,
  productId: 'p-tea',
  productName: 'Tea Ceremony',
  startTime: '13:00',
  endTime: '14:00',
  totalAmount: 8000,
});

/**
 * The day as the desk keeps it, every slot with its parties: what `day.get` answers is made from
 * it (`dayView`), and `day.parties` answers its parties.
 */
export function fullDay(over: Partial<FullDay> = {}): FullDay {
  return {
    date: TODAY,
    today: TODAY,
    store: STORE,
    products: [
      {
        id: 'p-kayak',
        name: 'Sea Kayak Tour',
        isPublished: true,
        approvalType: 'instant',
        dayStatus: 'available',
        availabilityFetchedAt: NOW - 60_000,
        slots: [
          {
            startTime: '09:00',
            endTime: '11:00',
            capacity: 10,
            remaining: 4,
            bookable: true,
            booked: { adults: 6, children: 0 },
            heldByQueued: [],
            reservations: [],
          },
          {
            startTime: '11:00',
            endTime: '13:00',
            capacity: 12,
            remaining: 7,
            bookable: true,
            booked: { adults: 4, children: 1 },
            heldByQueued: [],
            reservations: [R1, R2],
          },
          {
            startTime: '14:00',
            endTime: '16:00',
            capacity: 12,
            remaining: 12,
            bookable: true,
            booked: { adults: 0, children: 0 },
            heldByQueued: [],
            reservations: [],
          },
        ],
      },
      {
        id: 'p-tea',
        name: 'Tea Ceremony',
        isPublished: true,
        approvalType: 'manual',
        dayStatus: 'limited',
        availabilityFetchedAt: NOW - 60_000,
        slots: [
          {
            startTime: '13:00',
            endTime: '14:00',
            capacity: 6,
            remaining: 2,
            bookable: true,
            booked: { adults: 4, children: 0 },
            heldByQueued: [],
            reservations: [R3, R4],
          },
        ],
      },
      {
        id: 'p-bike',
        name: 'Bike Rental',
        isPublished: false,
        approvalType: 'instant',
        dayStatus: null,
        availabilityFetchedAt: null,
        slots: [],
      },
    ],
    pendingApprovals: [R3],
    syncedAt: NOW - 3 * 60_000,
    incomplete: false,
    ...over,
  };
}

/** The day as `day.get` answers it (G21), made by the desk's own code from `fullDay(over)`. */
export function dayView(over: Partial<FullDay> = {}, revision = 1): DayView {
  return DayView.parse(screenDayOf(fullDay(over), revision));
}

/** The fake desk's day channels serving `full` (`day.get` its screen shape, `day.parties`). */
export function dayHandlers(full: FullDay, revision = 1): Handlers {
  return {
    'day.get': () => dayView(full, revision),
    'day.parties': ({ slot }) => partiesIn(full, slot),
  };
}

/** `day.parties` of `full`: one slot's parties, or all of the day's. */
export function partiesIn(
  full: FullDay,
  slot: { productId: string; startTime: string } | null,
): { date: string; reservations: ReservationView[] } {
  if (slot === null) return { date: full.date, reservations: partiesOf(full) };
  const found = full.products
    .find((p) => p.id === slot.productId)
    ?.slots.find((s) => s.startTime === slot.startTime);
  if (!found) throw new Refusal('SLOT_NOT_FOUND');
  return { date: full.date, reservations: found.reservations };
}

export const KAYAK_FORM = ProductForm.parse({
  id: 'p-kayak',
  name: 'Sea Kayak Tour',
  approvalType: 'instant',
  isPublished: true,
  currency: 'JPY',
  customFields: [],
});

export const TEA_FORM = ProductForm.parse({
  id: 'p-tea',
  name: 'Tea Ceremony',
  approvalType: 'manual',
  isPublished: true,
  currency: 'JPY',
  customFields: [],
});

export const BIKE_FORM = ProductForm.parse({
  id: 'p-bike',
  name: 'Bike Rental',
  approvalType: 'instant',
  isPublished: false,
  currency: 'JPY',
  customFields: [
    {
      fieldId: 'height',
      label: 'Height (cm)',
      fieldType: 'number',
      isRequired: true,
      inputScope: 'all_participants',
      options: null,
      validation: { min: 100, max: 210 },
    },
    {
      fieldId: 'helmet',
      label: 'Helmet size',
      fieldType: 'select',
      isRequired: true,
      inputScope: 'all_participants',
      options: [
        { value: 's', label: 'Small' },
        { value: 'm', label: 'Medium' },
        { value: 'l', label: 'Large' },
      ],
      validation: null,
    },
    {
      fieldId: 'extras',
      label: 'Extras',
      fieldType: 'multi_select',
      isRequired: false,
      inputScope: 'booker_only',
      options: [
        { value: 'lock', label: 'Lock' },
        { value: 'basket', label: 'Basket' },
      ],
      validation: null,
    },
    {
      fieldId: 'notes',
      label: 'Notes',
      fieldType: 'text',
      isRequired: false,
      inputScope: 'booker_only',
      options: null,
      validation: { maxLength: 200 },
    },
  ],
});

export const FORMS: Record<string, ProductForm> = {
  'p-kayak': KAYAK_FORM,
  'p-tea': TEA_FORM,
  'p-bike': BIKE_FORM,
};

export function fit(over: Partial<HeadcountFit> = {}): HeadcountFit {
  return HeadcountFit.parse({
    fits: 'yes',
    remaining: null,
    nextSlots: [
      { date: TODAY, startTime: '11:00', remaining: 7 },
      { date: TODAY, startTime: '14:00', remaining: 12 },
    ],
    ...over,
  });
}

export const PRICE = Price.parse({
  currency: 'JPY',
  subtotal: 12000,
  discounts: [{ type: 'group', label: 'Group discount', amount: 1000 }],
  total: 11000,
});

export function outcome(over: Partial<WalkInOutcome> = {}): WalkInOutcome {
  return WalkInOutcome.parse({
    outcome: 'booked',
    entryId: 'e-1',
    reservation: reservation({
      id: 'r-new',
      number: '200001',
      customerName: 'Kato',
      adults: 2,
      children: 0,
      paymentMethod: 'external',
      totalAmount: 11000,
      email: null,
      phone: null,
    }),
    refusal: null,
    problems: [],
    ...over,
  });
}

export function outboxItem(over: Partial<OutboxItem> = {}): OutboxItem {
  return OutboxItem.parse({
    id: 'e-1',
    state: 'queued',
    createdAt: NOW - 120_000,
    attempts: 1,
    customerName: 'Kato',
    productName: 'Sea Kayak Tour',
    date: TODAY,
    startTime: '14:00',
    adults: 2,
    children: 0,
    reservationNumber: null,
    reservationStatus: null,
    amount: null,
    counter: null,
    idempotencyKey: 'idem-1',
    refusal: null,
    lastError: 'network: offline',
    unreadable: null,
    ...over,
  });
}

export function preview(over: Partial<CancelPreviewView> = {}): CancelPreviewView {
  return CancelPreviewView.parse({
    cancellable: true,
    total: 15000,
    fee: 3000,
    refund: 12000,
    refundBy: 'merchant',
    refundByRaw: 'merchant',
    currency: 'JPY',
    ...over,
  });
}

/** A change's start: the booking, its form, no answers to carry, sold elsewhere. */
export function changeStart(over: Partial<ChangeStart> = {}): ChangeStart {
  return ChangeStart.parse({
    reservation: R1,
    form: KAYAK_FORM,
    carried: [],
    carriedExtra: [],
    sale: null,
    ...over,
  });
}

/** A quote that fits: the new price, the old fee and refund (merchant, not sold here). */
export function changeQuote(over: Partial<ChangeQuote> = {}): ChangeQuote {
  return ChangeQuote.parse({
    kind: 'change',
    fit: fit({ remaining: 12 }),
    price: PRICE,
    preview: preview({ fee: 0, refund: 15000 }),
    money: {
      currency: 'JPY',
      newTotal: PRICE.total,
      collectNow: true,
      credit: 0,
      difference: PRICE.total,
      refundBy: 'merchant',
      refundByRaw: 'merchant',
      refundNotHere: 15000,
      saleId: null,
      creditMethod: null,
    },
    problems: [],
    manual: false,
    ...over,
  });
}

export function changeView(over: Partial<ChangeView> = {}): ChangeView {
  return ChangeView.parse({
    id: 'c-1',
    kind: 'change',
    state: 'done',
    createdAt: NOW,
    updatedAt: NOW,
    productId: 'p-kayak',
    productName: 'Sea Kayak Tour',
    customerName: 'Yamada Taro',
    old: {
      reservationId: R1.id,
      number: R1.number,
      status: 'cancelled',
      date: TODAY,
      startTime: '11:00',
      adults: 2,
      children: 1,
    },
    next: {
      entryId: 'e-9',
      reservationId: 'r-9',
      number: '100009',
      status: 'confirmed',
      date: TODAY,
      startTime: '14:00',
      adults: 2,
      children: 1,
    },
    reason: 'customer_request',
    failure: null,
    attempts: 1,
    money: {
      currency: 'JPY',
      newTotal: PRICE.total,
      credit: 0,
      difference: PRICE.total,
      settled: true,
      saleId: 's-9',
      refundEntryId: null,
    },
    needsStaff: false,
    ...over,
  });
}

export function changeOutcome(over: Partial<ChangeOutcome> = {}): ChangeOutcome {
  const change = over.change === undefined ? changeView() : over.change;
  return ChangeOutcome.parse({
    state: change?.state ?? 'done',
    change,
    next: reservation({ id: 'r-9', number: '100009', startTime: '14:00', endTime: '16:00' }),
    old: reservation({ status: 'cancelled', active: false }),
    refusal: null,
    problems: [],
    saleId: 's-9',
    refundEntryId: null,
    ...over,
  });
}

export const KEY_CHECK: Response<'setup.checkKey'> = {
  key: {
    organizationId: 'org-1',
    name: 'Counter PC 1',
    scopes: ['products:read', 'reservations:read', 'reservations:write'],
    storeLimit: null,
  },
  stores: [STORE, { ...STORE, id: 'store-2', name: 'Harbor Annex', acceptsOnSite: false }],
  features: {
    dayView: ALL_ON,
    checkIn: ALL_ON,
    walkIn: ALL_ON,
    cancel: ALL_ON,
    customerSearch: { enabled: false, reason: 'missing_scope', scope: 'customers:read' },
  },
};

/** This counter's shop settings as set-up shows them (not sharing: none other is faked). */
export function shopAnswer(over: Partial<ShopAnswer['settings']> = {}): ShopAnswer {
  return ShopAnswer.parse({
    settings: {
      counterName: null,
      hostName: 'desk-pc-01',
      sharing: true,
      peers: [],
      port: null,
      ...over,
    },
    shop: { sharing: false, reason: 'unavailable' },
  });
}

/** The shop's channels, keeping what was configured. */
export function shopHandlers(initial = shopAnswer()): Handlers {
  let answer = initial;
  return {
    'shop.get': () => answer,
    'shop.configure': ({ counterName, sharing, peers }) => {
      answer = { ...answer, settings: { ...answer.settings, counterName, sharing, peers } };
      return answer;
    },
  };
}

/** A fake main process with a set-up store and the demo day; override any channel. */
/** Each product's list prices and this counter's walk-ins of it (walkin.products). */
export const CHOICES = [
  { id: 'p-kayak', prices: { adult: 6000, child: 3500 }, currency: 'JPY', sold: 2 },
  { id: 'p-tea', prices: { adult: 4000, child: 2500 }, currency: 'JPY', sold: 5 },
  { id: 'p-bike', prices: null, currency: 'JPY', sold: 9 },
];

export function demoBridge(over: Handlers = {}) {
  const full = fullDay();
  const day = dayView();
  const all = partiesOf(full);
  return createFakeBridge({
    'setup.status': () => setupStatus(),
    'status.get': () => status(),
    'outbox.list': () => ({ items: [] }),
    'day.get': ({ date }) =>
      date === null || date === TODAY ? day : dayView({ date, products: [], pendingApprovals: [] }),
    'day.parties': ({ date, slot }) =>
      partiesIn(
        date === TODAY ? full : fullDay({ date, products: [], pendingApprovals: [] }),
        slot,
      ),
    'day.refresh': () => ({ ok: true }),
    'search.find': ({ text }) => {
      const exact = all.find((r) => r.number === text.trim()) ?? null;
      if (exact) return { exact, results: [] };
      const q = text.trim().toLowerCase();
      return { exact: null, results: all.filter((r) => r.customerName.toLowerCase().includes(q)) };
    },
    'reservation.get': ({ reservationId }) => {
      const r = all.find((x) => x.id === reservationId);
      if (!r) throw new Error(`no reservation ${reservationId}`);
      return r;
    },
    'walkin.form': ({ productId }) => FORMS[productId]!,
    'walkin.products': () => ({ products: CHOICES }),
    'headcount.check': () => fit(),
    'walkin.quote': () => ({ price: PRICE, problems: [] }),
    'walkin.book': () => outcome(),
    'change.list': () => ({ items: [] }),
    'day.watch': () => ({ ok: true }),
    'prefs.get': () => ({ locale: null }),
    'prefs.set': ({ locale, dayLayout }) => ({ locale: locale ?? null, dayLayout }),
    ...shopHandlers(),
    ...printerHandlers(),
    ...over,
  });
}

/** No receipt printer set up (issue 31): the status bar shows none; the guest display follows. */
export function printerHandlers(): Handlers {
  let settings = DEFAULT_PRINTER_SETTINGS;
  return {
    'printer.status': () => ({
      state: 'none',
      paperLow: false,
      queued: 0,
      unreadable: 0,
      checkedAt: null,
      printer: null,
      drawer: false,
    }),
    'printer.settings': () => settings,
    'printer.configure': (next) => (settings = next),
    'display.show': ({ screen, locale }) => ({ screen, locale: locale ?? 'ja', code: null }),
    // Reports go to the OS printer: the page is printed.
    'close.print': () => {
      throw new Refusal('PRINT_UNAVAILABLE');
    },
  };
}
