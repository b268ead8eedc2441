/**
 * One shop, three counters (issue 12), as separate processes through the shop harness: one
 * sandbox, three browser hosts set up without the keyboard on the same key and store, each with
 * its own folder, meshed over TLS on loopback through routes that can be cut. One counter polls for the
 * shop; a check-in, a walk-in, a cancellation and the seats queued walk-ins hold show on every
 * counter at once; a race of two check-ins gives one record; a counter cut off catches up; the
 * polling counter killed with -9 is replaced within 10 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopView } from '../../main/ipc/contract';
import {
  allReservations,
  bookableSlot,
  checkIn,
  isReservationPoll,
  partiesToCheckIn,
  viewOn,
  walkIn,
} from '../support/shop-actions';
import { startShopHarness, type Counter, type ShopHarness } from '../support/shop-harness';
import { waitFor } from '../support/wait';

/** A counter watching the day polls every 20 s: two polls come well within this. */
const POLLS_MS = 90_000;
let shop: ShopHarness;

beforeAll(async () => {
  shop = await startShopHarness({ counters: 3 });
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

/** What a counter's status says of the shop (sharing is on for these hosts). */
async function shopOf(c: Counter): Promise<ShopView> {
  const { shop: view } = await c.call('status.get', {});
  if (!view.sharing) throw new Error(`${c.name} is not sharing: ${view.reason}`);
  return view;
}

const synced = (c: Counter) =>
  waitFor(
    async () => {
      const s = await c.call('status.get', {});
      return s.syncedAt !== null && s.sync?.done !== false && s;
    },
    `${c.name}'s first sync`,
    30_000,
  );

/** Wait until `c` has sent `n` background reservation polls since `from`. */
const polled = (c: Counter, from: number, n: number) =>
  waitFor(() => c.service.count(from, isReservationPoll) >= n, `${n} polls by ${c.name}`, {
    timeoutMs: POLLS_MS,
    everyMs: 200,
  });

describe('three browser hosts on one sandbox key and store', () => {
  it('one host starts already set up on the store, from the key file', async () => {
    const first = await shop.start(0);
    expect(await first.call('setup.status', {})).toMatchObject({
      mode: 'live',
      plan: 'facility',
      store: { id: shop.storeId },
    });
    await synced(first);
    await first.call('day.get', { date: null });
    // Alone, it polls the service itself, after its first sync.
    await polled(first, Date.now(), 1);
  }, 120_000);

  it('three hosts: every one set up and showing the same day', async () => {
    const [, second, third] = await Promise.all([1, 2].map((i) => shop.start(i))).then((c) => [
      shop.counters[0]!,
      ...c,
    ]);
    for (const c of [second!, third!]) await synced(c);
    const days = await Promise.all(shop.counters.map((c) => allReservations(c, null)));
    const ids = days.map((d) => d.map((r) => r.id).sort());
    expect(ids[0]!.length).toBeGreaterThan(0);
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    expect(new Set(shop.counters.map((c) => c.pid)).size).toBe(3);
  }, 120_000);

  it('one counter polls the service for the shop; the others send no background poll', async () => {
    await waitFor(
      async () => {
        const all = await Promise.all(shop.counters.map(shopOf));
        const present = all.every((v) => v.counters.filter((c) => c.present).length === 2);
        return present && all.filter((v) => v.self.polling).length === 1;
      },
      'three counters present, one polling',
      30_000,
    );
    const views = await Promise.all(shop.counters.map(shopOf));
    const poller = views.findIndex((v) => v.self.polling);
    // Every counter names the same poller.
    for (const v of views)
      expect(v.self.polling ? v.self.name : v.counters.find((c) => c.polling)?.name).toBe(
        shop.counters[poller]!.name,
      );
    const from = Date.now();
    // Shop-wide background traffic is the poller's alone, over two of its polls (the ratio to one
    // counter is the bench's figure).
    await polled(shop.counters[poller]!, from, 2);
    shop.counters.forEach((c, i) => {
      const sent = c.service.log.filter((r) => r.at >= from).map((r) => `${r.method} ${r.path}`);
      if (i !== poller) expect(sent).toEqual([]);
    });
  }, 120_000);

  it('a check-in at one counter shows on the others, with the counter that made it', async () => {
    const [first, second, third] = shop.counters as [Counter, Counter, Counter];
    const [party] = await partiesToCheckIn([first], 1);
    const made = await checkIn(first, party!);
    expect(made.checkIn).toMatchObject({ state: 'arrived', counterName: first.name });
    for (const c of [second, third]) {
      const seen = await waitFor(
        async () => {
          const v = await viewOn(c, party!.date, party!.id);
          return v?.checkIn?.eventId === made.checkIn!.eventId ? v : null;
        },
        `the check-in on ${c.name}`,
        { timeoutMs: 10_000, everyMs: 100 },
      );
      expect(seen.checkIn).toMatchObject({ state: 'arrived', counterName: first.name });
    }
  }, 60_000);

  it('two counters check the same party in at once: one record on all three', async () => {
    const [first, second, third] = shop.counters as [Counter, Counter, Counter];
    const [, party] = await partiesToCheckIn([first], 2);
    const record = (c: Counter) =>
      c.result('checkin.record', {
        reservationId: party!.id,
        date: party!.date,
        state: 'arrived',
        adults: party!.adults,
        children: party!.children,
        basis: null,
      });
    const answers = await Promise.all([record(second), record(third)]);
    // Each was either recorded or refused because the other's came first: never an error else.
    for (const a of answers) if (!a.ok) expect(a.error.code).toBe('CHECKIN_CHANGED_ELSEWHERE');
    const views = await waitFor(
      async () => {
        const all = await Promise.all(shop.counters.map((c) => viewOn(c, party!.date, party!.id)));
        const ids = new Set(all.map((v) => v?.checkIn?.eventId ?? null));
        return ids.size === 1 && !ids.has(null) ? all : null;
      },
      'one check-in on every counter',
      { timeoutMs: 10_000, everyMs: 100 },
    );
    const winner = views[0]!.checkIn!;
    expect([second.name, third.name]).toContain(winner.counterName);
    if (answers.every((a) => a.ok)) {
      // Both were recorded before either heard of the other: the loser is told who won.
      const loser = winner.counterName === second.name ? 2 : 1;
      expect(views[loser]!.checkInConflict).toMatchObject({ counterName: winner.counterName });
    }
  }, 60_000);

  it('a walk-in and its cancellation at one counter reach the others at once, not at their poll', async () => {
    const [first, second, third] = shop.counters as [Counter, Counter, Counter];
    const slot = await bookableSlot(first);
    await viewOn(second, slot.date, 'nothing');
    await viewOn(third, slot.date, 'nothing');
    const booked = await walkIn(first, slot, 'ミセ');
    expect(booked.outcome).toBe('booked');
    const id = booked.reservation!.id;
    for (const c of [second, third])
      await waitFor(() => viewOn(c, slot.date, id), `the walk-in on ${c.name}`, {
        timeoutMs: 5_000,
        everyMs: 100,
      });
    // The cancellation must come by push, not by the poller's poll: it is made just after a poll
    // was answered, so the next (15 s on while the poller serves these day views, H18) cannot fall
    // in the few seconds measured, whichever counter polls.
    const views = await Promise.all(shop.counters.map(shopOf));
    const poller = shop.counters[views.findIndex((v) => v.self.polling)]!;
    const since = Date.now();
    await waitFor(
      () => poller.service.log.some((r) => r.at >= since && isReservationPoll(r) && r.status !== 0),
      `a poll by ${poller.name} answered`,
      { timeoutMs: POLLS_MS, everyMs: 100 },
    );
    const cancelledAt = Date.now();
    const done = await second.call('cancel.confirm', {
      reservationId: id,
      date: slot.date,
      reason: 'customer_request',
      sendCancellationEmail: false,
    });
    expect(done.reservation).toMatchObject({ active: false });
    for (const c of [first, third]) {
      await waitFor(
        async () => (await viewOn(c, slot.date, id))?.active === false,
        `the cancellation on ${c.name}`,
        { timeoutMs: 5_000, everyMs: 100 },
      );
      // Pushed by the counter that cancelled: no listing asked for by this one meanwhile.
      expect(c.service.count(cancelledAt, isReservationPoll)).toBe(0);
    }
  }, 60_000);

  it('walk-ins queued on two counters while the service is down hold their seats on all three', async () => {
    const [first, second, third] = shop.counters as [Counter, Counter, Counter];
    const slot = await bookableSlot(first, 4);
    const heldOn = async (c: Counter) => {
      const day = await c.call('day.get', { date: slot.date });
      const s = day.products
        .find((p) => p.id === slot.productId)
        ?.slots.find((x) => x.startTime === slot.startTime);
      return (s?.heldByQueued ?? []).map((h) => `${h.counterName}:${h.seats}`).sort();
    };
    await shop.serviceDown();
    try {
      const queued = await Promise.all([
        walkIn(first, slot, 'テイデンA'),
        walkIn(second, slot, 'テイデンB'),
      ]);
      for (const q of queued) expect(q.outcome).toBe('queued');
      const expected = [`${first.name}:2`, `${second.name}:2`].sort();
      for (const c of [first, second, third])
        await waitFor(
          async () => JSON.stringify(await heldOn(c)) === JSON.stringify(expected),
          `both holds on ${c.name}`,
          { timeoutMs: 10_000, everyMs: 100 },
        );
    } finally {
      await shop.serviceUp();
    }
    for (const c of [first, second]) {
      await waitFor(
        async () =>
          (await c.call('outbox.list', {})).items.every(
            (i) => i.state === 'booked' || i.state === 'discarded',
          ),
        `${c.name}'s queued walk-in booked`,
        { timeoutMs: 90_000, everyMs: 500 },
      );
    }
    // Booked, the walk-ins hold nothing any more: their bookings count instead, on every counter.
    for (const c of [first, second, third])
      await waitFor(async () => (await heldOn(c)).length === 0, `no hold left on ${c.name}`, {
        timeoutMs: 10_000,
        everyMs: 100,
      });
  }, 180_000);

  it('a counter cut off from the others meanwhile: check-ins on both sides, nothing lost when they meet', async () => {
    const [first, , third] = shop.counters as [Counter, Counter, Counter];
    const parties = await partiesToCheckIn([first], 4);
    const [a, b] = parties.slice(2);
    await shop.isolate(2);
    await waitFor(
      async () => (await shopOf(third)).counters.every((c) => !c.present),
      'the third alone',
      15_000,
    );
    const onFirst = await checkIn(first, a!);
    const onThird = await checkIn(third, b!);
    expect((await viewOn(third, a!.date, a!.id))?.checkIn ?? null).toBeNull();
    await shop.healAll();
    for (const c of shop.counters)
      for (const [party, made] of [
        [a!, onFirst],
        [b!, onThird],
      ] as const)
        await waitFor(
          async () =>
            (await viewOn(c, party.date, party.id))?.checkIn?.eventId === made.checkIn!.eventId,
          `every check-in on ${c.name}`,
          { timeoutMs: 20_000, everyMs: 200 },
        );
  }, 120_000);

  it('the polling counter gone silent (its sockets open, no heartbeat): another polls within 10 s; back, one poller again', async () => {
    const views = await Promise.all(shop.counters.map(shopOf));
    const poller = views.findIndex((v) => v.self.polling);
    expect(poller).toBeGreaterThanOrEqual(0);
    const others = shop.counters.filter((_, i) => i !== poller);
    shop.freeze(poller);
    const frozenAt = Date.now();
    try {
      await waitFor(
        async () => (await Promise.all(others.map(shopOf))).some((v) => v.self.polling),
        'another counter polling',
        { timeoutMs: 15_000, everyMs: 100 },
      );
      expect(Date.now() - frozenAt).toBeLessThanOrEqual(10_000);
      // The silent one is shown as gone, with when it was last seen, on every other counter. Each
      // connection times out on its own clock, so the second counter may see it a heartbeat later.
      const frozenName = shop.counters[poller]!.name;
      await waitFor(
        async () =>
          (await Promise.all(others.map(shopOf))).every((v) => {
            const c = v.counters.find((x) => x.name === frozenName);
            return c !== undefined && !c.present && c.lastSeen > 0;
          }),
        'the silent counter shown as gone on every other counter',
        { timeoutMs: 5_000, everyMs: 100 },
      );
      expect(Date.now() - frozenAt).toBeLessThanOrEqual(12_000);
    } finally {
      shop.thaw(poller);
    }
    await waitFor(
      async () =>
        (await Promise.all(shop.counters.map(shopOf))).filter((v) => v.self.polling).length === 1,
      'one poller again once it is back',
      { timeoutMs: 20_000, everyMs: 100 },
    );
  }, 120_000);

  it('the polling counter killed with -9: another polls for the shop within 10 s', async () => {
    const views = await Promise.all(shop.counters.map(shopOf));
    const poller = views.findIndex((v) => v.self.polling);
    expect(poller).toBeGreaterThanOrEqual(0);
    const killedAt = Date.now();
    await shop.kill(poller);
    const others = shop.counters.filter((_, i) => i !== poller);
    await waitFor(
      async () => (await Promise.all(others.map(shopOf))).some((v) => v.self.polling),
      'another counter polling',
      { timeoutMs: 15_000, everyMs: 100 },
    );
    expect(Date.now() - killedAt).toBeLessThanOrEqual(10_000);
    await shop.start(poller);
  }, 120_000);

  it('the service can be made unreachable: a walk-in queues, then is booked when it returns', async () => {
    const first = shop.counters[0]!;
    const slot = await bookableSlot(first);
    await shop.serviceDown();
    const queued = await walkIn(first, slot, 'テイデン');
    expect(queued.outcome).toBe('queued');
    await shop.serviceUp();
    await waitFor(
      async () =>
        (await first.call('outbox.list', {})).items.find(
          (i) => i.id === queued.entryId && i.state === 'booked',
        ),
      'the queued walk-in booked once the service is back',
      { timeoutMs: 90_000, everyMs: 500 },
    );
  }, 150_000);

  it('a host killed with -9 is gone at once and restarts on its own folder, still set up', async () => {
    const pid = shop.counters[2]!.pid!;
    await shop.kill(2);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(shop.counters[2]!.running).toBe(false);
    const again = await shop.start(2);
    expect(again.pid).not.toBe(pid);
    expect(await again.call('setup.status', {})).toMatchObject({
      mode: 'live',
      store: { id: shop.storeId },
    });
  }, 120_000);
});
