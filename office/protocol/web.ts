/**
 * The owner's web pages' API (under /v1/web), the one source of truth for what the office's page
 * (office/web) sends and reads. A signed-in person holds a session cookie (HttpOnly, Secure,
 * SameSite=Strict) and sends the session's CSRF token in `x-csrf-token` with every request that
 * changes something (decision AB52). zod schemas; types inferred.
 */
import { z } from 'zod';
import { BookPayment, BookPerson, BookTax, ReceiptCopy } from './books';
import { BusinessDate } from './wire';

export const WEB_API = '/v1/web';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Who may do what (decision AB53): the owner everything; a store manager their stores' pages and
 * lists, no exports, users or accounts; an accountant reads and exports every store, changes nothing
 * but their own session.
 */
export const Role = z.enum(['owner', 'manager', 'accountant']);
export type Role = z.infer<typeof Role>;

const Uuid = z.string().uuid();
const Email = z.string().trim().toLowerCase().email().max(254);

/** POST /v1/web/login: sets the session cookie; the answer carries the CSRF token. */
export const WebLogin = z.object({ email: Email, password: z.string().min(1).max(200) });

/** GET /v1/web/me, and the answer of log-in. */
export const Me = z.object({
  email: z.string(),
  role: Role,
  organisation: z.object({ id: Uuid, name: z.string() }),
  /** The stores this person may see (all the organisation's for an owner or accountant). */
  stores: z.array(z.object({ id: Uuid, name: z.string() })),
  csrf: z.string(),
  /** The stores' clock (IANA): the page writes every time and day in it. */
  timeZone: z.string().default('Asia/Tokyo'),
});
export type Me = z.infer<typeof Me>;

/** POST /v1/web/users (owner): a manager or accountant (or another owner), with a first password. */
export const NewUser = z.object({
  email: Email,
  role: Role,
  /** A manager's stores; ignored for the other roles (they see every store). */
  storeIds: z.array(Uuid).max(1000).default([]),
  password: z.string().min(12).max(200),
});
export type NewUser = z.infer<typeof NewUser>;
export const UserList = z.object({
  users: z.array(z.object({ id: Uuid, email: z.string(), role: Role, storeIds: z.array(Uuid) })),
});

const Tally = z.object({ count: z.number().int(), amount: z.number().int() });
export type Tally = z.infer<typeof Tally>;

/** One counter of a store, as the live page shows it. */
export const LiveCounter = z.object({
  id: z.string(),
  name: z.string(),
  /** When its last record was made (epoch ms, its clock), null: none today. */
  lastRecordAt: z.number().int().nullable(),
  /** Its last report of itself (null: it never sent one). */
  dayClosed: z.boolean().nullable(),
  toSend: z.number().int().nullable(),
  staffOnTill: BookPerson.nullable(),
  /** When the office last heard from it (ISO). */
  lastSeenAt: z.string().nullable(),
});

/** Why a store stands out on the live page. */
export const StoreFlag = z.enum(['not_closed_yesterday', 'close_difference', 'damaged_records']);
export type StoreFlag = z.infer<typeof StoreFlag>;

export const LiveStore = z.object({
  id: Uuid,
  name: z.string(),
  /** Takings (money in less money back) by method and brand. */
  byMethod: z.array(BookPayment.extend({ count: z.number().int() })),
  total: z.number().int(),
  walkIns: Tally,
  collections: Tally,
  goods: Tally,
  refunds: Tally,
  corrections: Tally,
  cashIn: Tally,
  cashOut: Tally,
  /** From the counters' last reports (the shop's shared state: the latest of any counter). */
  refundsOwed: Tally.nullable(),
  onsiteUnpaid: Tally.nullable(),
  counters: z.array(LiveCounter),
  /** Yesterday's closes: each counter's over/short; null when no counter closed. */
  yesterday: z
    .object({
      closedCounters: z.number().int(),
      counters: z.number().int(),
      overShort: z.number().int(),
    })
    .nullable(),
  flags: z.array(StoreFlag),
});
export type LiveStore = z.infer<typeof LiveStore>;

/** GET /v1/web/live?date=: today's page (the office's day in its time zone when no date). */
export const LiveQuery = z.object({ date: BusinessDate.optional() });
export const LiveAnswer = z.object({
  date: BusinessDate,
  /** When the office answered (ISO): the page says how fresh it is. */
  at: z.string(),
  stores: z.array(LiveStore),
});
export type LiveAnswer = z.infer<typeof LiveAnswer>;

/** GET /v1/web/period: a period's figures, per store or for the chain, beside the one before. */
export const PeriodUnit = z.enum(['day', 'week', 'month']);
export type PeriodUnit = z.infer<typeof PeriodUnit>;
export const PeriodQuery = z.object({
  unit: PeriodUnit,
  /** Any day in the period (the week from Monday, the month from the 1st). */
  date: BusinessDate,
  /** One store, or the chain (every store the person may see) when absent. */
  storeId: Uuid.optional(),
});
export type PeriodQuery = z.infer<typeof PeriodQuery>;
const Breakdown = z.array(
  z.object({
    key: z.string(),
    label: z.string(),
    count: z.number().int(),
    amount: z.number().int(),
  }),
);
export const PeriodFigures = z.object({
  from: BusinessDate,
  to: BusinessDate,
  total: z.number().int(),
  count: z.number().int(),
  /** Each day of the period in order (zero days included). */
  byDay: z.array(
    z.object({ date: BusinessDate, amount: z.number().int(), count: z.number().int() }),
  ),
  byProduct: Breakdown,
  byMethod: Breakdown,
  /** Hours 0–23 of the store's clock, zero hours included. */
  byHour: Breakdown,
  byStaff: Breakdown,
  byStore: Breakdown,
});
export type PeriodFigures = z.infer<typeof PeriodFigures>;
export const PeriodAnswer = z.object({
  unit: PeriodUnit,
  storeId: Uuid.nullable(),
  current: PeriodFigures,
  previous: PeriodFigures,
});
export type PeriodAnswer = z.infer<typeof PeriodAnswer>;

/** GET /v1/web/search: the books found by 電子帳簿保存法's keys (date, amount, counterparty) and more. */
export const SearchQuery = z.object({
  storeId: Uuid,
  from: BusinessDate,
  to: BusinessDate,
  min: z.coerce.number().int().optional(),
  max: z.coerce.number().int().optional(),
  reservation: z.string().trim().min(1).max(100).optional(),
  guest: z.string().trim().min(1).max(100).optional(),
  staff: z.string().trim().min(1).max(100).optional(),
  /** The next page: the `next` of the answer before. */
  after: z.string().max(200).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** A record as lists show it. `key` names it for GET /v1/web/records/:key. */
export const RecordSummary = z.object({
  key: z.string(),
  storeId: Uuid,
  counterId: z.string(),
  counterName: z.string(),
  id: z.string(),
  businessDate: BusinessDate.nullable(),
  at: z.number().int().nullable(),
  kind: z.string().nullable(),
  amount: z.number().int(),
  reservationNumber: z.string().nullable(),
  /** The guest's name (opened from its seal for the person who may see it). */
  guest: z.string().nullable(),
  staff: BookPerson.nullable(),
  approvedBy: BookPerson.nullable(),
  payments: z.array(BookPayment),
  /** The counter could not read it, or the office cannot open it: what went wrong. */
  problem: z.string().nullable(),
});
export type RecordSummary = z.infer<typeof RecordSummary>;
export const SearchAnswer = z.object({
  records: z.array(RecordSummary),
  /** More match: ask again with `after`. */
  next: z.string().nullable(),
  /** How long the office took (ms), for the page to show beside the answer. */
  tookMs: z.number(),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;

/** GET /v1/web/records/:key: one record, what it is about and what came after it. */
export const RecordDetail = z.object({
  record: RecordSummary,
  taxes: z.array(BookTax),
  lines: z.array(
    z.object({ name: z.string(), quantity: z.number().int(), amount: z.number().int() }),
  ),
  /** Staff's notes on it (a correction's why, a close's note, a discount's note). */
  notes: z.array(z.string()),
  /**
   * Its history, oldest first: the record it is about, and every record about it (refunds,
   * corrections, receipts issued): nothing is edited or deleted, a change is a new record.
   */
  history: z.array(RecordSummary),
  /** Each receipt issued for it, as drawn then (the page marks it a copy). */
  receipts: z.array(
    z.object({ record: RecordSummary, reissue: z.boolean(), copy: ReceiptCopy.nullable() }),
  ),
});
export type RecordDetail = z.infer<typeof RecordDetail>;

/** The accounts sales and money go to (decision AB60): editable by the owner. */
export const AccountMapping = z.object({
  /** 売上高 by default. */
  sales: z.string().trim().min(1).max(40),
  /** 現金. */
  cash: z.string().trim().min(1).max(40),
  /** Where each non-cash method (and brand, `card:VISA`, `qr:PayPay`) goes: 売掛金 by default. */
  methods: z.record(z.string().max(60), z.string().trim().min(1).max(40)),
  /** The default for a method or brand not listed. */
  receivable: z.string().trim().min(1).max(40),
  /** Sub-account (補助科目) per method/brand, e.g. the card company. */
  subAccounts: z.record(z.string().max(60), z.string().trim().max(40)),
  /** Where cash put in / taken out goes: 普通預金 (a bank) by default. */
  cashMoves: z.string().trim().min(1).max(40),
  /** Over or short at a close: 雑損失 / 雑収入. */
  overShortLoss: z.string().trim().min(1).max(40),
  overShortGain: z.string().trim().min(1).max(40),
});
export type AccountMapping = z.infer<typeof AccountMapping>;

/**
 * The accounts before the owner edits any (decision AB60): 売上高 for sales, 現金 for the drawer,
 * 売掛金 for every other method until its money reaches the bank (the brand is the 補助科目
 * unless one is mapped), 普通預金 for cash taken to or brought from the bank, and 雑損失 /
 * 雑収入 for a close's short or over. 仮受消費税 is no account here: the tax rides on the sales
 * lines' 税区分 and 税額, as each accounting package books it.
 */
export const DEFAULT_ACCOUNTS: AccountMapping = {
  sales: '売上高',
  cash: '現金',
  methods: { card: '売掛金', qr: '売掛金', other: '売掛金' },
  receivable: '売掛金',
  subAccounts: {},
  cashMoves: '普通預金',
  overShortLoss: '雑損失',
  overShortGain: '雑収入',
};

/** GET /v1/web/exports/:format?storeId&from&to. */
export const ExportFormat = z.enum(['journal', 'freee', 'yayoi']);
export type ExportFormat = z.infer<typeof ExportFormat>;
export const ExportQuery = z.object({
  storeId: Uuid,
  from: BusinessDate,
  to: BusinessDate,
  /** freee's two imports (decision AB64): 振替伝票 (every entry) or 取引. */
  freee: z.enum(['journal', 'deals']).default('journal'),
  /** `1`: the export's report (JSON) instead of the file: what it holds, leaves out, changes. */
  report: z.enum(['0', '1']).default('0'),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

/** Why a record is not in a file: the route lists each, with its words, beside the download. */
export const SkipReason = z.enum([
  /** An older counter sent no facts: the office does not guess a record's accounts. */
  'no_facts',
  /** The counter could not read it, or the office cannot open it (`detail` says what). */
  'problem',
  /** A kind of record this office does not know (a newer counter's). */
  'unknown_kind',
  /** A payment method neither the counter's table nor the mapping names. */
  'unknown_method',
  /** A tax rate with no tax category in the format (neither 10 % nor 8 %). */
  'unknown_rate',
  /** Payments and the tax split do not add up to the same yen. */
  'unbalanced',
  /** The format has no way to say it (freee's 取引: a cash move is a 口座振替); `detail` says which file does. */
  'not_in_format',
]);
export type SkipReason = z.infer<typeof SkipReason>;

export const Skipped = z.object({
  recordId: z.string(),
  counterName: z.string(),
  businessDate: BusinessDate.nullable(),
  kind: z.string(),
  amount: z.number().int(),
  reason: SkipReason,
  /** What exactly (the problem's text, the unknown method or rate). */
  detail: z.string(),
});
export type Skipped = z.infer<typeof Skipped>;

/**
 * A character the file's encoding cannot hold (弥生's Shift_JIS), replaced by the fallback: the
 * record is still exported, and the page says where its text changed.
 */
export const EncodingWarning = z.object({
  recordId: z.string(),
  /** The column, in the format's own words (摘要, 借方補助科目…). */
  field: z.string(),
  /** The text as it was. */
  text: z.string(),
  /** The characters replaced, each once. */
  characters: z.array(z.string()),
});
export type EncodingWarning = z.infer<typeof EncodingWarning>;

/** What an export holds and what it left out or changed: shown beside its download. */
export const ExportReport = z.object({
  fileName: z.string(),
  rows: z.number().int(),
  skipped: z.array(Skipped),
  warnings: z.array(EncodingWarning),
});
export type ExportReport = z.infer<typeof ExportReport>;
