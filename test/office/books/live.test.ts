/**
 * Today, live: the day's totals per store as records arrive (once, whatever the resends), each
 * counter's report of itself, and a store that did not close yesterday or closed with a
 * difference standing out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveAnswer } from '../../../office/protocol/web';
import type { CounterStatus } from '../../../office/protocol/books';
import { booked, web, webSignIn, type WebSession } from '../../support/books';
import {
  call,
  enrolCounter,
  ownerWithStore,
  startTestOffice,
  type TestOffice,
} from '../../support/office';

let office: TestOffice;
let storeId: string;
let owner: WebSession;
let token: string;

const send = (body: unknown) => call(office, 'POST', '/v1/device/records', { token, body });
const live = async (date = '2026-12-07') =>
  LiveAnswer.parse(
    (await web(office, owner, 'GET', date ? `/v1/web/live?date=${date}` : '/v1/web/live')).body,
  );

const status = (over: Partial<CounterStatus> = {}): CounterStatus => ({
  at: Date.parse('2026-12-07T03:00:00Z'),
  businessDate: '2026-12-07',
  dayClosed: false,
  toSend: 3,
  refundsOwed: { count: 1, amount: 4000 },
  onsiteUnpaid: { count: 2, amount: 9000 },
  staffOnTill: { id: 'st-1', name: '佐藤' },
  ...over,
});

beforeAll(async () => {
  office = await startTestOffice();
  let orgId: string;
  ({ orgId, storeId } = await ownerWithStore(office));
  ({ credential: token } = await enrolCounter(office, orgId, storeId, 'c-1'));
  owner = await webSignIn(office, 'owner@example.jp');
}, 120_000);
afterAll(() => office.stop());

describe('today, live', () => {
  it('adds up the day by method, kind and cash move, once however often a batch is sent', async () => {
    const day = [
      booked(1, { amount: 3000 }),
      booked(2, {
        amount: 5000,
        facts: { payments: [{ method: 'card', brand: 'VISA', amount: 5000 }] },
      }),
      booked(3, {
        kind: 'collection',
        amount: 2000,
        facts: { sale: 'collection', payments: [{ method: 'qr', brand: 'PayPay', amount: 2000 }] },
      }),
      booked(4, {
        kind: 'refund',
        amount: -1000,
        facts: { refersTo: 'x', payments: [{ method: 'cash', brand: null, amount: -1000 }] },
      }),
      booked(5, {
        kind: 'cash',
        amount: 10000,
        facts: {
          payments: [],
          taxes: [],
          cash: { direction: 'in', reason: 'float', amount: 10000 },
        },
      }),
    ];
    expect((await send({ records: day, status: status() })).status).toBe(200);
    expect((await send({ records: day })).body.duplicates).toBe(5);
    const store = (await live()).stores.find((s) => s.id === storeId)!;
    expect(store.total).toBe(9000);
    expect(store.walkIns).toEqual({ count: 2, amount: 8000 });
    expect(store.collections).toEqual({ count: 1, amount: 2000 });
    expect(store.refunds).toEqual({ count: 1, amount: -1000 });
    expect(store.cashIn).toEqual({ count: 1, amount: 10000 });
    expect(
      Object.fromEntries(store.byMethod.map((m) => [`${m.method}:${m.brand ?? ''}`, m.amount])),
    ).toEqual({ 'cash:': 2000, 'card:VISA': 5000, 'qr:PayPay': 2000 });
    expect(store.refundsOwed).toEqual({ count: 1, amount: 4000 });
    expect(store.onsiteUnpaid).toEqual({ count: 2, amount: 9000 });
    const [counter] = store.counters;
    expect(counter).toMatchObject({
      id: 'c-1',
      toSend: 3,
      dayClosed: false,
      staffOnTill: { name: '佐藤' },
    });
    expect(counter!.lastRecordAt).toBe(day[4]!.at);
  });

  it('takes a counter’s report alone, and never lets an older report replace a newer', async () => {
    const newer = status({ at: Date.parse('2026-12-07T05:00:00Z'), toSend: 0 });
    expect(
      (await call(office, 'POST', '/v1/device/status', { token, body: { status: newer } })).status,
    ).toBe(200);
    await call(office, 'POST', '/v1/device/status', {
      token,
      body: { status: status({ toSend: 99 }) },
    });
    const store = (await live()).stores.find((s) => s.id === storeId)!;
    expect(store.counters[0]!.toSend).toBe(0);
  });

  it('a store that did not close yesterday, or closed with a difference, stands out', async () => {
    // 12-08: the counter worked on 12-07 and did not close it.
    expect((await live('2026-12-08')).stores[0]!.flags).toEqual(['not_closed_yesterday']);
    await send({
      records: [
        booked(6, {
          kind: 'close',
          amount: 0,
          facts: {
            payments: [],
            taxes: [],
            sale: null,
            close: { countedCash: 11700, expectedCash: 12000, overShort: -300, hasNote: true },
          },
        }),
      ],
    });
    const next = (await live('2026-12-08')).stores[0]!;
    expect(next.flags).toEqual(['close_difference']);
    expect(next.yesterday).toEqual({ closedCounters: 1, counters: 1, overShort: -300 });
  });

  it('a record the counter could not read is counted and flags its store', async () => {
    await send({
      records: [
        { ...booked(7, { date: '2026-12-09' }), body: null, facts: null, problem: 'corrupt' },
      ],
    });
    expect((await live('2026-12-09')).stores[0]!.flags).toContain('damaged_records');
  });

  it('today is the stores’ day (Asia/Tokyo) when no date is asked', async () => {
    office.clock.now = Date.parse('2026-12-07T16:00:00Z'); // 01:00 on the 8th in Tokyo
    expect((await live('')).date).toBe('2026-12-08');
  });
});
