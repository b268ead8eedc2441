import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CheckInEvent, CounterRecord, Hold } from '../../../main/shop/shared/records';
import { MemoryNetwork } from '../../support/memory-bus';
import {
  checkIn,
  closeCounter,
  DAY,
  eventIds,
  hold,
  openCounter,
  SavedDoc,
  sendRaw,
  STORE,
  type TestCounter,
} from './counters';
import { waitFor } from '../../support/wait';

const open: TestCounter[] = [];

afterEach(() => {
  for (const c of open.splice(0)) c.state.close();
});

function shop(ids: string[], network = new MemoryNetwork()) {
  const counters = ids.map((id) => openCounter(network, id));
  open.push(...counters);
  return { network, counters };
}

/** A hold record as it is in the doc (what a peer writes under `<counter>/<entry>`). */
function rawHold(entryId: string, fields: Partial<Hold> = {}): Hold {
  const { entryId: _, ...facts } = hold(entryId);
  return { ...facts, storeId: STORE, counterId: 'x', counterName: 'X', ...fields };
}

describe('ShopState', () => {
  it('shows a check-in made at one counter at every other, and tells listeners at both', async () => {
    const { network, counters } = shop(['a', 'b', 'c']);
    const [a, b, c] = counters as [TestCounter, TestCounter, TestCounter];
    const heardAtA: string[] = [];
    const heardAtC: string[] = [];
    a.state.onCheckInEvents((events) => heardAtA.push(...events.map((e) => e.id)));
    c.state.onCheckInEvents((events) => heardAtC.push(...events.map((e) => e.id)));
    const event = checkIn('a', 'r-1');
    expect(a.state.addCheckInEvent(event)).toBe(true);
    await network.settle();
    expect(b.state.checkInEvents(DAY)).toEqual([event]);
    expect(c.state.checkInEvents(DAY)).toEqual([event]);
    expect(c.state.checkInEvents('2026-11-24')).toEqual([]);
    expect(heardAtA).toEqual([event.id]);
    expect(heardAtC).toEqual([event.id]);
    expect(c.state.counterName('a')).toBe('受付a');
  });

  it('never changes an event once set: a second add of its id is refused', async () => {
    const { counters } = shop(['a']);
    const a = counters[0]!;
    const event = checkIn('a', 'r-1');
    a.state.addCheckInEvent(event);
    expect(a.state.addCheckInEvent({ ...event, state: 'no_show' })).toBe(false);
    expect(a.state.checkInEvents(DAY)).toEqual([event]);
  });

  it('keeps both of two concurrent check-ins of the same party (the fold picks one)', async () => {
    const { network, counters } = shop(['a', 'b', 'c']);
    const first = checkIn('a', 'r-1');
    const second = checkIn('b', 'r-1', { state: 'partial', adults: 1 });
    counters[0]!.state.addCheckInEvent(first);
    counters[1]!.state.addCheckInEvent(second);
    await network.settle();
    for (const c of counters) expect(eventIds(c)).toEqual([first.id, second.id].sort());
  });

  it('relays what it hears: a counter that reaches only one peer still converges', async () => {
    // A line a — b — c: a and c never reach each other.
    const network = new MemoryNetwork();
    network.reachable = (x, y) =>
      x !== y &&
      network.members().includes(x) &&
      network.members().includes(y) &&
      x + y !== 'ac' &&
      x + y !== 'ca';
    const { counters } = shop(['a', 'b', 'c'], network);
    const [a, , c] = counters as [TestCounter, TestCounter, TestCounter];
    const fromA = checkIn('a', 'r-1');
    const fromC = checkIn('c', 'r-2');
    a.state.addCheckInEvent(fromA);
    c.state.addCheckInEvent(fromC);
    a.state.setOwnHolds([hold('w-1')]);
    await network.settle();
    expect(eventIds(c)).toEqual([fromA.id, fromC.id].sort());
    expect(eventIds(a)).toEqual([fromA.id, fromC.id].sort());
    expect(c.state.holds(DAY)).toHaveLength(1);
  });

  it('heals lost messages by anti-entropy, without any new change', async () => {
    const { network, counters } = shop(['a', 'b']);
    const [a, b] = counters as [TestCounter, TestCounter];
    await network.settle();
    network.faults = { drop: 1, duplicate: 0, maxDelayMs: 0 };
    const event = checkIn('a', 'r-1');
    a.state.addCheckInEvent(event);
    await network.settle();
    expect(eventIds(b)).toEqual([]);
    network.faults = { drop: 0, duplicate: 0, maxDelayMs: 0 };
    await waitFor(() => eventIds(b).length === 1, 'the event at b', 2_000);
    expect(b.state.checkInEvents(DAY)).toEqual([event]);
  });

  it('brings a counter cut off for a long time up to date when it rejoins, losing nothing', async () => {
    const { network, counters } = shop(['a', 'b', 'c']);
    const [a, b, c] = counters as [TestCounter, TestCounter, TestCounter];
    network.partition(['a', 'b'], ['c']);
    const added: string[] = [];
    for (let i = 0; i < 200; i++) {
      const at = [a, b, c][i % 3]!;
      const e = checkIn(at.id, `r-${i % 40}`);
      at.state.addCheckInEvent(e);
      added.push(e.id);
    }
    c.state.setOwnHolds([hold('w-1'), hold('w-2', { startTime: '11:00' })]);
    a.state.setOwnHolds([hold('w-9')]);
    await network.settle();
    expect(eventIds(c)).toHaveLength(66);
    expect(b.state.holds()).toHaveLength(1);
    network.heal();
    await network.settle();
    for (const x of counters) {
      expect(eventIds(x)).toEqual(added.sort());
      expect(x.state.holds()).toHaveLength(3);
    }
  });

  it('restarts from its saved state, and gets what it missed meanwhile', async () => {
    const { network, counters } = shop(['a', 'b']);
    const [a, b] = counters as [TestCounter, TestCounter];
    const before = checkIn('a', 'r-1');
    a.state.addCheckInEvent(before);
    a.state.setOwnHolds([hold('w-1')]);
    await network.settle();
    closeCounter(network, a);
    open.splice(open.indexOf(a), 1);
    expect(a.saved.data).not.toBeNull();
    const meanwhile = checkIn('b', 'r-2');
    b.state.addCheckInEvent(meanwhile);

    const alone = new MemoryNetwork(); // first alone: only what it saved
    const again = openCounter(alone, 'a', a.saved);
    open.push(again);
    expect(again.state.checkInEvents(DAY)).toEqual([before]);
    expect(again.state.holds()).toEqual([
      expect.objectContaining({ counterId: 'a', storeId: STORE, date: DAY, startTime: '10:00' }),
    ]);
    again.state.close();
    open.splice(open.indexOf(again), 1);

    const back = openCounter(network, 'a', a.saved);
    open.push(back);
    await network.settle();
    expect(eventIds(back)).toEqual([before.id, meanwhile.id].sort());
    expect(back.state.problems()).toEqual([]);
  });

  it('reports a saved state it cannot apply, starts empty and is refilled by its peers', async () => {
    const { network, counters } = shop(['b']);
    const event = checkIn('b', 'r-1');
    counters[0]!.state.addCheckInEvent(event);
    const saved = new SavedDoc();
    saved.data = Uint8Array.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7, 7, 7]);
    const a = openCounter(network, 'a', saved);
    open.push(a);
    expect(a.state.problems()).toEqual([
      expect.objectContaining({ area: 'doc', key: 'persisted', issue: expect.any(String) }),
    ]);
    await network.settle();
    expect(a.state.checkInEvents(DAY)).toEqual([event]);
  });

  it('reports each invalid or foreign record once and keeps the others', async () => {
    const { network, counters } = shop(['a', 'b']);
    const [a, b] = counters as [TestCounter, TestCounter];
    const raw = network.join('x');
    const good = checkIn('x', 'r-ok');
    await network.settle();
    sendRaw(raw, 'a', (doc) => {
      doc
        .getArray('checkins')
        .push([
          good,
          { ...checkIn('x', 'r-2'), date: '23/11/2026' },
          { ...checkIn('x', 'r-3'), customerName: 'Sato' },
          { ...good, state: 'no_show' },
          42,
        ]);
      const holds = doc.getMap('holds');
      holds.set('x/w-1', rawHold('w-1', { storeId: 'store-2' }));
      holds.set('x/w-2', rawHold('w-2', { counterId: 'y' }));
      holds.set('x/w-3', rawHold('w-3'));
      doc.getMap('counters').set('x', { name: '' });
    });
    await network.settle();
    for (const c of [a, b]) {
      expect(c.state.checkInEvents(DAY)).toEqual([good]);
      expect(c.state.holds().map((h) => h.counterId)).toEqual(['x']);
      const problems = c.state.problems();
      const seen = problems.map((p) => `${p.area}:${p.reservationId ?? p.key}:${p.issue}`);
      expect(seen).toHaveLength(7);
      expect(seen).toEqual(
        expect.arrayContaining([
          'checkins:r-2:date: expected YYYY-MM-DD',
          expect.stringMatching(/^checkins:r-3:.*customerName/),
          'checkins:r-ok:id of another event',
          expect.stringMatching(/^checkins:\d+:\d+:/),
          'holds:x/w-1:of another store',
          'holds:x/w-2:counter differs from its key',
          expect.stringMatching(/^counters:x:name/),
        ]),
      );
      expect(problems.find((p) => p.reservationId === 'r-2')).toMatchObject({
        counterId: 'x',
        date: '23/11/2026',
      });
      expect(problems.find((p) => p.key === 'x/w-1')).toMatchObject({ issue: 'of another store' });
      // Reported once each, and the log names no value but the record's key and counter.
      const warned = c.logger.records.filter((r) => r.event === 'shop.record.unusable');
      expect(warned).toHaveLength(7);
      expect(JSON.stringify(warned)).not.toContain('Sato');
    }
    // Anti-entropy rounds go on (a and b each ask both others every 50 ms): after a few rounds,
    // nothing is reported twice.
    const delivered = network.delivered;
    await waitFor(() => network.delivered >= delivered + 12, 'a few anti-entropy rounds');
    await network.settle();
    expect(a.logger.records.filter((r) => r.event === 'shop.record.unusable')).toHaveLength(7);
  });

  it('ignores a malformed doc message, logging the peer only, and goes on', async () => {
    const { network, counters } = shop(['a', 'b']);
    const [a, b] = counters as [TestCounter, TestCounter];
    const raw = network.join('x');
    await network.settle();
    const junk = ['', 'AAAA', Buffer.from([2, 200, 1, 9, 9]).toString('base64'), 'Bf////8P'];
    for (let i = 0; i < 50; i++)
      junk.push(
        Buffer.from(Array.from({ length: 40 }, (_, j) => (i * 31 + j * 17) % 256)).toString(
          'base64',
        ),
      );
    for (const data of junk) expect(() => raw.send('a', { kind: 'doc', data })).not.toThrow();
    await network.settle();
    const unreadable = a.logger.records.filter((r) => r.event === 'shop.doc.unreadable');
    expect(unreadable.length).toBeGreaterThanOrEqual(4);
    for (const r of unreadable)
      expect(r).toEqual({ level: 'warn', event: 'shop.doc.unreadable', from: 'x' });
    const event = checkIn('a', 'r-1');
    a.state.addCheckInEvent(event);
    await network.settle();
    expect(b.state.checkInEvents(DAY)).toEqual([event]);
  });

  it("shares each counter's holds, replaced as its queue changes, and puts back a change made elsewhere", async () => {
    const { network, counters } = shop(['a', 'b']);
    const [a, b] = counters as [TestCounter, TestCounter];
    let heard = 0;
    b.state.onHolds(() => heard++);
    a.state.setOwnHolds([hold('w-1'), hold('w-2', { date: '2026-11-24' })]);
    b.state.setOwnHolds([hold('w-1', { adults: 5 })]);
    await network.settle();
    expect(
      a.state
        .holds(DAY)
        .map((h) => [h.counterId, h.adults])
        .sort(),
    ).toEqual([
      ['a', 2],
      ['b', 5],
    ]);
    expect(b.state.holds('2026-11-24')).toHaveLength(1);
    expect(heard).toBeGreaterThan(0);

    a.state.setOwnHolds([hold('w-2', { date: '2026-11-24', adults: 4 })]);
    await network.settle();
    expect(b.state.holds().filter((h) => h.counterId === 'a')).toEqual([
      expect.objectContaining({ date: '2026-11-24', adults: 4, counterName: '受付a' }),
    ]);

    // Another counter (a bug, another version) writes under a's prefix: a puts its own back.
    const raw = network.join('x');
    await network.settle();
    sendRaw(raw, 'b', (doc) =>
      doc.getMap('holds').set('a/w-7', rawHold('w-7', { counterId: 'a' })),
    );
    await network.settle();
    await waitFor(
      () => b.state.holds().filter((h) => h.counterId === 'a').length === 1,
      'the hold a wrote, at b',
      2_000,
    );
    expect(
      a.state
        .holds()
        .filter((h) => h.counterId === 'a')
        .map((h) => h.adults),
    ).toEqual([4]);
  });

  it('purges old dates, everywhere', async () => {
    const { network, counters } = shop(['a', 'b']);
    const [a, b] = counters as [TestCounter, TestCounter];
    a.state.addCheckInEvent(checkIn('a', 'r-1', { date: '2026-11-20' }));
    a.state.addCheckInEvent(checkIn('a', 'r-2'));
    b.state.setOwnHolds([hold('w-1', { date: '2026-11-21' }), hold('w-2')]);
    await network.settle();
    a.state.purgeBefore('2026-11-23');
    await network.settle();
    for (const c of [a, b]) {
      expect(c.state.checkInEvents('2026-11-20')).toEqual([]);
      expect(c.state.checkInEvents(DAY)).toHaveLength(1);
      // A hold goes only when its owner purges (it would put back what another removed).
      expect(
        c.state
          .holds()
          .map((h) => h.date)
          .sort(),
      ).toEqual(['2026-11-21', DAY]);
    }
    b.state.purgeBefore('2026-11-23');
    await network.settle();
    for (const c of [a, b]) expect(c.state.holds().map((h) => h.date)).toEqual([DAY]);
  });

  it('keeps the doc free of customer data: only the schemas’ fields, only three maps', async () => {
    const { network, counters } = shop(['a', 'b']);
    const [a, b] = counters as [TestCounter, TestCounter];
    for (let i = 0; i < 20; i++) a.state.addCheckInEvent(checkIn('a', `r-${i}`));
    b.state.setOwnHolds([hold('w-1'), hold('w-2')]);
    // What a reservation would bring along is refused, not written.
    const withName = { ...checkIn('a', 'r-x'), customerName: 'Sato', email: 's@example.com' };
    expect(() => a.state.addCheckInEvent(withName)).toThrow();
    await network.settle();
    const doc = new Y.Doc();
    Y.applyUpdate(doc, a.state.encodedState());
    expect([...doc.share.keys()].sort()).toEqual(['checkins', 'counters', 'holds']);
    const allowed = {
      checkins: Object.keys(CheckInEvent.shape),
      holds: Object.keys(Hold.shape),
      counters: Object.keys(CounterRecord.shape),
    };
    for (const [area, keys] of Object.entries(allowed)) {
      const shared = area === 'checkins' ? doc.getArray(area) : doc.getMap(area);
      const records = Object.values(shared.toJSON()) as Array<Record<string, unknown>>;
      expect(records.length).toBeGreaterThan(0);
      for (const r of records) expect(Object.keys(r).every((k) => keys.includes(k))).toBe(true);
    }
    expect(Buffer.from(a.state.encodedState()).toString('latin1')).not.toMatch(/Sato|example\.com/);
  });
});
