/**
 * The store's reasons for a discount shared between counters (issue 30, I13) over an
 * in-memory network: a reason a manager adds at one counter reaches the others' own files; two
 * changes made apart settle on the later one on both sides; a counter that was away (offline, or
 * during a new epoch) brings its change back and takes the others'; a reason of another shape in
 * the shared doc is refused alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DiscountReasonEntry } from '../../../main/common';
import { DiscountReasons, SHARED_REASONS } from '../../../main/desk/sales/reasons';
import { shareList } from '../../../main/desk/shared-list';
import { MemoryList } from '../../../main/local/index';
import { MemoryNetwork } from '../../support/memory-bus';
import { waitFor } from '../../support/wait';
import {
  closeCounter,
  openCounter,
  SavedDoc,
  sendRaw,
  type TestCounter,
} from '../../shop/shared/counters';

const live: { counter: TestCounter; stop: () => void }[] = [];
afterEach(() => {
  for (const { counter, stop } of live.splice(0)) {
    stop();
    counter.state.close();
  }
});

function counterWith(
  network: MemoryNetwork,
  id: string,
  now: () => number,
  files = new MemoryList(DiscountReasonEntry),
  saved = new SavedDoc(),
) {
  const counter = openCounter(network, id, saved);
  const reasons = new DiscountReasons(files, () => id, now);
  const entry = { counter, stop: shareList(counter.state, SHARED_REASONS, reasons.shared) };
  live.push(entry);
  const leave = () => {
    entry.stop();
    closeCounter(network, counter);
    live.splice(live.indexOf(entry), 1);
  };
  return { counter, reasons, files, saved, leave };
}

const locals = {
  id: null,
  words: { ja: '地元割', en: 'Locals' },
  active: true,
  noteRequired: false,
};
const wordsOf = (reasons: DiscountReasons, id: string) => reasons.get(id)?.words.ja ?? null;

describe('the reasons for a discount across counters', () => {
  it('reach every counter, into its own files', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', () => 1_000);
    const b = counterWith(network, 'c2', () => 1_000);
    const { id } = a.reasons.save(locals);
    await waitFor(() => b.reasons.get(id) !== null, 'the reason on the other counter');
    expect(b.files.entries().entries).toEqual([
      expect.objectContaining({ id, words: locals.words, updatedBy: 'c1' }),
    ]);
    // Listed at the end, after the defaults, at both.
    expect(b.reasons.list().reasons.map((r) => r.id)).toEqual(
      a.reasons.list().reasons.map((r) => r.id),
    );
  });

  it('settles two changes made apart on the later one, on both sides; never deleted', async () => {
    const network = new MemoryNetwork();
    let clockA = 1_000;
    const a = counterWith(network, 'c1', () => clockA);
    const b = counterWith(network, 'c2', () => 1_000);
    const { id } = a.reasons.save(locals);
    await waitFor(() => b.reasons.get(id) !== null, 'the reason at c2');
    network.partition(['c1'], ['c2']);
    // c2's clock is behind: its change is still after the one it replaces (1 001), c1's later.
    clockA = 2_000;
    a.reasons.save({ ...locals, id, words: { ja: '市民割', en: 'Citizens' } });
    b.reasons.save({ ...locals, id, active: false });
    // A default changed at one side only while apart.
    b.reasons.save({
      id: 'rounding',
      words: { ja: '端数', en: 'Rounding' },
      active: true,
      noteRequired: false,
    });
    network.heal();
    await waitFor(
      () =>
        wordsOf(a.reasons, id) === '市民割' &&
        wordsOf(b.reasons, id) === '市民割' &&
        wordsOf(a.reasons, 'rounding') === '端数',
      'the later change on both',
    );
    // The later change is the whole reason: c1's, active.
    expect(b.reasons.get(id)!.active).toBe(true);
    expect(a.reasons.list().reasons).toEqual(b.reasons.list().reasons);
  });

  it('a counter that was offline converges when it returns', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', () => 3_000);
    let b = counterWith(network, 'c2', () => 3_000);
    await network.settle();
    const { files, saved } = b;
    b.leave();
    // Away: each side changes the list.
    const atA = a.reasons.save(locals);
    const away = new MemoryNetwork();
    const offline = counterWith(away, 'c2', () => 3_000, files, saved);
    const atB = offline.reasons.save({ ...locals, words: { ja: '雨天割', en: 'Rain' } });
    offline.leave();
    b = counterWith(network, 'c2', () => 3_000, files, saved);
    await waitFor(
      () => a.reasons.get(atB.id) !== null && b.reasons.get(atA.id) !== null,
      'both reasons at both counters',
    );
    expect(a.reasons.list()).toEqual(b.reasons.list());
  });

  it('comes back with a change made away during a new epoch, and takes the epoch’s', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', () => 4_000);
    let b = counterWith(network, 'c2', () => 4_000);
    const first = a.reasons.save(locals);
    await waitFor(() => b.reasons.get(first.id) !== null, 'the reason at c2');
    await network.settle();
    const { files, saved } = b;
    b.leave();
    const away = new MemoryNetwork();
    const offline = counterWith(away, 'c2', () => 5_000, files, saved);
    offline.reasons.save({ ...locals, id: first.id, active: false });
    offline.leave();
    // Meanwhile a starts a new epoch (its doc holds only what is live: the reasons too) and
    // changes a default in it.
    expect(a.counter.state.compact('2026-10-29')).toBe(true);
    a.reasons.save({
      id: 'apology',
      words: { ja: 'おわび', en: 'Apology' },
      active: true,
      noteRequired: false,
    });
    b = counterWith(network, 'c2', () => 5_000, files, saved);
    await waitFor(
      () =>
        b.counter.state.currentEpoch().n === 1 &&
        a.reasons.get(first.id)?.active === false &&
        wordsOf(b.reasons, 'apology') === 'おわび',
      'the epoch adopted, each side’s change at the other',
    );
    expect(
      a.counter.state
        .list(SHARED_REASONS)
        .all()
        .map((r) => r.id)
        .sort(),
    ).toEqual(['apology', first.id].sort());
  });

  it('refuses a reason of another shape alone: the others stand, logged', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', () => 1_000);
    const { id } = a.reasons.save(locals);
    const rogue = network.join('rogue');
    sendRaw(rogue, 'c1', (doc) => {
      const map = doc.getMap('discountReasons');
      map.set('rx', {
        id: 'rx',
        words: { ja: '', en: 'Empty' },
        active: true,
        noteRequired: false,
        updatedAt: 9_000,
        updatedBy: 'rogue',
      });
      map.set('ry', {
        id: 'rz',
        words: { ja: '別', en: 'Other key' },
        active: true,
        noteRequired: false,
        updatedAt: 9_000,
        updatedBy: 'rogue',
      });
      map.set('rw', {
        id: 'rw',
        words: { ja: '名前', en: 'Name' },
        active: true,
        noteRequired: false,
        updatedAt: 9_000,
        updatedBy: 'rogue',
        guest: '田中',
      });
    });
    await waitFor(
      () => a.counter.state.problems().filter((p) => p.area === 'discountReasons').length === 3,
      'all three refused',
    );
    expect(a.reasons.list().reasons.map((r) => r.id)).toEqual([
      'apology',
      'promotion',
      'rounding',
      'other',
      id,
    ]);
    expect(
      a.counter.logger.records.some(
        (r) => r.level !== 'debug' && JSON.stringify(r).includes('discountReasons'),
      ),
    ).toBe(true);
  });
});
