/**
 * The store's close over the shop (issue 12's shared state): three counters on an in-memory bus,
 * each publishing its close summary of the day; the store's close adds them up (this counter's
 * live), a counter alone is the store alone, and a bad summary stands alone, reported; the
 * store's on-site line adds up every counter's collections (a counter of an older version, none);
 * its items by rate and category, discounts given and cash in/out add up the counters that
 * published them, and name the counter of an older version that did not (Z13).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type Store } from '../../../main/api/index';
import { closeViewOf, commitClose } from '../../../main/desk/close/counter-close';
import { closeApp } from '../../../main/desk/close/app';
import { storeClose, summaryOf } from '../../../main/desk/close/store-close';
import { Session } from '../../../main/desk/session';
import { TenderMethod } from '../../../main/ipc/contract';
import type { ItemLine } from '../../../main/common';
import { fixedKeyProvider } from '../../../main/local/index';
import type { NewRecord } from '../../../main/local/journal/records';
import { DEMO } from '../../../sandbox/scenario/demo';
import { MemoryNetwork } from '../../support/memory-bus';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { KYOTO, TEST_KEY, removeDir, tempDir, testClient } from '../../local/support';
import { sendRaw } from '../../shop/shared/counters';
import { at, cashMove, collection, count, sale } from './records';
import { waitFor } from '../../support/wait';
import type { CloseSummary } from '../../../main/shop/shared/records';

const DATE = '2026-11-20';
const NOW = at('2026-11-20', '19:00');

describe('the store’s close over the shop', () => {
  let sb: TestSandbox;
  let store: Store;
  const sessions: Session[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    sb = await startTestSandbox();
    const client = testClient(sb.baseUrl, sb.key('org-facility'));
    store = (await client.stores()).find((s) => s.id === KYOTO)!;
    client.close();
  });
  afterEach(() => {
    for (const s of sessions.splice(0)) s.close();
    for (const d of dirs.splice(0)) removeDir(d);
  });
  afterAll(() => sb.close());

  /**
   * A counter; in a shop, once its own figures of the day are published there, as every counter
   * publishes them when it joins (AA20). The records these tests write go to the journal alone, so
   * what each counter publishes after that is the test's (`publish`, `setOwnClose`).
   */
  async function counter(id: string, net: MemoryNetwork | null): Promise<Session> {
    const dataDir = tempDir();
    const session = new Session({
      serviceUrl: sb.baseUrl,
      apiKey: () => sb.key('org-facility'),
      storeId: KYOTO,
      store,
      plan: { requests: 1_000, windowMs: 60_000 },
      dataDir,
      organizationId: DEMO.organizations.main,
      keyProvider: fixedKeyProvider(TEST_KEY),
      counter: { id, host: `pc-${id}` },
      counterName: () => `受付${id}`,
      logger: silentLogger,
      now: () => NOW,
    });
    // Never started: the close reads the journal and the shared state, not the service.
    if (net) session.attachShop(net.join(id), `受付${id}`, { antiEntropyMs: 200 });
    sessions.push(session);
    dirs.push(dataDir);
    if (net)
      await waitFor(
        () => session.shared!.closes(DATE).some((x) => x.counterId === id),
        'its own figures in the shop',
        5_000,
      );
    return session;
  }

  const sell = (s: Session, record: NewRecord) =>
    s.journal.append({ ...record, counterId: s.counter().id, counterName: s.counter().name });
  const live = (s: Session) =>
    closeViewOf(s, { date: DATE, openingFloat: 10_000, counted: null, note: null }, NOW, 0);
  const publish = (s: Session) => s.shared!.setOwnClose(summaryOf(live(s), NOW));
  /** Whether `s` holds counter `id`'s figures of the day, as `ok` says they are. */
  const holds = (s: Session, id: string, ok: (x: CloseSummary) => boolean) =>
    s.shared!.closes(DATE).some((x) => x.counterId === id && ok(x));

  it('adds up every counter’s close: closed ones as closed, this one live, none of a guest', async () => {
    const net = new MemoryNetwork();
    const [a, b, c] = (await Promise.all(['1', '2', '3'].map((id) => counter(id, net)))) as [
      Session,
      Session,
      Session,
    ];
    sell(a, sale(DATE, '10:00', 5_000, [{ method: 'cash', amount: 5_000 }]));
    sell(b, sale(DATE, '11:00', 7_000, [{ method: 'card', amount: 7_000 }]));
    sell(c, sale(DATE, '12:00', 3_000, [{ method: 'cash', amount: 3_000 }]));
    sell(c, sale(DATE, '12:30', 2_000, [{ method: 'qr', amount: 2_000 }]));

    // 1 closes 500 short (with a note); 2 has only previewed; 3 asks for the store's close.
    const closed = commitClose(
      a,
      {
        date: DATE,
        openingFloat: 10_000,
        counted: count({ '10000': 1, '1000': 4, '500': 1 }),
        note: '小銭の数え違い',
      },
      NOW,
      0,
    );
    a.shared!.setOwnClose(summaryOf(closed, NOW));
    publish(b);
    await waitFor(
      () =>
        holds(c, '1', (x) => x.closed) &&
        holds(c, '2', (x) => x.byTender.some((t) => t.method === 'card' && t.sales === 7_000)),
      'summaries',
      5_000,
    );

    const total = storeClose(live(c), c.shared);
    expect(total.counters.map((x) => [x.counterId, x.closed, x.overShort])).toEqual([
      ['3', false, null],
      ['1', true, -500],
      ['2', false, null],
    ]);
    expect(total.counters[0]!.publishedAt).toBeNull();
    expect(total.counters[1]!.publishedAt).toBe(NOW);
    // A row per method of the table, in its order, whatever the counters published.
    expect(total.byTender.map((t) => t.method)).toEqual(TenderMethod.options);
    const by = Object.fromEntries(total.byTender.map((t) => [t.method, t.sales]));
    expect(by).toMatchObject({ cash: 8_000, card: 7_000, qr: 2_000, other: 0 });
    expect(total.overShort).toBe(-500);
    expect(total.unreadable).toEqual([]);
    // What is shared holds no customer data and no note.
    const shared = JSON.stringify(c.shared!.closes(DATE));
    expect(shared).not.toContain('山田');
    expect(shared).not.toContain('小銭');
  });

  it('without a shop the store’s close is this counter alone', async () => {
    const s = await counter('9', null);
    sell(s, sale(DATE, '10:00', 4_000, [{ method: 'card', amount: 4_000 }]));
    const total = storeClose(live(s), s.shared);
    expect(total.counters).toHaveLength(1);
    expect(total.byTender.find((t) => t.method === 'card')!.sales).toBe(4_000);
  });

  it('a summary that fails its schema is left out and reported; the others stand', async () => {
    const net = new MemoryNetwork();
    const [a, b] = (await Promise.all(['1', '2'].map((id) => counter(id, net)))) as [
      Session,
      Session,
    ];
    sell(b, sale(DATE, '11:00', 7_000, [{ method: 'card', amount: 7_000 }]));
    publish(b);
    const rogue = net.join('x');
    sendRaw(rogue, '1', (doc) => {
      doc.getMap('closes').set(`x/${DATE}`, {
        storeId: KYOTO,
        counterId: 'x',
        counterName: 'X',
        date: DATE,
        closed: true,
        byTender: [{ method: 'cash', sales: -5, refunds: 0, corrections: 0, count: 1 }],
        expectedCash: 0,
        countedCash: 0,
        overShort: 0,
        publishedAt: NOW,
      });
      doc.getMap('closes').set(`y/${DATE}`, { customerName: '山田', date: DATE });
    });
    await waitFor(
      () =>
        holds(a, '2', (x) => x.byTender.some((t) => t.sales === 7_000)) &&
        a.shared!.problems().filter((p) => p.area === 'closes').length === 2,
      'the summaries',
      5_000,
    );
    const total = storeClose(live(a), a.shared);
    expect(total.counters.map((x) => x.counterId)).toEqual(['1', '2']);
    expect(total.byTender.find((t) => t.method === 'card')!.sales).toBe(7_000);
    expect(total.unreadable).toEqual([
      { counterId: 'x', issue: expect.stringContaining('byTender') },
      { counterId: 'y', issue: expect.any(String) },
    ]);
  });

  it('the store’s on-site line adds up every counter’s collections, no guest in what is shared', async () => {
    const net = new MemoryNetwork();
    const [a, b, c] = (await Promise.all(['1', '2', '3'].map((id) => counter(id, net)))) as [
      Session,
      Session,
      Session,
    ];
    const apology = { amount: 500, reason: 'apology' as const };
    sell(a, collection(DATE, '10:00', 12_000, [{ method: 'cash', amount: 12_000 }], apology));
    sell(b, collection(DATE, '11:00', 7_000, [{ method: 'card', amount: 7_000 }]));
    sell(b, collection(DATE, '11:30', 3_000, [{ method: 'cash', amount: 3_000 }]));
    sell(c, sale(DATE, '12:00', 2_000, [{ method: 'cash', amount: 2_000 }]));
    publish(b);
    // Counter 3 runs a version from before on-site payments: its summary has no on-site part.
    const { onSite: _none, ...older } = summaryOf(live(c), NOW);
    c.shared!.setOwnClose(older);
    await waitFor(
      () => holds(a, '2', (x) => x.onSite?.count === 2) && holds(a, '3', (x) => !x.onSite),
      'summaries',
      5_000,
    );

    const total = storeClose(live(a), a.shared);
    expect(total.onSite.collections).toEqual({ count: 3, amount: 22_000 });
    expect(total.onSite.byTender).toEqual([
      { method: 'cash', amount: 15_000, count: 2 },
      { method: 'card', amount: 7_000, count: 1 },
    ]);
    expect(total.onSite.discounts).toBe(500);
    // The drawer's totals count them too, once each (the walk-in's sale beside them).
    expect(total.byTender.find((t) => t.method === 'cash')!.sales).toBe(17_000);
    // This counter's own line is its own: the store's is the sum.
    expect(live(a).onSite.collections).toEqual({ count: 1, amount: 12_000 });
    const shared = JSON.stringify(a.shared!.closes(DATE));
    expect(shared).not.toContain('佐藤');
    expect(shared).not.toContain('R-11:00');

    // A summary whose on-site part is not money stands alone: left out, reported.
    const rogue = net.join('x');
    sendRaw(rogue, '1', (doc) => {
      doc.getMap('closes').set(`x/${DATE}`, {
        ...older,
        storeId: KYOTO,
        counterId: 'x',
        counterName: 'X',
        date: DATE,
        onSite: { count: 1, amount: -5, byTender: [], discounts: 0 },
      });
    });
    await waitFor(
      () => a.shared!.problems().some((p) => p.area === 'closes' && p.counterId === 'x'),
      'the rogue summary',
      5_000,
    );
    expect(storeClose(live(a), a.shared).onSite.collections).toEqual({ count: 3, amount: 22_000 });
  });

  it('adds up items by rate and category, discounts and cash in/out; an older counter is named, not counted as 0', async () => {
    const net = new MemoryNetwork();
    const [a, b, c] = (await Promise.all(['1', '2', '3'].map((id) => counter(id, net)))) as [
      Session,
      Session,
      Session,
    ];
    const umbrella: ItemLine = {
      itemId: 'umbrella',
      name: { ja: '傘レンタル', en: 'Umbrella rental' },
      category: 'rental',
      unitPrice: 300,
      quantity: 1,
      taxRate: 10,
    };
    const tea = (quantity: number): ItemLine => ({
      itemId: 'tea',
      name: { ja: '緑茶', en: 'Green tea' },
      category: 'drink',
      unitPrice: 150,
      quantity,
      taxRate: 8,
    });
    const apology = { id: 'apology', ja: 'お詫び', en: 'Apology' };
    const ticket = (unitPrice: number) => [
      { productId: 'p-1', name: '嵐山サイクリング', unitPrice, quantity: 1 },
    ];
    // 1: a walk-in with a rental and a drink; change put in.
    sell(a, {
      ...sale(DATE, '10:00', 5_450, [{ method: 'cash', amount: 5_450 }], ticket(5_000)),
      goods: [umbrella, tea(1)],
    } as NewRecord);
    sell(a, cashMove(DATE, '09:00', 'in', 5_000, 'float'));
    // 2: a walk-in with ¥500 off (an apology), two drinks alone; a supplier paid, change made.
    sell(b, {
      ...sale(DATE, '11:00', 6_500, [{ method: 'card', amount: 6_500 }]),
      servicePrice: 7_000,
      counterDiscounts: [{ line: null, kind: 'amount', value: 500, amount: 500, reason: apology }],
      discountNotes: ['山田様 待たせた'],
    } as NewRecord);
    sell(b, {
      businessDate: DATE,
      at: at(DATE, '11:30'),
      kind: 'goods',
      currency: 'JPY',
      goods: [tea(2)],
      total: 300,
      tender: [{ method: 'cash', amount: 300, received: null, brand: null, reference: null }],
      change: 0,
    } as NewRecord);
    sell(b, {
      ...cashMove(DATE, '12:00', 'out', 2_000, 'expense'),
      note: '酒屋 山田さん',
    } as NewRecord);
    sell(b, cashMove(DATE, '12:10', 'exchange', 10_000, 'bank'));
    publish(b);
    // 3 runs a version from before these parts: its summary has none of them.
    sell(c, {
      ...sale(DATE, '12:00', 3_150, [{ method: 'cash', amount: 3_150 }], ticket(3_000)),
      goods: [tea(1)],
    } as NewRecord);
    sell(c, cashMove(DATE, '09:30', 'in', 1_000, 'float'));
    const {
      items: _items,
      discountsGiven: _discounts,
      cashMoves: _cash,
      ...older
    } = summaryOf(live(c), NOW);
    c.shared!.setOwnClose(older);
    await waitFor(
      () => holds(a, '2', (x) => x.cashMoves?.count === 2) && holds(a, '3', (x) => !x.items),
      'summaries',
      5_000,
    );

    const total = storeClose(live(a), a.shared);
    // By rate: 1's tickets and rental and 2's discounted walk-in at 10 %; the drinks at 8 %
    // (1's one and 2's two: each counter's receipts' tax, summed). Nothing of 3's.
    expect(total.items.byRate).toEqual([
      { rate: 10, amount: 5_300 + 6_500, tax: 481 + 590 },
      { rate: 8, amount: 150 + 300, tax: 11 + 22 },
    ]);
    expect(total.items.alone).toEqual({ count: 1, amount: 300 });
    expect(total.items.byCategory).toEqual([
      { category: 'rental', quantity: 1, amount: 300 },
      { category: 'drink', quantity: 3, amount: 450 },
    ]);
    expect(total.discountsGiven).toEqual({
      count: 1,
      amount: 500,
      byReason: [{ ...apology, count: 1, amount: 500 }],
    });
    expect(total.cashMoves).toEqual({ in: 5_000, out: 2_000, exchanged: 10_000, count: 3 });
    // 3 is named with what it did not report; its drawer's figures still count (they are there).
    expect(total.notReported).toEqual([
      { counterId: '3', counterName: '受付3', parts: ['items', 'discountsGiven', 'cashMoves'] },
    ]);
    expect(total.counters.map((x) => x.counterId)).toEqual(['1', '2', '3']);
    // No note and no guest ride along in what is shared.
    const shared = JSON.stringify(a.shared!.closes(DATE));
    expect(shared).not.toContain('山田');
    expect(shared).toContain('お詫び');

    // Once 3 runs this version, its parts count and it is no longer named.
    c.shared!.setOwnClose(summaryOf(live(c), NOW));
    await waitFor(
      () => a.shared!.closes(DATE).every((s) => s.cashMoves !== undefined),
      'the newer summary',
      5_000,
    );
    const after = storeClose(live(a), a.shared);
    expect(after.notReported).toEqual([]);
    expect(after.cashMoves.in).toBe(6_000);
    expect(after.items.byRate.find((r) => r.rate === 8)!.amount).toBe(600);
  });

  it('a part that is not money stands alone: the summary is left out and reported', async () => {
    const net = new MemoryNetwork();
    const a = await counter('1', net);
    const rogue = net.join('x');
    const {
      storeId: _s,
      counterId: _c,
      ...own
    } = summaryOf(live(a), NOW) as ReturnType<typeof summaryOf> & {
      storeId?: string;
      counterId?: string;
    };
    sendRaw(rogue, '1', (doc) => {
      doc.getMap('closes').set(`x/${DATE}`, {
        ...own,
        storeId: KYOTO,
        counterId: 'x',
        counterName: 'X',
        cashMoves: { in: -1, out: 0, exchanged: 0, count: 1 },
      });
    });
    await waitFor(
      () => a.shared!.problems().some((p) => p.area === 'closes' && p.counterId === 'x'),
      'the rogue summary',
      5_000,
    );
    const total = storeClose(live(a), a.shared);
    expect(total.counters.map((x) => x.counterId)).toEqual(['1']);
    expect(total.unreadable).toEqual([
      { counterId: 'x', issue: expect.stringContaining('cashMoves') },
    ]);
  });

  it('the report of a counter of a shop ends with the store’s part; a counter alone has none', async () => {
    const net = new MemoryNetwork();
    const [a, b] = (await Promise.all(['1', '2'].map((id) => counter(id, net)))) as [
      Session,
      Session,
    ];
    sell(b, cashMove(DATE, '12:00', 'out', 2_000, 'expense'));
    publish(b);
    await waitFor(() => holds(a, '2', (x) => x.cashMoves?.out === 2_000), 'the summary', 5_000);
    const appOf = (session: Session) =>
      closeApp(
        {
          sessions: { require: () => session },
          now: () => NOW,
          logger: silentLogger,
        } as unknown as Parameters<typeof closeApp>[0],
        () => 0,
      );
    const { html } = await appOf(a)['close.report'].handle({ date: DATE, locale: 'en' });
    const store = html.slice(html.indexOf('The whole store'));
    expect(html).toContain('The whole store');
    expect(store).toContain('受付2');
    expect(store).toContain('−¥2,000');
    const alone = await counter('9', null);
    expect(
      (await appOf(alone)['close.report'].handle({ date: DATE, locale: 'en' })).html,
    ).not.toContain('The whole store');
  });
});
