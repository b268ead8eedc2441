/**
 * The store's close over a real shop (issue 39, defect 2): three counters, each a desk's session
 * holder with its close app, their shops on the TLS mesh over loopback, each pair through a route
 * that can be cut (the shop harness's). On-site money is taken on each — 6, 2 and 2 collections of
 * ¥7,000 — and nobody at B or C opens a close: A's store close adds up all 10 · ¥70,000 (each
 * counter keeps its figures in the shop as it records, AA20). B and C have not counted: no counted
 * cash, no over/short — not even once B's close screen has shown its empty count. With C's link
 * down, A's store close names C as not reached, its figures as of when they were last shared, and
 * what C took since is missing (AA21).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type Store } from '../../../main/api/index';
import { closeApp } from '../../../main/desk/close/app';
import { todayIn } from '../../../main/desk/day/day';
import { SessionHolder } from '../../../main/desk/session-holder';
import { NOT_SET_UP, SettingsFile } from '../../../main/desk/settings';
import { meshShopOpener } from '../../../main/desk/shop/open-shop';
import { fixedKeyProvider } from '../../../main/local/index';
import type { RecordOf } from '../../../main/desk/till/till';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { freePort, relayRoute, type LanRoute } from '../../support/shop-harness';
import { waitFor } from '../../support/wait';
import { KYOTO, TEST_KEY, removeDir, tempDir, testClient } from '../../local/support';
import { collection } from './records';

const ZONE = 'Asia/Tokyo';
const EMPTY_COUNT = {
  '10000': 0,
  '5000': 0,
  '2000': 0,
  '1000': 0,
  '500': 0,
  '100': 0,
  '50': 0,
  '10': 0,
  '5': 0,
  '1': 0,
};

interface Desk {
  name: string;
  holder: SessionHolder;
  close: ReturnType<typeof closeApp>;
  dataDir: string;
}

describe('the store’s close adds up every counter of the shop, and says who it could not reach', () => {
  let sb: TestSandbox;
  let store: Store;
  const desks: Desk[] = [];
  const routes: LanRoute[] = [];

  beforeAll(async () => {
    sb = await startTestSandbox();
    const client = testClient(sb.baseUrl, sb.key('org-facility'));
    store = (await client.stores()).find((s) => s.id === KYOTO)!;
    client.close();
  });
  afterEach(async () => {
    for (const d of desks.splice(0)) {
      d.holder.close();
      removeDir(d.dataDir);
    }
    for (const r of routes.splice(0)) await r.close();
  });
  afterAll(() => sb.close());

  /** Three counters, each reaching each other through a route of its own: routes[i][j]. */
  async function shop(n: number): Promise<{ desks: Desk[]; route: LanRoute[][] }> {
    const ports = await Promise.all(Array.from({ length: n }, () => freePort()));
    const route: LanRoute[][] = [];
    for (let i = 0; i < n; i++) {
      route.push([]);
      for (let j = 0; j < n; j++) {
        const r = i === j ? null : await relayRoute(ports[j]!);
        if (r) routes.push(r);
        route[i]!.push(r!);
      }
    }
    const made = ports.map((port, i) => {
      const name = `受付${String.fromCharCode(65 + i)}`;
      const dataDir = tempDir();
      const settings = new SettingsFile(dataDir, silentLogger);
      settings.save({
        ...NOT_SET_UP,
        mode: 'live',
        serviceUrl: sb.baseUrl,
        storeId: KYOTO,
        plan: 'facility',
        store: { id: store.id, name: String(store.name) },
        shop: { counterName: name, sharing: true, peers: [], port: null },
      });
      const holder = new SessionHolder({
        dataDir,
        settings,
        keyProvider: fixedKeyProvider(TEST_KEY),
        counter: { id: `c-${i + 1}`, host: `pc-${i + 1}` },
        openShop: meshShopOpener({
          listenHost: '127.0.0.1',
          discovery: false,
          port,
          peers: route[i]!.flatMap((r, j) => (j === i ? [] : [`127.0.0.1:${r.port}`])),
          heartbeatMs: 100,
          deadAfterMs: 600,
          antiEntropyMs: 200,
        }),
        logger: silentLogger,
        emit: () => {},
        now: Date.now,
      });
      const close = closeApp(
        {
          sessions: holder,
          settings,
          now: () => holder.now(),
          logger: silentLogger,
        } as unknown as Parameters<typeof closeApp>[0],
        () => 0,
      );
      holder.open({
        serviceUrl: sb.baseUrl,
        apiKey: () => sb.key('org-facility'),
        store,
        plan: 'facility',
        mode: 'live',
      });
      const desk = { name, holder, close, dataDir };
      desks.push(desk);
      return desk;
    });
    return { desks: made, route };
  }

  const present = (d: Desk) =>
    (d.holder.current?.shop?.view().counters ?? []).filter((c) => c.present).length;

  /**
   * On-site money taken at a counter: `n` collections of ¥7,000 in cash, through the till as
   * onsite.collect records them (stamped now, on today's business day).
   */
  function take(d: Desk, date: string, n: number, from = 0): void {
    const s = d.holder.require();
    for (let k = from; k < from + n; k++) {
      const {
        id: _id,
        kind: _kind,
        at: _at,
        businessDate: _day,
        ...body
      } = collection(date, `1${k % 10}:0${k % 6}`, 7_000, [
        { method: 'cash', amount: 7_000, received: 7_000 },
      ]) as RecordOf<'collection'> & { id?: string };
      s.till.record('collection', body);
    }
  }

  const storeOf = (d: Desk, date: string) => d.close['close.store'].handle({ date });

  it('adds up all three counters with none of B and C having opened its close; with C cut off, names C as not reached', async () => {
    const {
      desks: [a, b, c],
      route,
    } = (await shop(3)) as { desks: [Desk, Desk, Desk]; route: LanRoute[][] };
    await waitFor(() => [a, b, c].every((d) => present(d) === 2), 'the three counters linked', {
      timeoutMs: 30_000,
      everyMs: 50,
    });
    const date = todayIn(ZONE);
    take(a, date, 6);
    take(b, date, 2);
    take(c, date, 2);

    // A's store close: every counter's money, though B's and C's staff have opened nothing.
    const whole = await waitFor(
      async () => {
        const s = await storeOf(a, date);
        expect(s.onSite.collections).toEqual({ count: 10, amount: 70_000 });
        return s;
      },
      'A’s store close to add up the three counters',
      { timeoutMs: 10_000, everyMs: 50 },
    );
    expect(whole.counters.map((x) => x.counterName)).toEqual(['受付A', '受付B', '受付C']);
    expect(whole.byTender.find((t) => t.method === 'cash')!.sales).toBe(70_000);
    expect(whole.missing).toEqual([]);
    // Nobody has counted: no counted cash, no over/short, anywhere.
    for (const row of whole.counters)
      expect([row.countedCash, row.overShort, row.reached]).toEqual([null, null, true]);
    expect(whole.overShort).toBe(0);

    // B's staff open the close screen: it previews an empty count, which is no count.
    await b.close['close.preview'].handle({ date, openingFloat: 0, counted: EMPTY_COUNT });
    await waitFor(
      () =>
        a.holder
          .require()
          .shared!.closes(date)
          .some((x) => x.counterName === '受付B' && x.publishedAt),
      'B’s summary',
      5_000,
    );
    const afterPreview = await storeOf(a, date);
    const rowB = afterPreview.counters.find((x) => x.counterName === '受付B')!;
    expect(rowB).toMatchObject({
      closed: false,
      expectedCash: 14_000,
      countedCash: null,
      overShort: null,
    });
    expect(afterPreview.overShort).toBe(0);

    // C's link goes down (both ways, to A and to B); it takes one more collection meanwhile.
    for (const r of [route[0]![2]!, route[2]![0]!, route[1]![2]!, route[2]![1]!]) await r.cut();
    await waitFor(() => present(a) === 1 && present(c) === 0, 'C cut off', {
      timeoutMs: 15_000,
      everyMs: 50,
    });
    take(c, date, 1, 2);
    const cut = await storeOf(a, date);
    const rowC = cut.counters.find((x) => x.counterName === '受付C')!;
    expect(rowC).toMatchObject({
      reached: false,
      hasFigures: true,
      countedCash: null,
      overShort: null,
    });
    expect(cut.missing).toEqual([
      { counterId: 'c-3', counterName: '受付C', reason: 'not_reached', asOf: rowC.publishedAt },
    ]);
    expect(rowC.publishedAt).not.toBeNull();
    // What is known is counted — and said to be short of C's since.
    expect(cut.onSite.collections).toEqual({ count: 10, amount: 70_000 });
  }, 90_000);
});
