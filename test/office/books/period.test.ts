/**
 * A period's figures, per store and for the chain, beside the period before: by day (zero days
 * too), product, method, hour of the stores' clock, staff and store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldChain } from '../../../office/books/chain-fold';
import { PeriodAnswer } from '../../../office/protocol/web';
import { booked, web, webSignIn, type WebSession } from '../../support/books';
import {
  call,
  enrolCounter,
  ownerWithStore,
  startTestOffice,
  type TestOffice,
} from '../../support/office';

let office: TestOffice;
let storeA: string;
let storeB: string;
let owner: WebSession;
let orgId: string;
let counterA: string;

const period = async (query: string) => {
  const res = await web(office, owner, 'GET', `/v1/web/period?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return PeriodAnswer.parse(res.body);
};

beforeAll(async () => {
  office = await startTestOffice();
  ({ orgId, storeId: storeA } = await ownerWithStore(office));
  storeB = (await office.admin.createStore(orgId, 'Store B')).id;
  const tour = { kind: 'booking' as const, id: 'p-tour', name: '川下り', quantity: 2 };
  const rental = { kind: 'item' as const, id: 'i-umbrella', name: '傘', quantity: 1 };
  for (const [storeId, counterId, scale] of [
    [storeA, 'a-1', 1],
    [storeB, 'b-1', 2],
  ] as const) {
    const { credential } = await enrolCounter(office, orgId, storeId, counterId);
    if (storeId === storeA) counterA = credential;
    const records = [
      // Monday 2026-12-07, 10:30 in Tokyo (01:30Z): a tour and an umbrella, cash.
      booked(1, {
        amount: 5500 * scale,
        date: '2026-12-07',
        at: Date.parse('2026-12-07T01:30:00Z'),
        facts: {
          lines: [
            { ...tour, amount: 5000 * scale },
            { ...rental, amount: 500 * scale },
          ],
          staff: { id: 'st-1', name: '佐藤' },
        },
      }),
      // Wednesday 2026-12-09, 14:05 in Tokyo: a tour by card.
      booked(2, {
        amount: 5000 * scale,
        date: '2026-12-09',
        at: Date.parse('2026-12-09T05:05:00Z'),
        facts: {
          lines: [{ ...tour, amount: 5000 * scale }],
          payments: [{ method: 'card', brand: 'VISA', amount: 5000 * scale }],
          staff: { id: 'st-2', name: '鈴木' },
        },
      }),
      // The week before: Tuesday 2026-12-01.
      booked(3, {
        amount: 1000 * scale,
        date: '2026-12-01',
        at: Date.parse('2026-12-01T03:00:00Z'),
      }),
    ];
    const sent = await call(office, 'POST', '/v1/device/records', {
      token: credential,
      body: { records },
    });
    expect(sent.status).toBe(200);
  }
  owner = await webSignIn(office, 'owner@example.jp');
}, 120_000);
afterAll(() => office.stop());

describe('a period', () => {
  it('a week of the chain: by day with the zero days, by store, and the week before', async () => {
    const week = await period('unit=week&date=2026-12-10');
    expect(week.current).toMatchObject({
      from: '2026-12-07',
      to: '2026-12-13',
      total: 31500,
      count: 4,
    });
    expect(week.current.byDay.map((d) => d.amount)).toEqual([16500, 0, 15000, 0, 0, 0, 0]);
    expect(week.previous).toMatchObject({ from: '2026-11-30', to: '2026-12-06', total: 3000 });
    expect(week.current.byStore.map((s) => [s.label, s.amount])).toEqual([
      ['Store B', 21000],
      ['Org A store', 10500],
    ]);
  });

  it('one store’s week by product, method, hour of its clock and staff', async () => {
    const week = await period(`unit=week&date=2026-12-07&storeId=${storeA}`);
    expect(week.current.total).toBe(10500);
    expect(week.current.byProduct.map((p) => [p.key, p.label, p.count, p.amount])).toEqual([
      ['booking:p-tour', '川下り', 4, 10000],
      ['item:i-umbrella', '傘', 1, 500],
    ]);
    expect(week.current.byMethod.map((m) => [m.key, m.amount])).toEqual([
      ['cash:', 5500],
      ['card:VISA', 5000],
    ]);
    expect(week.current.byHour).toHaveLength(24);
    expect(week.current.byHour.filter((h) => h.amount).map((h) => [h.key, h.amount])).toEqual([
      ['10', 5500],
      ['14', 5000],
    ]);
    expect(week.current.byStaff.map((s) => [s.label, s.amount])).toEqual([
      ['佐藤', 5500],
      ['鈴木', 5000],
    ]);
  });

  it('a month, and a day beside the day before', async () => {
    const month = await period('unit=month&date=2026-12-31');
    expect(month.current).toMatchObject({ from: '2026-12-01', to: '2026-12-31', total: 34500 });
    expect(month.current.byDay).toHaveLength(31);
    expect(month.previous).toMatchObject({ from: '2026-11-01', to: '2026-11-30', total: 0 });
    const day = await period('unit=day&date=2026-12-09');
    expect(day.current.total).toBe(15000);
    expect(day.previous).toMatchObject({ from: '2026-12-08', to: '2026-12-08', total: 0 });
  });

  it('the chain’s figures are its stores’ added, before its rows are folded, after, and as more come', async () => {
    const added = async (query: string) => {
      const [chain, a, b] = await Promise.all([
        period(query),
        period(`${query}&storeId=${storeA}`),
        period(`${query}&storeId=${storeB}`),
      ]);
      const sum = (part: 'byProduct' | 'byMethod' | 'byHour' | 'byStaff') => {
        const by = new Map<string, number>();
        for (const r of [...a.current[part], ...b.current[part]])
          by.set(r.key, (by.get(r.key) ?? 0) + r.amount);
        return [...by].filter(([, amount]) => amount !== 0).sort();
      };
      for (const part of ['byProduct', 'byMethod', 'byHour', 'byStaff'] as const)
        expect(
          chain.current[part]
            .filter((r) => r.amount !== 0)
            .map((r) => [r.key, r.amount])
            .sort(),
        ).toEqual(sum(part));
      expect(chain.current.byDay.map((d) => d.amount)).toEqual(
        a.current.byDay.map((d, i) => d.amount + b.current.byDay[i]!.amount),
      );
      expect(chain.current.total).toBe(a.current.total + b.current.total);
      return chain;
    };
    const unfolded = await added('unit=month&date=2026-12-01');
    expect(await foldChain(office.db, orgId)).toBeGreaterThan(0);
    expect(await foldChain(office.db, orgId)).toBe(0);
    expect(await added('unit=month&date=2026-12-01')).toEqual(unfolded);
    // Another sale on a day already folded (its store rows updated, not inserted), and a resend.
    const later = booked(4, {
      amount: 700,
      date: '2026-12-07',
      at: Date.parse('2026-12-07T01:40:00Z'),
      facts: { staff: { id: 'st-1', name: '佐藤' } },
    });
    for (let i = 0; i < 2; i++)
      expect(
        (
          await call(office, 'POST', '/v1/device/records', {
            token: counterA,
            body: { records: [later] },
          })
        ).status,
      ).toBe(200);
    const more = await added('unit=month&date=2026-12-01');
    expect(more.current.total).toBe(unfolded.current.total + 700);
    await foldChain(office.db, orgId);
    expect(await added('unit=month&date=2026-12-01')).toEqual(more);
  });

  it('refuses a day that is not one, and a unit it does not know', async () => {
    for (const query of ['unit=week&date=2026-02-30', 'unit=year&date=2026-12-01'])
      expect((await web(office, owner, 'GET', `/v1/web/period?${query}`)).status).toBe(400);
  });
});
