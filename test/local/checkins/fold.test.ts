/**
 * The check-in fold (issue 12): events of several counters form a tree by basis; the earliest of
 * concurrent siblings is applied, the others set aside with the one that won; undo is an event;
 * the same set of events folds to the same result in any order, duplicated or not.
 */
import { describe, expect, it } from 'vitest';
import { foldCheckIns } from '../../../main/local/checkins/fold';
import type { CheckInEvent } from '../../../main/local/cache/schema';
import { seeded } from '../../support/memory-bus';

const T = 1_700_000_000_000;
const ev = (
  id: string,
  basis: string | null,
  at: number,
  counterId = 'c-1',
  state: CheckInEvent['state'] = 'arrived',
): CheckInEvent => ({
  id,
  basis,
  at: T + at,
  counterId,
  counterName: counterId === 'c-1' ? '受付1' : counterId === 'c-2' ? '受付2' : counterId,
  state,
  adults: state ? 2 : 0,
  children: 0,
  offline: false,
});
const ids = (events: CheckInEvent[]) => events.map((e) => e.id);

describe('the check-in fold', () => {
  it('nothing recorded: no head, no state', () => {
    expect(foldCheckIns([])).toEqual({ head: null, current: null, chain: [], setAside: [] });
  });

  it('a chain from one counter is applied in basis order, whatever the clocks say', () => {
    // The second event's clock is behind the first's: the basis still puts it after.
    const f = foldCheckIns([ev('b', 'a', 5), ev('a', null, 10), ev('c', 'b', 20, 'c-1', null)]);
    expect(ids(f.chain)).toEqual(['a', 'b', 'c']);
    expect(f.head?.id).toBe('c');
    expect(f.current).toBeNull(); // the last event is an undo
    expect(f.setAside).toEqual([]);
  });

  it('two counters check the same party in: the earlier wins, the other is set aside with it', () => {
    const first = ev('x', null, 3, 'c-1');
    const second = ev('y', null, 7, 'c-2');
    const f = foldCheckIns([second, first]);
    expect(f.current?.id).toBe('x');
    expect(f.setAside).toEqual([{ event: second, wonBy: first }]);
  });

  it('ties on the clock go to the lower counter id, then the lower event id', () => {
    expect(foldCheckIns([ev('a', null, 1, 'c-2'), ev('b', null, 1, 'c-1')]).head?.id).toBe('b');
    expect(foldCheckIns([ev('b', null, 1, 'c-1'), ev('a', null, 1, 'c-1')]).head?.id).toBe('a');
  });

  it('what was built on a losing event is set aside with it', () => {
    const f = foldCheckIns([
      ev('a', null, 1, 'c-1'),
      ev('b', null, 2, 'c-2'),
      ev('b2', 'b', 3, 'c-2', null),
      ev('a2', 'a', 4, 'c-1', 'partial'),
    ]);
    expect(ids(f.chain)).toEqual(['a', 'a2']);
    expect(f.setAside.map((s) => [s.event.id, s.wonBy?.id])).toEqual([
      ['b', 'a'],
      ['b2', 'a'],
    ]);
  });

  it('an event whose basis has not arrived hangs from the root until it does', () => {
    const late = ev('b', 'a', 5, 'c-2');
    expect(foldCheckIns([late]).head?.id).toBe('b');
    expect(ids(foldCheckIns([late, ev('a', null, 1)]).chain)).toEqual(['a', 'b']);
  });

  it('events cut off by a cycle of bases are set aside with no winner, never lost', () => {
    const f = foldCheckIns([ev('a', null, 1), ev('p', 'q', 2), ev('q', 'p', 3)]);
    expect(ids(f.chain)).toEqual(['a']);
    expect(f.setAside.map((s) => [s.event.id, s.wonBy])).toEqual([
      ['p', null],
      ['q', null],
    ]);
  });

  it('an event that names itself as basis hangs from the root', () => {
    expect(foldCheckIns([ev('a', 'a', 1)]).head?.id).toBe('a');
  });

  it('property: random event sets give the same fold in any order, duplicated or not', () => {
    const rand = seeded(12);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const shuffle = <T>(xs: T[]) => {
      const out = [...xs];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    };
    for (let round = 0; round < 300; round++) {
      const events: CheckInEvent[] = [];
      const n = 1 + Math.floor(rand() * 12);
      for (let i = 0; i < n; i++) {
        const basis = events.length && rand() < 0.8 ? pick(events).id : null;
        events.push(
          ev(
            `e${i}`,
            rand() < 0.05 ? 'unknown' : basis,
            Math.floor(rand() * 5), // few clock values: ties are common
            pick(['c-1', 'c-2', 'c-3']),
            pick(['arrived', 'partial', 'no_show', null] as const),
          ),
        );
      }
      const expected = foldCheckIns(events);
      // Every event is either applied or set aside: none lost, none twice.
      expect([...ids(expected.chain), ...expected.setAside.map((s) => s.event.id)].sort()).toEqual(
        ids(events).sort(),
      );
      for (let k = 0; k < 4; k++) {
        const again = shuffle([...events, ...events.filter(() => rand() < 0.3)]);
        expect(foldCheckIns(again)).toEqual(expected);
      }
    }
  });
});
