/**
 * Searching the books: by date and amount range, booking number, staff and the guest's name
 * (kanji, kana, romaji, as the counter's search reads them), a page at a time; the guest's name
 * never in clear in the table; one record with its history, approver and receipts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../../../office/db/db';
import { becomeTenant } from '../../../office/db/tenant';
import { RecordDetail, SearchAnswer } from '../../../office/protocol/web';
import { normalizeText } from '../../../main/common/names';
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
let seq = 0;

const GUESTS = [
  { name: '山田 花子', readings: ['やまだはなこ'] },
  { name: '山田 花子', readings: ['やまだはなこ'] },
  { name: '髙橋 一郎', readings: ['たかはしいちろう'] },
  { name: 'Smith John', readings: [] },
];
const guest = (i: number) => {
  const g = GUESTS[i % GUESTS.length]!;
  return { name: g.name, keys: [normalizeText(g.name), ...g.readings] };
};

const send = async (records: unknown[]) => {
  const answer = await call(office, 'POST', '/v1/device/records', { token, body: { records } });
  expect(answer.status).toBe(200);
};
const search = async (query: string) => {
  const res = await web(office, owner, 'GET', `/v1/web/search?storeId=${storeId}&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SearchAnswer.parse(res.body);
};

let orgId: string;

beforeAll(async () => {
  office = await startTestOffice();
  ({ orgId, storeId } = await ownerWithStore(office));
  ({ credential: token } = await enrolCounter(office, orgId, storeId, 'c-1'));
  owner = await webSignIn(office, 'owner@example.jp');
  // 150 sales over November, each ¥(1000 + i·100), three guests in turn, two staff.
  const records = Array.from({ length: 150 }, (_, i) =>
    booked(++seq, {
      amount: 1000 + i * 100,
      date: `2026-11-${String(1 + (i % 30)).padStart(2, '0')}`,
      facts: {
        guest: guest(i),
        reservationNumber: `RSV-${1000 + i}`,
        staff: i % 2 ? { id: 'st-1', name: '佐藤' } : { id: 'st-2', name: '鈴木' },
      },
    }),
  );
  for (let i = 0; i < records.length; i += 50) await send(records.slice(i, i + 50));
}, 120_000);
afterAll(() => office.stop());

describe('search', () => {
  it('pages through a date range newest first, each record once', async () => {
    const seen: string[] = [];
    let after = '';
    let pages = 0;
    do {
      const page = await search(`from=2026-11-01&to=2026-11-30${after ? `&after=${after}` : ''}`);
      seen.push(...page.records.map((r) => r.id));
      const days = page.records.map((r) => `${r.businessDate}${String(r.at).padStart(15, '0')}`);
      expect(days).toEqual([...days].sort().reverse());
      after = page.next ?? '';
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(150);
  });

  it('finds by amount range, booking number and staff', async () => {
    const amounts = await search('from=2026-11-01&to=2026-11-30&min=1500&max=1800');
    expect(amounts.records.map((r) => r.amount).sort()).toEqual([1500, 1600, 1700, 1800]);
    const number = await search('from=2026-11-01&to=2026-11-30&reservation=rsv-1042');
    expect(number.records.map((r) => r.reservationNumber)).toEqual(['RSV-1042']);
    const staff = await search('from=2026-11-01&to=2026-11-30&staff=佐藤');
    expect(staff.records.length + (staff.next ? 1 : 0)).toBeGreaterThan(0);
    expect(new Set(staff.records.map((r) => r.staff?.name))).toEqual(new Set(['佐藤']));
  });

  it('finds a guest by kanji, kana, katakana and romaji, and a variant kanji by its common form', async () => {
    const holding = (name: string) =>
      Array.from({ length: 150 }, (_, i) => guest(i).name).filter((n) => n === name).length;
    for (const query of ['山田', 'やまだ', 'ヤマダ', 'yamada', 'はなこ', '高橋', 'たかはし']) {
      const expected = /山田|やまだ|ヤマダ|yamada|はなこ/.test(query) ? '山田 花子' : '髙橋 一郎';
      const all = [];
      let after = '';
      for (let page = 0; page < 5; page++) {
        const found = await search(
          `from=2026-11-01&to=2026-11-30&guest=${encodeURIComponent(query)}${after ? `&after=${after}` : ''}`,
        );
        all.push(...found.records);
        after = found.next ?? '';
        if (!after) break;
      }
      expect(all.length, query).toBe(holding(expected));
      expect(new Set(all.map((r) => r.guest)), query).toEqual(new Set([expected]));
    }
    const smith = await search(`from=2026-11-01&to=2026-11-30&guest=smith`);
    expect(smith.records).toHaveLength(holding('Smith John'));
    // Pieces in common in another order are no match: だや is in no name.
    expect(
      (await search(`from=2026-11-01&to=2026-11-30&guest=${encodeURIComponent('まだや')}`)).records,
    ).toEqual([]);
  });

  it('a guest’s name pages on to the end: 50, then the other 26, none twice', async () => {
    const first = await search(`from=2026-11-01&to=2026-11-30&guest=${encodeURIComponent('山田')}`);
    const second = await search(
      `from=2026-11-01&to=2026-11-30&guest=${encodeURIComponent('山田')}&after=${first.next}`,
    );
    expect(second.next).toBeNull();
    const ids = [...first.records, ...second.records].map((r) => r.id);
    expect(first.records).toHaveLength(50);
    expect(ids).toHaveLength(76);
    expect(new Set(ids).size).toBe(76);
  });

  it('finds a guest’s candidates by the terms’ index only within what the tenant may see', async () => {
    const [one] = await rows(
      office.db,
      z.object({ terms: z.string() }),
      'SELECT guest_terms::text AS terms FROM records WHERE guest_terms IS NOT NULL LIMIT 1',
    );
    const other = await ownerWithStore(office, 'other@example.jp', 'Org Other');
    const secondStore = (await office.admin.createStore(orgId, 'Second store')).id;
    const matches = (tenant: Parameters<typeof becomeTenant>[1]) =>
      office.db.transaction(async (tx) => {
        await becomeTenant(tx, tenant);
        return rows(
          tx,
          z.object({ record_id: z.string() }),
          `SELECT record_id FROM office_guest_matches($1, '2026-11-01', '2026-11-30', $2::text[])`,
          [storeId, [one!.terms]],
        );
      });
    expect((await matches({ orgId })).length).toBeGreaterThan(0);
    expect(await matches({ orgId: other.orgId })).toEqual([]);
    expect(await matches({ orgId, storeIds: [secondStore] })).toEqual([]);
    expect(await matches({ orgId, storeId: secondStore })).toEqual([]);
    expect((await matches({ orgId, storeIds: [storeId] })).length).toBeGreaterThan(0);
  });

  it('keeps no guest’s name in clear: not in any column of the table', async () => {
    const dump = await rows(
      office.db,
      z.object({ t: z.string() }),
      `SELECT r::text AS t FROM records r`,
    );
    const text = dump.map((d) => d.t).join('\n');
    for (const clear of ['山田', 'やまだ', '髙橋', 'たかはし', 'smith'])
      expect(text).not.toContain(clear);
  });

  it('refuses a range backwards and a store not asked right', async () => {
    const res = await web(
      office,
      owner,
      'GET',
      `/v1/web/search?storeId=${storeId}&from=2026-11-30&to=2026-11-01`,
    );
    expect(res.status).toBe(400);
    expect(
      (await web(office, owner, 'GET', `/v1/web/search?storeId=nope&from=2026-11-01&to=2026-11-30`))
        .status,
    ).toBe(400);
  });
});

describe('one record', () => {
  it('shows its history oldest first, who approved it, its notes and its receipts marked as issued', async () => {
    const saleId = 'sale-story';
    const copy = {
      locale: 'ja' as const,
      title: '領収書',
      blocks: [
        { kind: 'title' as const, text: '領収書' },
        {
          kind: 'rows' as const,
          rows: [{ kind: 'pair' as const, left: '合計', right: '¥7,600', style: 'total' }],
        },
      ],
    };
    const at = Date.parse('2026-12-07T02:00:00Z');
    await send([
      booked(++seq, {
        id: saleId,
        amount: 7600,
        date: '2026-12-07',
        at,
        facts: { guest: guest(0) },
      }),
      booked(++seq, {
        id: 'receipt-1',
        kind: 'receipt',
        amount: 0,
        date: '2026-12-07',
        at: at + 1000,
        facts: {
          refersTo: saleId,
          payments: [],
          taxes: [],
          sale: null,
          receipt: { reissue: false, ryoshusho: true, copy },
        },
      }),
      {
        ...booked(++seq, {
          id: 'refund-1',
          kind: 'refund',
          amount: -7600,
          date: '2026-12-08',
          at: at + 86_400_000,
          facts: {
            refersTo: saleId,
            payments: [{ method: 'cash', brand: null, amount: -7600 }],
            approvedBy: { id: 'mgr', name: '店長' },
            sale: null,
          },
        }),
        body: { id: 'refund-1', note: '雨天のため返金' },
      },
    ]);
    const found = await search(`from=2026-12-08&to=2026-12-08&min=7600&max=7600`);
    expect(found.records.map((r) => r.id)).toEqual(['refund-1']);
    const res = await web(office, owner, 'GET', `/v1/web/records/${found.records[0]!.key}`);
    const detail = RecordDetail.parse(res.body);
    expect(detail.record.approvedBy).toEqual({ id: 'mgr', name: '店長' });
    expect(detail.notes).toEqual(['雨天のため返金']);
    expect(detail.history.map((r) => r.id)).toEqual([saleId, 'receipt-1', 'refund-1']);
    const ofSale = RecordDetail.parse(
      (await web(office, owner, 'GET', `/v1/web/records/${detail.history[0]!.key}`)).body,
    );
    expect(ofSale.record.guest).toBe('山田 花子');
    expect(ofSale.receipts).toEqual([expect.objectContaining({ reissue: false, copy })]);
    expect((await web(office, owner, 'GET', '/v1/web/records/bm90LWEta2V5')).status).toBe(404);
  });
});
