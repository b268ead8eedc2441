/**
 * The shared doc's epochs (decision H16). Yjs keeps a trace of every item ever deleted, even with
 * its garbage collection on (and re-encoding the doc keeps it too), so a doc purged day after day
 * still grows. An epoch is a fresh doc holding only what is live — the records of the dates in the
 * retention window, the holds and names of now — started by the poller when days leave the window.
 * Every counter moves to the newest epoch it hears of and carries into it what it holds live that
 * the epoch lacks (records made while it was away), never what is dated before the epoch's `from`.
 * Epochs are ordered by (n, from, by), so two started at once in a split shop settle on one.
 */
import type * as Y from 'yjs';
import { DocEpoch, type CounterId } from '../bus';
import { packDay, packsOf, unpackDay } from './day-packs';
import { holdOwner } from './records';

/** The doc before any epoch was started (what counters of an older version hold). */
export const FIRST_EPOCH: DocEpoch = { n: 0, from: '', by: '-' };

/** The shared map where a doc says which epoch it is (read back when it is loaded). */
export const META = 'meta';

export function sameEpoch(a: DocEpoch | undefined, b: DocEpoch | undefined): boolean {
  return compareEpochs(a ?? FIRST_EPOCH, b ?? FIRST_EPOCH) === 0;
}

/** Negative when `a` came before `b`. */
export function compareEpochs(a: DocEpoch, b: DocEpoch): number {
  if (a.n !== b.n) return a.n - b.n;
  if (a.from !== b.from) return a.from < b.from ? -1 : 1;
  return a.by === b.by ? 0 : a.by < b.by ? -1 : 1;
}

/** The epoch after `current`, leaving behind what is dated before `from`. */
export function nextEpoch(current: DocEpoch, from: string, by: CounterId): DocEpoch {
  return { n: current.n + 1, from, by };
}

/** The epoch a doc says it is of; the first when it says none (or nothing valid). */
export function epochOf(doc: Y.Doc): DocEpoch {
  const parsed = DocEpoch.safeParse(doc.getMap(META).get('epoch'));
  return parsed.success ? parsed.data : FIRST_EPOCH;
}

/** Mark a doc as of an epoch (each counter that moves to it writes the same value). */
export function markEpoch(doc: Y.Doc, epoch: DocEpoch): void {
  if (epoch.n === 0) return;
  const meta = doc.getMap(META);
  if (JSON.stringify(meta.get('epoch')) !== JSON.stringify(epoch)) meta.set('epoch', epoch);
}

/** The grow-only lists of events and the maps of the doc (shop-state.ts reads them). */
export const LISTS = ['checkins', 'onsite'] as const;
export const MAPS = ['holds', 'counters', 'closes'] as const;
/** Maps whose keys are `<counterId>/…`, written only by that counter. */
const OWNED: ReadonlySet<string> = new Set(['holds', 'closes']);

/**
 * Copy what is live of `from` into `to`: what is dated from `cutoff` on (and what has no date).
 * `whole`: `to` is new (the poller starting the epoch) and takes everything live, the events of
 * the days before `packBefore` packed one day in one entry (`day-packs.ts`). Otherwise `to`
 * is the epoch as the shop holds it and gets only what it lacks: events by id, the names and the
 * shared lists (`lists`: their areas, lww-map.ts) by key, and of the owned maps only this
 * counter's own (another counter's hold or close that `to` lacks was removed by its owner, and
 * must not come back). Returns how many went in.
 */
export function copyLive(
  from: Y.Doc,
  to: Y.Doc,
  cutoff: string,
  self: CounterId,
  whole: boolean,
  packBefore = '',
  lists: readonly string[] = [],
): number {
  let copied = 0;
  to.transact(() => {
    for (const name of LISTS) {
      // One copy of each event (two counters may have carried one in at once), by id.
      const have = new Set(whole ? [] : eventsOf(to, name).map(idOf));
      const values = eventsOf(from, name).filter((v) => {
        const id = idOf(v);
        if (!isLive(v, cutoff) || (id !== undefined && have.has(id))) return false;
        if (id !== undefined) have.add(id);
        return true;
      });
      const days = new Map<string, unknown[]>();
      const rest: unknown[] = [];
      for (const v of values) {
        const date = dateOf(v);
        if (whole && date !== null && date < packBefore)
          days.set(date, [...(days.get(date) ?? []), v]);
        else rest.push(v);
      }
      for (const [date, events] of days) to.getMap(packsOf(name)).set(date, packDay(events));
      if (rest.length) to.getArray(name).push(rest);
      copied += values.length;
    }
    for (const name of [...MAPS, ...lists]) {
      const target = to.getMap(name);
      for (const [key, value] of from.getMap(name).entries()) {
        if (!isLive(value, cutoff)) continue;
        if (!whole && (target.has(key) || (OWNED.has(name) && holdOwner(key) !== self))) continue;
        target.set(key, value);
        copied++;
      }
    }
  });
  return copied;
}

/** Every event of a list: its packed days' (those that can be read) and its own. */
function eventsOf(doc: Y.Doc, name: string): unknown[] {
  const events: unknown[] = [];
  for (const pack of doc.getMap(packsOf(name)).values()) {
    try {
      events.push(...unpackDay(pack));
    } catch {
      // Reported where the doc is read (event-log.ts); an unreadable pack is not carried.
    }
  }
  return events.concat(doc.getArray(name).toArray());
}

function dateOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const date = (value as { date?: unknown }).date;
  return typeof date === 'string' ? date : null;
}

function idOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
}

/** Dated from the cutoff on, or of no date (names, the staff, an unreadable entry). */
function isLive(value: unknown, cutoff: string): boolean {
  const date = dateOf(value);
  return date === null || date >= cutoff;
}
