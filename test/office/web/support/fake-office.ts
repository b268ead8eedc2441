/**
 * A fake office for the page's component tests: a fetch that answers /v1/web like the real one,
 * with data checked against the protocol's schemas (a fixture that drifts from the contract fails
 * here, not in the page), and that keeps every request it was sent.
 */
import {
  AccountMapping,
  LiveAnswer,
  LiveStore,
  Me,
  PeriodAnswer,
  RecordDetail,
  RecordSummary,
  SearchAnswer,
  UserList,
  type Role,
} from '../../../../office/protocol/web';

export const STORE_A = '00000000-0000-4000-8000-00000000000a';
export const STORE_B = '00000000-0000-4000-8000-00000000000b';
export const ORG = '00000000-0000-4000-8000-0000000000f0';
/** 2026-12-07 10:00:00 in Japan. */
export const AT_10 = '2026-12-07T01:00:00.000Z';

export function me(role: Role = 'owner', csrf = 'csrf-token-1'): Me {
  return Me.parse({
    email: `${role}@example.jp`,
    role,
    organisation: { id: ORG, name: '京都体験株式会社' },
    stores: [
      { id: STORE_A, name: '嵐山店' },
      { id: STORE_B, name: '祇園店' },
    ],
    csrf,
  });
}

const tally = (count: number, amount: number) => ({ count, amount });

let storeSeq = 0;
export function liveStore(name: string, options: Partial<LiveStore> = {}): LiveStore {
  storeSeq += 1;
  return LiveStore.parse({
    id: `00000000-0000-4000-8000-${String(storeSeq).padStart(12, '0')}`,
    name,
    byMethod: [
      { method: 'cash', brand: null, amount: 6000, count: 3 },
      { method: 'card', brand: 'VISA', amount: 4000, count: 1 },
    ],
    total: 10000,
    walkIns: tally(3, 9000),
    collections: tally(1, 1000),
    goods: tally(0, 0),
    refunds: tally(0, 0),
    corrections: tally(0, 0),
    cashIn: tally(0, 0),
    cashOut: tally(0, 0),
    refundsOwed: tally(0, 0),
    onsiteUnpaid: null,
    counters: [
      {
        id: 'counter-1',
        name: 'レジ1',
        lastRecordAt: Date.parse(AT_10),
        dayClosed: false,
        toSend: 2,
        staffOnTill: { id: 's1', name: '山田' },
        lastSeenAt: AT_10,
      },
    ],
    yesterday: { closedCounters: 1, counters: 1, overShort: 0 },
    flags: [],
    ...options,
  });
}

export function live(stores: LiveStore[], at = AT_10): LiveAnswer {
  return LiveAnswer.parse({ date: '2026-12-07', at, stores });
}

export function summary(id: string, options: Partial<RecordSummary> = {}): RecordSummary {
  return RecordSummary.parse({
    key: `key-${id}`,
    storeId: STORE_A,
    counterId: 'counter-1',
    counterName: 'レジ1',
    id,
    businessDate: '2026-12-07',
    at: Date.parse(AT_10),
    kind: 'sale',
    amount: 3000,
    reservationNumber: 'R-100',
    guest: '山田 花子',
    staff: { id: 's1', name: '山田' },
    approvedBy: null,
    payments: [{ method: 'cash', brand: null, amount: 3000 }],
    problem: null,
    ...options,
  });
}

export function searchPage(ids: string[], next: string | null, tookMs = 12): SearchAnswer {
  return SearchAnswer.parse({ records: ids.map((id) => summary(id)), next, tookMs });
}

export function recordDetail(): RecordDetail {
  const sale = summary('j-1');
  const correction = summary('j-5', {
    kind: 'correction',
    amount: -500,
    approvedBy: { id: 'm1', name: '店長 佐藤' },
  });
  const receipt = summary('j-2', { kind: 'receipt', amount: 0 });
  return RecordDetail.parse({
    record: sale,
    taxes: [{ rate: 10, gross: 3000, tax: 272 }],
    lines: [{ name: '抹茶体験', quantity: 1, amount: 3000 }],
    notes: [],
    history: [sale, receipt, correction],
    receipts: [
      {
        record: receipt,
        reissue: false,
        copy: {
          locale: 'ja',
          title: '領収書',
          blocks: [
            { kind: 'title', text: '領収書' },
            { kind: 'addressee', text: '山田 花子 様' },
            {
              kind: 'rows',
              rows: [{ kind: 'pair', left: '合計(税込)', right: '¥3,000', style: 'bold' }],
            },
            { kind: 'issuer', business: '京都体験株式会社', lines: ['登録番号 T1234567890123'] },
            { kind: 'code', text: 'R-100' },
          ],
        },
      },
      {
        record: summary('j-3', { kind: 'receipt', amount: 0 }),
        reissue: true,
        copy: { locale: 'en', title: 'Receipt', blocks: [{ kind: 'title', text: 'Receipt' }] },
      },
    ],
  });
}

export function periodAnswer(storeId: string | null = null): PeriodAnswer {
  const figures = (from: string, to: string, base: number) => ({
    from,
    to,
    total: base * 2,
    count: 4,
    byDay: [
      { date: from, amount: base, count: 2 },
      { date: to, amount: base, count: 2 },
    ],
    byProduct: [{ key: 'p1', label: '抹茶体験', count: 4, amount: base * 2 }],
    byMethod: [
      { key: 'cash', label: 'cash', count: 2, amount: base },
      { key: 'card:VISA', label: 'card VISA', count: 2, amount: base },
    ],
    byHour: [{ key: '10', label: '10', count: 4, amount: base * 2 }],
    byStaff: [{ key: 's1', label: '山田', count: 4, amount: base * 2 }],
    byStore: [{ key: STORE_A, label: '嵐山店', count: 4, amount: base * 2 }],
  });
  return PeriodAnswer.parse({
    unit: 'week',
    storeId,
    current: figures('2026-12-07', '2026-12-08', 5000),
    previous: figures('2026-11-30', '2026-12-01', 4000),
  });
}

export const MAPPING: AccountMapping = AccountMapping.parse({
  sales: '売上高',
  cash: '現金',
  methods: { card: '売掛金' },
  receivable: '売掛金',
  subAccounts: { 'card:VISA': 'VISA' },
  cashMoves: '普通預金',
  overShortLoss: '雑損失',
  overShortGain: '雑収入',
});

export const USERS = UserList.parse({
  users: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      email: 'owner@example.jp',
      role: 'owner',
      storeIds: [],
    },
  ],
});

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (sent: Sent) => Answer | Promise<Answer>;

/** A minimal Response: what the client reads of one. */
function response({ status = 200, body = null, headers = {} }: Answer): Response {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
    blob: async () => new Blob([typeof body === 'string' ? body : JSON.stringify(body)]),
  } as unknown as Response;
}

/**
 * `routes` maps "GET /v1/web/live" to an answer or a function of the request; a route not given
 * answers 404 as the office does.
 */
export function fakeOffice(routes: Record<string, Answer | Handler>) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'https://office.example');
    const request: Sent = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const route = routes[`${request.method} ${request.path}`];
    if (!route)
      return response({
        status: 404,
        body: { error: { code: 'not_found', message: 'no such path' } },
      });
    return response(typeof route === 'function' ? await route(request) : route);
  }) as typeof globalThis.fetch;
  return {
    fetch,
    sent,
    calls: (key: string) => sent.filter((s) => `${s.method} ${s.path}` === key),
  };
}

/** The routes of a signed-in person with two stores on a quiet day. */
export function signedIn(role: Role = 'owner', more: Record<string, Answer | Handler> = {}) {
  return fakeOffice({
    'GET /v1/web/me': { body: me(role) },
    'GET /v1/web/live': { body: live([liveStore('嵐山店'), liveStore('祇園店')]) },
    ...more,
  });
}
