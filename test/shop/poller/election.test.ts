/**
 * The poller's election (issue 12): the lowest counter id among this counter and the present
 * peers of our protocol, with no messages; every counter agrees; a counter that leaves is
 * replaced at once; a split network elects one per part and agrees again when healed.
 */
import { describe, expect, it } from 'vitest';
import { Election } from '../../../main/shop/poller/election';
import { MemoryNetwork } from '../../support/memory-bus';

function pollers(elections: Map<string, Election>): Record<string, string> {
  return Object.fromEntries([...elections].map(([id, e]) => [id, e.poller()]));
}

describe('poller election', () => {
  it('elects the lowest present counter id, the same on every counter', () => {
    const net = new MemoryNetwork();
    const elections = new Map<string, Election>();
    for (const id of ['c-2', 'c-3', 'c-1']) elections.set(id, new Election(net.join(id)));
    expect(pollers(elections)).toEqual({ 'c-1': 'c-1', 'c-2': 'c-1', 'c-3': 'c-1' });
    expect([...elections].filter(([, e]) => e.isPoller()).map(([id]) => id)).toEqual(['c-1']);
  });

  it('hands over at once when the poller leaves, and back when it returns', () => {
    const net = new MemoryNetwork();
    const e1 = new Election(net.join('c-1'));
    const e2 = new Election(net.join('c-2'));
    const e3 = new Election(net.join('c-3'));
    const changes: string[] = [];
    e2.onChange((p) => changes.push(`c-2 sees ${p}`));
    e3.onChange((p) => changes.push(`c-3 sees ${p}`));
    net.leave('c-1');
    expect(e2.isPoller()).toBe(true);
    expect(e3.poller()).toBe('c-2');
    expect(changes).toEqual(['c-2 sees c-2', 'c-3 sees c-2']);
    const back = new Election(net.join('c-1'));
    expect([back.poller(), e2.poller(), e3.poller()]).toEqual(['c-1', 'c-1', 'c-1']);
    expect(e2.isPoller()).toBe(false);
    e1.close();
  });

  it('ignores counters of another protocol and absent ones', () => {
    const net = new MemoryNetwork();
    const e2 = new Election(net.join('c-2'));
    const other = net.join('c-0');
    // A counter of another version is shown, not used: it cannot answer our questions.
    const raw = other as unknown as { own: { protocol: number } };
    raw.own = { ...raw.own, protocol: 99 };
    net.changed();
    expect(e2.isPoller()).toBe(true);
  });

  it('elects one per part of a split network and one again when it heals', () => {
    const net = new MemoryNetwork();
    const ids = ['c-1', 'c-2', 'c-3', 'c-4'];
    const elections = new Map(ids.map((id) => [id, new Election(net.join(id))]));
    net.partition(['c-1', 'c-2'], ['c-3', 'c-4']);
    expect(pollers(elections)).toEqual({ 'c-1': 'c-1', 'c-2': 'c-1', 'c-3': 'c-3', 'c-4': 'c-3' });
    net.heal();
    expect(new Set(Object.values(pollers(elections)))).toEqual(new Set(['c-1']));
  });
});
