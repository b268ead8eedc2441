/**
 * The shop over a season (issue 28, decision H16): three counters of one store, each a real
 * ShopState (real Yjs) restarted every morning, 120 days of 300 check-ins and 30 walk-ins, counters
 * away for days now and then, the poller leaving the days before the retention window (main/local's
 * 30 days) behind (`test/support/season.ts`, in-process over a MemoryNetwork). Then a counter that
 * kept its state starts on a real mesh (TLS on loopback), and a brand-new one joins it: from the new
 * counter's start until it holds every check-in of the window.
 *
 * - the shared state after the season (the largest counter's, as saved and as a new counter gets
 *   it), ≤ 1 MiB; its peak over the season, as base64 in one sync message, within the bus's limit;
 * - a new counter caught up after the season, ≤ 5 s;
 * - check-ins of the window missing at any counter, and of days left behind still held: none.
 */
import { createLogger } from '../main/api/log';
import { DEFAULT_RETENTION_DAYS } from '../main/local/index';
import { MAX_MESSAGE_BYTES } from '../main/shop/bus';
import { shopSecrets } from '../main/shop/mesh/keys';
import { Mesh } from '../main/shop/mesh/mesh';
import { ShopState } from '../main/shop/shared/shop-state';
import { recordingLogger, SavedDoc, STORE, type TestCounter } from '../test/shop/shared/counters';
import { missingAt, resurrectedAt, runSeason } from '../test/support/season';
import { waitFor } from '../test/support/wait';
import { atMost, exactly, type Figure } from './figures';

const DAYS = Number(process.env.SEASON_BENCH_DAYS ?? 120);
const PER_DAY = 300;
const WALK_INS = 30;
const MIB = 1024 * 1024;

const say = (line: string) => console.log(`  ${line}`);

/** A counter of the shop on a real mesh on loopback, its state loaded from `saved`. */
async function meshCounter(id: string, saved: SavedDoc, peers: string[] = []) {
  const secrets = shopSecrets('live-key-season-bench-0123456789', STORE);
  const mesh = new Mesh({
    counterId: id,
    name: `受付${id}`,
    secrets,
    listen: { host: '127.0.0.1', port: 0 },
    peers,
    logger: createLogger(() => {}, 'warn'),
  });
  const port = await mesh.start();
  const state = new ShopState({
    bus: mesh,
    storeId: STORE,
    counter: { id, name: `受付${id}` },
    logger: recordingLogger(),
    now: () => Date.now(),
    persist: saved,
  });
  const counter: TestCounter & { port: number; close(): Promise<void> } = {
    id,
    state,
    saved,
    logger: recordingLogger(),
    port,
    close: async () => {
      state.close();
      await mesh.close();
    },
  };
  return counter;
}

export async function runSeasonBench(): Promise<Figure[]> {
  const started = Date.now();
  const season = await runSeason({
    days: DAYS,
    checkInsPerDay: PER_DAY,
    walkInsPerDay: WALK_INS,
    retentionDays: DEFAULT_RETENTION_DAYS,
    onDay: (day, bytes) => {
      if ((day + 1) % 10 === 0)
        say(
          `day ${day + 1}: shared state ${bytes} B (${Math.round((Date.now() - started) / 1000)} s)`,
        );
    },
  });
  const figures: Figure[] = [];
  try {
    const sizes = season.counters.map((c) => c.state.encodedState().length);
    const missing = season.counters.reduce((n, c) => n + missingAt(c, season).length, 0);
    const resurrected = season.counters.reduce((n, c) => n + resurrectedAt(c, season), 0);
    const window = [...season.made.values()].filter((d) => d >= season.cutoff).length;
    say(
      `${season.made.size} check-ins made, ${window} of them in the window; states ${sizes.join(', ')} B`,
    );
    figures.push(
      atMost(
        `shared state after the season (${DAYS} days × ${PER_DAY})`,
        Math.max(...sizes),
        'B',
        MIB,
      ),
      atMost(
        'shared state at its peak, as base64 in one sync message',
        Math.ceil(season.peakBytes / 3) * 4,
        'B',
        MAX_MESSAGE_BYTES,
      ),
      exactly('check-ins of the window missing at a counter', missing, 'check-ins', 0),
      exactly('check-ins of days left behind still held', resurrected, 'check-ins', 0),
    );
    season.close();

    // The real transport: a counter with the season's state, and a new one joining it.
    const veteran = await meshCounter('c1', season.counters[0]!.saved);
    try {
      const joined = performance.now();
      const newcomer = await meshCounter('c9', new SavedDoc(), [`127.0.0.1:${veteran.port}`]);
      try {
        await waitFor(() => missingAt(newcomer, season).length === 0, 'the new counter caught up', {
          timeoutMs: 60_000,
          everyMs: 10,
        });
        const ms = performance.now() - joined;
        say(`new counter: ${newcomer.state.encodedState().length} B in ${Math.round(ms)} ms`);
        figures.push(atMost('new counter caught up after the season (TLS mesh)', ms, 'ms', 5_000));
      } finally {
        await newcomer.close();
      }
    } finally {
      await veteran.close();
    }
  } finally {
    season.close();
  }
  return figures;
}
