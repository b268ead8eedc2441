/**
 * A shared list in the shop's state (AA41), over an in-memory network, with no list of the
 * desk's behind it: any counter writes a key, the later change is kept on every counter, a tie of
 * times goes to the greater counter id and two copies of one stamp to one content on all sides; a
 * record of another shape or under another key is reported alone; the list outlives a new epoch;
 * the doc's own areas cannot be taken as a list's name.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SharedListDef } from '../../../main/shop/shared/lww-map';
import { MemoryNetwork } from '../../support/memory-bus';
import { waitFor } from '../../support/wait';
import { openCounter, sendRaw, type TestCounter } from './counters';

const Answer = z.strictObject({
  id: z.string().min(1).max(40),
  words: z.string().min(1).max(100),
  updatedAt: z.number().int().min(0),
  updatedBy: z.string().min(1),
});
type Answer = z.infer<typeof Answer>;
const ANSWERS: SharedListDef<Answer> = { area: 'heardOf', schema: Answer };

const open: TestCounter[] = [];
afterEach(() => {
  for (const counter of open.splice(0)) counter.state.close();
});

function shop(...ids: string[]) {
  const network = new MemoryNetwork();
  const counters = ids.map((id) => openCounter(network, id));
  open.push(...counters);
  return { network, counters };
}

const words = (c: TestCounter, id: string) => c.state.list(ANSWERS).get(id)?.words ?? null;
const write = (c: TestCounter, id: string, text: string, updatedAt: number, by = c.id) =>
  c.state.list(ANSWERS).put({ id, words: text, updatedAt, updatedBy: by });

describe('a shared list in the shop state', () => {
  it('reaches every counter', async () => {
    const { counters } = shop('c1', 'c2', 'c3');
    const [a, b, c] = counters as [TestCounter, TestCounter, TestCounter];
    write(a, 'web', 'ウェブ', 10);
    await waitFor(() => words(b, 'web') === 'ウェブ' && words(c, 'web') === 'ウェブ', 'on all');
  });

  // Each pair in both orders of ids: whichever copy Yjs keeps, the later change is what stays.
  for (const [first, second] of [
    ['c1', 'c2'],
    ['c2', 'c1'],
  ] as const)
    it(`keeps the later of two changes made apart, on both sides (${first} later)`, async () => {
      const { network, counters } = shop('c1', 'c2');
      const later = counters.find((c) => c.id === first)!;
      const earlier = counters.find((c) => c.id === second)!;
      write(later, 'web', 'はじめ', 1);
      await waitFor(() => words(earlier, 'web') === 'はじめ', 'shared');
      network.partition(['c1'], ['c2']);
      write(later, 'web', 'あと', 300);
      write(earlier, 'web', 'さき', 200);
      network.heal();
      await waitFor(
        () => words(later, 'web') === 'あと' && words(earlier, 'web') === 'あと',
        'the later change on both',
      );
      await network.settle();
      expect(words(earlier, 'web')).toBe('あと');
    });

  it('breaks a tie of times by the greater counter id, then by content, the same on all', async () => {
    const { network, counters } = shop('c1', 'c2');
    const [a, b] = counters as [TestCounter, TestCounter];
    network.partition(['c1'], ['c2']);
    write(a, 'web', 'c1 の', 500);
    write(b, 'web', 'c2 の', 500);
    // Two copies of one stamp (a peer's own doing): one content wins everywhere.
    write(a, 'tv', 'テレビ', 700, 'c9');
    write(b, 'tv', 'ラジオ', 700, 'c9');
    network.heal();
    await waitFor(
      () =>
        words(a, 'web') === 'c2 の' &&
        words(b, 'web') === 'c2 の' &&
        words(a, 'tv') !== null &&
        words(a, 'tv') === words(b, 'tv'),
      'one copy of each on both',
    );
    await network.settle();
    expect([words(a, 'tv'), words(b, 'tv')]).toEqual(['ラジオ', 'ラジオ']);
  });

  it('never takes an older copy over a newer one', () => {
    const { counters } = shop('c1');
    const [a] = counters as [TestCounter];
    write(a, 'web', 'あたらしい', 50);
    write(a, 'web', 'ふるい', 40);
    expect(words(a, 'web')).toBe('あたらしい');
  });

  it('refuses a record of another shape or under another key alone: the others stand', async () => {
    const { network, counters } = shop('c1');
    const [a] = counters as [TestCounter];
    write(a, 'web', 'ウェブ', 10);
    const rogue = network.join('rogue');
    sendRaw(rogue, 'c1', (doc) => {
      const map = doc.getMap('heardOf');
      map.set('x', { id: 'x', words: '', updatedAt: 1, updatedBy: 'rogue' });
      map.set('y', { id: 'z', words: 'べつ', updatedAt: 1, updatedBy: 'rogue' });
      map.set('n', { id: 'n', words: '名前', updatedAt: 1, updatedBy: 'rogue', guest: '田中' });
    });
    await waitFor(
      () => a.state.problems().filter((p) => p.area === 'heardOf').length === 3,
      'all three refused',
    );
    expect(a.state.list(ANSWERS).all()).toEqual([
      { id: 'web', words: 'ウェブ', updatedAt: 10, updatedBy: 'c1' },
    ]);
  });

  it('is carried into a new epoch', async () => {
    const { counters } = shop('c1', 'c2');
    const [a, b] = counters as [TestCounter, TestCounter];
    write(a, 'web', 'ウェブ', 10);
    await waitFor(() => words(b, 'web') === 'ウェブ', 'shared');
    expect(a.state.compact('2026-10-29')).toBe(true);
    await waitFor(() => b.state.currentEpoch().n === 1, 'the epoch adopted');
    expect(words(a, 'web')).toBe('ウェブ');
    expect(words(b, 'web')).toBe('ウェブ');
  });

  it('cannot take the name of one of the doc’s own areas', () => {
    const { counters } = shop('c1');
    expect(() => counters[0]!.state.list({ area: 'holds', schema: Answer })).toThrow();
  });
});
