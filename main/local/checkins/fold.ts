/**
 * The current check-in of a reservation from the events of every counter: a pure, deterministic
 * fold, so that counters holding the same set of events show the same state whatever order the
 * events arrived in.
 *
 * Events form a tree by `basis` (the event the counter showed as current when it recorded). From
 * the root, among the children of the node reached, the earliest by (at, counterId, id) is applied;
 * the others were made concurrently and are set aside, kept, never lost, each with the event that
 * won over it (the counter that made one is told "already checked in at 受付1, 10:03"). An undo
 * (`state: null`) is an event like any other.
 *
 * An event whose basis is not (yet) known hangs from the root: nothing waits on an event that may
 * never arrive, and the fold places it again once its basis arrives. Events a cycle of bases cuts
 * off from the root (only a damaged or hostile peer makes one) are set aside with no winner.
 */
import type { CheckInEvent } from '../cache/schema';

export interface SetAside {
  event: CheckInEvent;
  /** The event applied in its place (null: cut off from the root by a cycle of bases). */
  wonBy: CheckInEvent | null;
}

export interface CheckInFold {
  /** The last event applied (an undo too); what a counter sends as `basis` next. */
  head: CheckInEvent | null;
  /** The state now: the head unless it is an undo. */
  current: CheckInEvent | null;
  /** The events applied, root first. */
  chain: CheckInEvent[];
  /** Concurrent events not applied, in (at, counterId, id) order. */
  setAside: SetAside[];
}

/** The order that decides among concurrent events: earliest, then counter id, then id. */
export function compareEvents(a: CheckInEvent, b: CheckInEvent): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  if (a.counterId !== b.counterId) return a.counterId < b.counterId ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const contentKey = (e: CheckInEvent) =>
  JSON.stringify([e.state, e.adults, e.children, e.at, e.offline, e.counterName, e.basis]);

/**
 * The events by id, one each, in the event order. Two different events under one id (only a
 * damaged or hostile peer makes them) are told apart by their content, so the same one is kept
 * whatever order they came in.
 */
export function uniqueEvents(events: Iterable<CheckInEvent>): CheckInEvent[] {
  const keyed = [...events].map((e) => ({ e, key: contentKey(e) }));
  keyed.sort((a, b) => compareEvents(a.e, b.e) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const byId = new Map<string, CheckInEvent>();
  for (const { e } of keyed) if (!byId.has(e.id)) byId.set(e.id, e);
  return [...byId.values()];
}

export function foldCheckIns(events: Iterable<CheckInEvent>): CheckInFold {
  const all = uniqueEvents(events);
  const known = new Set(all.map((e) => e.id));
  const children = new Map<string | null, CheckInEvent[]>();
  for (const e of all) {
    const parent = e.basis !== null && known.has(e.basis) && e.basis !== e.id ? e.basis : null;
    children.set(parent, [...(children.get(parent) ?? []), e]); // `all` is sorted: so is each list
  }
  const chain: CheckInEvent[] = [];
  const setAside: SetAside[] = [];
  const placed = new Set<string>();
  const loseSubtree = (root: CheckInEvent, wonBy: CheckInEvent) => {
    const stack = [root];
    while (stack.length) {
      const e = stack.pop()!;
      if (placed.has(e.id)) continue;
      placed.add(e.id);
      setAside.push({ event: e, wonBy });
      stack.push(...(children.get(e.id) ?? []));
    }
  };
  let node: string | null = null;
  for (;;) {
    const next: CheckInEvent[] = (children.get(node) ?? []).filter((e) => !placed.has(e.id));
    const [winner, ...losers] = next;
    if (!winner) break;
    placed.add(winner.id);
    chain.push(winner);
    for (const loser of losers) loseSubtree(loser, winner);
    node = winner.id;
  }
  for (const e of all) if (!placed.has(e.id)) setAside.push({ event: e, wonBy: null });
  setAside.sort((a, b) => compareEvents(a.event, b.event));
  const head = chain.at(-1) ?? null;
  return { head, current: head?.state ? head : null, chain, setAside };
}
