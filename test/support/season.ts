/**
 * A shop over a season, compressed (issue 28, decision H16): counters of one store on a
 * MemoryNetwork, each a real ShopState (real Yjs) with its saved doc, restarted every morning (a
 * new Yjs client each session, as in the shop). Each day: check-ins at every counter present,
 * walk-ins queued and settled (their holds come and go), now and then a counter away for a few
 * days that keeps recording on its own; the poller (the lowest id present) leaves the days before
 * the retention window behind, as the session's purge does. The season test runs it small; the
 * bench (`npm run bench -- season`) runs 120 days of 300.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { MemoryNetwork } from './memory-bus';
import {
  checkIn,
  closeCounter,
  hold,
  openCounter,
  SavedDoc,
  type TestCounter,
} from '../shop/shared/counters';

export interface SeasonOptions {
  days: number;
  checkInsPerDay: number;
  walkInsPerDay: number;
  /** The retention window (main/local's, in days). */
  retentionDays: number;
  counters?: number;
  /** Called at the end of each day with the largest state of the counters present. */
  onDay?: (day: number, bytes: number) => void;
}

export interface Season {
  network: MemoryNetwork;
  /** The counters present at the end (the others were closed). */
  counters: TestCounter[];
  /** Every check-in event made anywhere: id → date. */
  made: Map<string, string>;
  /** The first date of the retention window at the end. */
  cutoff: string;
  /** The largest saved state of any counter over the season (bytes). */
  peakBytes: number;
  close(): void;
}

const FIRST_DAY = DateTime.fromISO('2026-04-01');
/** A new epoch crosses the network whole (a step 2 to each counter): slow on a loaded machine. */
const SETTLE_MS = 120_000;
export const seasonDate = (day: number) => FIRST_DAY.plus({ days: day }).toISODate()!;

/** Which counters are away on a day: the third for five days, the second across two mornings. */
function awayOn(day: number, ids: string[]): Set<string> {
  const away = new Set<string>();
  if (ids[2] && day % 40 >= 20 && day % 40 < 25) away.add(ids[2]);
  if (ids[1] && day % 40 >= 31 && day % 40 < 33) away.add(ids[1]);
  return away;
}

export async function runSeason(options: SeasonOptions): Promise<Season> {
  const network = new MemoryNetwork();
  const ids = Array.from({ length: options.counters ?? 3 }, (_, i) => `c${i + 1}`);
  const saved = new Map(ids.map((id) => [id, new SavedDoc()]));
  const made = new Map<string, string>();
  const live = new Map<string, TestCounter>();
  let peakBytes = 0;
  let cutoff = '';
  const open = (id: string, net: MemoryNetwork) => openCounter(net, id, saved.get(id), 0);

  for (let day = 0; day < options.days; day++) {
    const date = seasonDate(day);
    cutoff = seasonDate(day - options.retentionDays);
    const away = awayOn(day, ids);
    // Morning: every counter starts a new session (a counter away starts on a LAN of its own).
    for (const c of live.values()) closeCounter(network, c);
    live.clear();
    const offline = new MemoryNetwork();
    for (const id of ids) live.set(id, open(id, away.has(id) ? offline : network));
    await network.settle(SETTLE_MS);
    const present = ids.filter((id) => !away.has(id));
    live.get(present[0]!)!.state.compact(cutoff, date);
    await network.settle(SETTLE_MS);

    for (let n = 0; n < options.checkInsPerDay; n++) {
      const id = ids[n % ids.length]!;
      // The shapes of the shop's own records: UUID ids and bases (what costs the most bytes).
      const event = checkIn(id, `R${String(day * 10_000 + n).padStart(10, '0')}`, {
        id: randomUUID(),
        date,
        basis: n % 5 === 0 ? randomUUID() : null,
      });
      live.get(id)!.state.addCheckInEvent(event);
      made.set(event.id, date);
      if (n % 50 === 49) await network.settle(SETTLE_MS);
    }
    // Walk-ins: queued (the hold shared), then booked (the hold settled), a few left overnight.
    for (const id of ids) {
      const mine = Math.ceil(options.walkInsPerDay / ids.length);
      const holds = Array.from({ length: mine }, (_, w) => hold(`w-${day}-${w}`, { date }));
      live.get(id)!.state.setOwnHolds(holds);
      await network.settle(SETTLE_MS);
      live.get(id)!.state.setOwnHolds(holds.slice(0, 1));
    }
    await network.settle(SETTLE_MS);
    const bytes = Math.max(...[...live.values()].map((c) => c.state.encodedState().length));
    peakBytes = Math.max(peakBytes, bytes);
    options.onDay?.(day, bytes);
    // A counter away at night is shut down: its records wait in its saved doc.
    for (const id of away) {
      closeCounter(offline, live.get(id)!);
      live.delete(id);
    }
  }
  // Everyone back for the last morning.
  for (const c of live.values()) closeCounter(network, c);
  live.clear();
  for (const id of ids) live.set(id, open(id, network));
  await network.settle(SETTLE_MS);
  const counters = [...live.values()];
  return {
    network,
    counters,
    made,
    cutoff,
    peakBytes,
    close: () => {
      for (const c of counters) c.state.close();
    },
  };
}

/** The check-in events made within the retention window that a counter does not hold. */
export function missingAt(counter: TestCounter, season: Season): string[] {
  const held = new Set<string>();
  const dates = new Set([...season.made.values()].filter((d) => d >= season.cutoff));
  for (const date of dates) for (const e of counter.state.checkInEvents(date)) held.add(e.id);
  return [...season.made]
    .filter(([id, date]) => date >= season.cutoff && !held.has(id))
    .map(([id]) => id);
}

/** Events of days before the window a counter still holds (left behind: must be none). */
export function resurrectedAt(counter: TestCounter, season: Season): number {
  const old = new Set([...season.made.values()].filter((d) => d < season.cutoff));
  return [...old].reduce((n, date) => n + counter.state.checkInEvents(date).length, 0);
}
