/**
 * The shared doc's epochs (decision H16): the poller leaves behind what is dated before the
 * retention window in a fresh doc, every counter moves to it, a counter that was away carries in
 * what only it held and never brings back what was left behind; a new counter gets only the
 * current epoch.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryNetwork } from '../../support/memory-bus';
import { waitFor } from '../../support/wait';
import {
  checkIn,
  closeCounter,
  eventIds,
  hold,
  openCounter,
  SavedDoc,
  sendRaw,
  type TestCounter,
} from './counters';
import { packDay } from '../../../main/shop/shared/day-packs';

const OLD = '2026-10-01';
const KEPT = '2026-11-20';
const CUTOFF = '2026-10-29';

const open: TestCounter[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.state.close();
});

function counter(network: MemoryNetwork, id: string, saved = new SavedDoc()): TestCounter {
  const c = openCounter(network, id, saved);
  open.push(c);
  return c;
}

const ids = (c: TestCounter) => [...eventIds(c, OLD), ...eventIds(c, KEPT)];

/** Until every counter is of epoch `n` and holds exactly `events`. */
function converged(counters: TestCounter[], n: number, events: string[]) {
  return waitFor(() => {
    for (const c of counters) {
      expect(c.state.currentEpoch().n).toBe(n);
      expect(ids(c)).toEqual([...events].sort());
    }
    return true;
  }, `epoch ${n} with ${events.length} events everywhere`);
}

describe('epochs of the shared doc', () => {
  it('leaves the days before the window behind at every counter, in a smaller doc', async () => {
    const network = new MemoryNetwork();
    const [a, b] = [counter(network, 'a'), counter(network, 'b')];
    const old = Array.from({ length: 200 }, (_, i) =>
      checkIn(i % 2 ? 'a' : 'b', `r-${i}`, { date: OLD }),
    );
    for (const e of old) (e.counterId === 'a' ? a : b).state.addCheckInEvent(e);
    const kept = checkIn('b', 'r-kept', { date: KEPT });
    b.state.addCheckInEvent(kept);
    a.state.setOwnHolds([hold('w-old', { date: OLD }), hold('w-kept', { date: KEPT })]);
    await network.settle();
    const before = b.state.encodedState().length;

    expect(a.state.compact(CUTOFF)).toBe(true);
    expect(a.state.compact(CUTOFF)).toBe(false); // once per cutoff
    await converged([a, b], 1, [kept.id]);
    expect(b.state.currentEpoch()).toEqual({ n: 1, from: CUTOFF, by: 'a' });
    expect(b.state.holds().map((h) => h.date)).toEqual([KEPT]);
    expect(b.state.counterName('a')).toBe('受付a');
    // Yjs forgets nothing of a purge in place; a new epoch holds only what is live.
    const after = b.state.encodedState().length;
    expect(after).toBeLessThan(before / 10);
    // A record of a day left behind is not taken again.
    expect(b.state.addCheckInEvent(checkIn('b', 'r-late', { date: OLD }))).toBe(false);
    expect([...a.state.problems(), ...b.state.problems()]).toEqual([]);
  });

  it('a counter away during the switch comes back with its new records, never the old ones', async () => {
    const network = new MemoryNetwork();
    const savedB = new SavedDoc();
    const a = counter(network, 'a');
    let b = counter(network, 'b', savedB);
    const heardAtA: string[] = [];
    a.state.onCheckInEvents((events) => heardAtA.push(...events.map((e) => e.id)));
    const shared = checkIn('a', 'r-1', { date: KEPT });
    const oldShared = checkIn('a', 'r-0', { date: OLD });
    a.state.addCheckInEvent(shared);
    a.state.addCheckInEvent(oldShared);
    await network.settle();
    closeCounter(network, b);
    open.splice(open.indexOf(b), 1);

    // Away: b records (its saved doc, epoch 0); meanwhile a starts epoch 1.
    const offline = new MemoryNetwork();
    b = openCounter(offline, 'b', savedB);
    const away = checkIn('b', 'r-2', { date: KEPT });
    const awayOld = checkIn('b', 'r-3', { date: OLD });
    b.state.addCheckInEvent(away);
    b.state.addCheckInEvent(awayOld);
    b.state.setOwnHolds([hold('w-b', { date: KEPT })]);
    closeCounter(offline, b);
    a.state.compact(CUTOFF);

    b = counter(network, 'b', savedB);
    expect(b.state.currentEpoch().n).toBe(0);
    await converged([a, b], 1, [shared.id, away.id]);
    expect(a.state.holds().map((h) => h.counterId)).toEqual(['b']);
    // a's listeners hear what b carried in, once, and nothing they heard before again.
    expect(heardAtA.sort()).toEqual([oldShared.id, shared.id, away.id].sort());
    // Kept as the new epoch: a restart opens it, not the old one.
    await network.settle();
    closeCounter(network, b);
    open.splice(open.indexOf(b), 1);
    const again = counter(network, 'b', savedB);
    expect(again.state.currentEpoch().n).toBe(1);
    await converged([a, again], 1, [shared.id, away.id]);
  });

  it('a new counter gets only the current epoch', async () => {
    const network = new MemoryNetwork();
    const a = counter(network, 'a');
    for (let i = 0; i < 50; i++) a.state.addCheckInEvent(checkIn('a', `r-${i}`, { date: OLD }));
    const kept = checkIn('a', 'r-kept', { date: KEPT });
    a.state.addCheckInEvent(kept);
    a.state.compact(CUTOFF);
    const c = counter(network, 'c');
    await converged([a, c], 1, [kept.id]);
    expect(c.state.encodedState().length).toBeLessThan(2_000);
  });

  it('two epochs started at once in a split shop settle on one, with every live record', async () => {
    const network = new MemoryNetwork();
    const [a, b, c] = [counter(network, 'a'), counter(network, 'b'), counter(network, 'c')];
    await network.settle();
    network.partition(['a'], ['b', 'c']);
    const fromA = checkIn('a', 'r-a', { date: KEPT });
    const fromB = checkIn('b', 'r-b', { date: KEPT });
    a.state.addCheckInEvent(fromA);
    b.state.addCheckInEvent(fromB);
    a.state.addCheckInEvent(checkIn('a', 'r-a-old', { date: OLD }));
    a.state.compact(CUTOFF);
    b.state.compact(CUTOFF);
    await network.settle();
    network.heal();
    await converged([a, b, c], 1, [fromA.id, fromB.id]);
    expect(a.state.currentEpoch()).toEqual({ n: 1, from: CUTOFF, by: 'b' });
    expect([...a.state.problems(), ...b.state.problems(), ...c.state.problems()]).toEqual([]);
  });

  it('two counters that were away together carry their records in once', async () => {
    const network = new MemoryNetwork();
    const [a, b, c] = [counter(network, 'a'), counter(network, 'b'), counter(network, 'c')];
    await network.settle();
    network.partition(['a'], ['b', 'c']);
    const away = [checkIn('b', 'r-b', { date: KEPT }), checkIn('c', 'r-c', { date: KEPT })];
    b.state.addCheckInEvent(away[0]!);
    c.state.addCheckInEvent(away[1]!);
    await network.settle();
    a.state.compact(CUTOFF);
    network.heal();
    await converged(
      [a, b, c],
      1,
      away.map((e) => e.id),
    );
    await network.settle();
    expect([...a.state.problems(), ...b.state.problems(), ...c.state.problems()]).toEqual([]);
  });

  it('packs the past days of a new epoch, still read event by event, and takes late ones', async () => {
    const network = new MemoryNetwork();
    const [a, b] = [counter(network, 'a'), counter(network, 'b')];
    const day = Array.from({ length: 300 }, (_, i) => checkIn('a', `r-${i}`, { date: KEPT }));
    for (const e of day) a.state.addCheckInEvent(e);
    await network.settle();
    const unpacked = b.state.encodedState().length;
    a.state.compact(CUTOFF, '2026-11-25');
    await converged(
      [a, b],
      1,
      day.map((e) => e.id),
    );
    const packed = b.state.encodedState().length;
    expect(packed).toBeLessThan(unpacked / 2);
    // A check-in of a packed day made later goes in the list, and reaches every counter.
    const late = checkIn('b', 'r-late', { date: KEPT });
    expect(b.state.addCheckInEvent(late)).toBe(true);
    expect(b.state.addCheckInEvent(day[0]!)).toBe(false);
    await converged([a, b], 1, [...day.map((e) => e.id), late.id]);
    // The next epoch keeps them all, once.
    a.state.compact('2026-10-30', '2026-11-26');
    const c = counter(network, 'c');
    await converged([a, b, c], 2, [...day.map((e) => e.id), late.id]);
    expect([a, b, c].flatMap((x) => x.state.problems())).toEqual([]);
  });

  it('an unreadable packed day is a problem of its own; the rest stand', async () => {
    const network = new MemoryNetwork();
    const a = counter(network, 'a');
    const good = checkIn('x', 'r-1', { date: KEPT });
    const bus = network.join('x');
    sendRaw(bus, 'a', (doc) => {
      doc.getMap('checkinsDays').set('2026-11-01', new Uint8Array([1, 2, 3]));
      doc.getMap('checkinsDays').set(KEPT, packDay([good, { id: 'bad' }]));
    });
    await network.settle();
    expect(a.state.checkInEvents(KEPT)).toEqual([good]);
    expect(a.state.problems().map((p) => [p.area, p.key, p.issue])).toEqual([
      ['checkins', 'day:2026-11-01', 'packed day unreadable'],
      ['checkins', `day:${KEPT}#1`, expect.any(String)],
    ]);
  });

  it('another counter’s hold removed in the new epoch does not come back with a returning one', async () => {
    const network = new MemoryNetwork();
    const savedB = new SavedDoc();
    const a = counter(network, 'a');
    let b = counter(network, 'b', savedB);
    a.state.setOwnHolds([hold('w-a', { date: KEPT })]);
    await network.settle();
    expect(b.state.holds()).toHaveLength(1);
    closeCounter(network, b);
    open.splice(open.indexOf(b), 1);
    a.state.compact(CUTOFF);
    a.state.setOwnHolds([]); // booked while b was away
    b = counter(network, 'b', savedB);
    await converged([a, b], 1, []);
    await network.settle();
    expect(a.state.holds()).toEqual([]);
    expect(b.state.holds()).toEqual([]);
  });
});
