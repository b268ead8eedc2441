/**
 * Bookings paid on site across the shop's counters, through `Session.attachShop` over an
 * in-memory network (issue 27, decisions I4, I6): what the poller learnt a booking owes reaches
 * every counter (none asks the service again); money taken at one counter shows on the others as
 * paid, with its counter; two counters cut off from each other that both take it find the double
 * collection as soon as they meet — the later one owes it back, said on every counter — and a
 * second counter cannot start taking what one is taking.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../main/api/client';
import { silentLogger, type Store } from '../../../main/api/index';
import { collect, startCollecting } from '../../../main/desk/onsite/collect';
import { paymentViewOf } from '../../../main/desk/onsite/view';
import { refundsOwed } from '../../../main/desk/sales/refunds-owed';
import { Session } from '../../../main/desk/session';
import { SettingsFile } from '../../../main/desk/settings';
import { fixedKeyProvider } from '../../../main/local/index';
import { DEMO } from '../../../sandbox/scenario/demo';
import { MemoryNetwork } from '../../support/memory-bus';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { KYOTO, TEST_KEY, removeDir, storeDate, tempDir } from '../../local/support';
import { waitFor } from '../../support/wait';

describe('bookings paid on site across the shop', () => {
  let sb: TestSandbox;
  let store: Store;
  const sessions: Session[] = [];
  const dirs: string[] = [];
  // Tomorrow: the test product has room at any real hour.
  const date = storeDate(1);

  beforeAll(async () => {
    sb = await startTestSandbox();
    const stores = await sb.call('GET', '/v1/public/stores', { key: 'org-facility' });
    store = stores.body.data.find((s: Store) => s.id === KYOTO);
  });
  afterEach(() => {
    for (const s of sessions.splice(0)) s.close();
    for (const d of dirs.splice(0)) removeDir(d);
  });
  afterAll(() => sb.close());

  function counter(
    net: MemoryNetwork,
    id: string,
    onChange?: (session: Session) => void,
  ): { session: Session; settings: SettingsFile } {
    const dataDir = tempDir();
    dirs.push(dataDir);
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
      // What the status is told by (its count of refunds owed): the banner follows it.
      onChange: () => onChange?.(session),
    });
    // Not started: no background work; the service is asked only where a test says so.
    session.attachShop(net.join(id), `受付${id}`, { antiEntropyMs: 200 });
    sessions.push(session);
    return { session, settings: new SettingsFile(dataDir, silentLogger) };
  }

  /** A booking paid on site made on the booking site, known to every counter's cache. */
  function booked(...counters: Session[]): Reservation {
    const r = sb.sandbox.bookOnSite(
      KYOTO,
      {
        customer: { lastName: '共有' },
        items: [
          {
            productId: DEMO.products.apiTest,
            date,
            startTime: '10:00',
            adultCount: 3,
            childCount: 0,
          },
        ],
        paymentMethod: 'on_site',
      },
      'on_site',
    ) as Reservation;
    for (const s of counters) {
      s.local.cache.applyReservations([r], s.local.cache.retentionCutoff());
      s.local.cache.flush();
    }
    return r;
  }

  const paymentOn = (s: Session, r: Reservation) => paymentViewOf(s, r, date, undefined);
  const cash = (amount: number) => ({
    lines: [{ method: 'cash' as const, amount, received: amount, brand: null, reference: null }],
  });

  it('what the poller learnt a booking owes is known on every counter, asked once', async () => {
    const net = new MemoryNetwork();
    const [a, b, c] = ['1', '2', '3'].map((id) => counter(net, id).session) as [
      Session,
      Session,
      Session,
    ];
    const r = booked(a, b, c);
    const before = sb.sandbox.requests().length;
    const due = await a.dues.fetch(r, date, 'background');
    for (const s of [b, c]) {
      await waitFor(() => s.local.dues.get(date, r.id) !== null, 'the amount owed', 5_000);
      expect(s.local.dues.get(date, r.id)).toEqual(due);
      expect(paymentOn(s, r)).toMatchObject({
        due: due.amount,
        dueFrom: 'service',
        state: 'to_pay',
      });
      // Known already: nothing to ask.
      expect(s.dues.toAsk().map((o) => o.reservation.id)).not.toContain(r.id);
    }
    const previews = sb.sandbox
      .requests()
      .slice(before)
      .filter((q) => q.path.endsWith('/cancel-preview'));
    expect(previews).toHaveLength(1);
  });

  it('money taken at one counter shows on the others as paid, with its counter; no second start', async () => {
    const net = new MemoryNetwork();
    const a = counter(net, '1');
    const b = counter(net, '2');
    const r = booked(a.session, b.session);
    const due = (await a.session.dues.fetch(r, date, 'read')).amount;
    await net.settle();
    const started = await startCollecting(a.session, { reservationId: r.id, date });
    expect(started.claim.granted).toBe(true);
    // Another counter cannot start while 受付1 is taking it.
    const second = await startCollecting(b.session, { reservationId: r.id, date });
    expect(second.claim).toMatchObject({ granted: false, heldBy: { counterName: '受付1' } });
    await collect(a.session, a.settings, {
      reservationId: r.id,
      date,
      due,
      amount: due,
      discount: null,
      tender: cash(due),
      checkIn: null,
    });
    await waitFor(() => paymentOn(b.session, r).state === 'paid', 'paid on 受付2', 5_000);
    expect(paymentOn(b.session, r).collections).toEqual([
      expect.objectContaining({
        amount: due,
        counterName: '受付1',
        methods: ['cash'],
        mine: false,
      }),
    ]);
    // Taken, the claim is over: 受付2 is not held back, and there is nothing left to take.
    expect(b.session.shop!.claims.heldBy(r.id)).toBeNull();
    await expect(startCollecting(b.session, { reservationId: r.id, date })).rejects.toMatchObject({
      code: 'NOTHING_OWED',
    });
  });

  it('cut off from each other, two counters both take it: the later one owes it back once they meet', async () => {
    const net = new MemoryNetwork();
    const a = counter(net, '1');
    const b = counter(net, '2');
    // The refunds owed as the status counts them each time it is told something changed.
    let owedAsTold: number | null = null;
    const c = counter(net, '3', (session) => (owedAsTold = refundsOwed(session).length));
    const r = booked(a.session, b.session, c.session);
    const due = (await a.session.dues.fetch(r, date, 'read')).amount;
    await net.settle();
    net.partition(['1', '2'], ['3']);
    const take = (x: { session: Session; settings: SettingsFile }) =>
      collect(x.session, x.settings, {
        reservationId: r.id,
        date,
        due,
        amount: due,
        discount: null,
        tender: cash(due),
        checkIn: null,
      });
    const first = await take(b);
    const later = await take(c);
    expect(first.reservation.payment!.state).toBe('paid');
    expect(later.reservation.payment!.state).toBe('paid'); // it could not know
    expect(refundsOwed(c.session)).toEqual([]);
    net.heal();
    await waitFor(
      () => paymentOn(c.session, r).state === 'refund_owed',
      'the double collection on the later counter',
      5_000,
    );
    // Told as the collection arrived, not at the next presence or poll: the status's count of
    // refunds owed (and so the banner) says it at once.
    expect(owedAsTold).toBe(1);
    for (const s of [a, b, c])
      await waitFor(
        () => paymentOn(s.session, r).state === 'refund_owed',
        `the double collection on ${s.session.counter().name}`,
        5_000,
      );
    for (const s of [a, b, c]) {
      const p = paymentOn(s.session, r);
      expect(p).toMatchObject({ collected: 2 * due, stillOwed: 0, owedBack: due });
      expect(p.collections.map((x) => [x.id, x.excess])).toEqual([
        [first.entryId, 0],
        [later.entryId, due],
      ]);
    }
    // Loud on the counter that took it later: a refund owed, "collected twice".
    expect(refundsOwed(c.session, true)).toEqual([
      expect.objectContaining({ saleId: later.entryId, reason: 'collected_twice', amount: due }),
    ]);
    expect(refundsOwed(b.session, true)).toEqual([]);
  });
});
