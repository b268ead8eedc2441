/**
 * Child process of the local bench (local.bench.ts): the first sync of a 20 000-reservation store,
 * its CPU time and peak memory, then a poll with one change, one with none, and reads of a busy
 * day. It runs bundled with plain node, as the app's host does (`npm start` runs the built host),
 * so the memory is the sync's own, not a TypeScript loader's (decision N18).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DateTime } from 'luxon';
import {
  RateGovernor,
  ReservationClient,
  silentLogger,
  type Reservation,
} from '../../main/api/index';
import {
  SyncEngine,
  fixedKeyProvider,
  openLocalStore,
  safeName,
  type SyncProgress,
} from '../../main/local/index';
import {
  DAY_SIZE,
  KEY,
  MINUTE,
  STORE,
  ZONE,
  type ChildArgs,
  type ChildReport,
  type Poll,
} from './first-sync-protocol';

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await bytesUnder(full) : (await stat(full)).size;
  }
  return total;
}

async function firstSyncChild(args: ChildArgs): Promise<ChildReport> {
  const open = (root: string) =>
    openLocalStore({
      root,
      storeId: STORE,
      timeZone: ZONE,
      keyProvider: fixedKeyProvider(KEY),
      logger: silentLogger,
    });
  const store = open(args.dir);
  const client = new ReservationClient({
    baseUrl: args.baseUrl,
    apiKey: args.apiKey,
    // The facility plan (300 a minute), background work at its default share.
    governor: new RateGovernor({ limit: { requests: 300, windowMs: MINUTE } }),
  });
  const progress: (SyncProgress & { at: number })[] = [];
  const sync = new SyncEngine({
    client,
    cache: store.cache,
    logger: silentLogger,
    onProgress: (p) => progress.push({ ...p, at: performance.now() }),
  });

  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await sync.syncStore();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  peak = Math.max(peak, process.memoryUsage().rss);
  clearInterval(sampler);
  const end = performance.now();
  // No total comes with the listing, so the estimate is a guess that sharpens as pages come in.
  const estimates = [0.25, 0.5, 0.75].flatMap((share) => {
    const at = progress[Math.floor(progress.length * share)];
    return at
      ? [
          {
            share,
            estimatedPages: at.estimatedPagesLeft,
            actualPages: result.requests - at.pages,
            estimatedMs: at.estimatedMsLeft,
            actualMs: Math.round(end - at.at),
          },
        ]
      : [];
  });
  const first: ChildReport['first'] = {
    requests: result.requests,
    records: result.records,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssBeforeMb: before / 2 ** 20,
    peakRssMb: peak / 2 ** 20,
    wallMs,
    filesWritten: store.files.stats.writes,
    bytesWritten: store.files.stats.bytesWritten,
    dates: store.cache.cachedDates().length,
    shards: store.files.list(`numbers/${safeName(STORE)}`).length,
    searchFiles: store.files.list(`search/${safeName(STORE)}`).length,
    bytesOnDisk: await bytesUnder(args.dir),
    estimates,
  };

  const poll = async (): Promise<Poll> => {
    const writes = store.files.stats.writes;
    const result = await sync.syncStore();
    return {
      requests: result.requests,
      changed: result.changed,
      filesWritten: store.files.stats.writes - writes,
    };
  };
  // One change in the service, as happens all day (a cancellation in its admin screen). It also
  // moves the watermark past the hundred-odd bookings that the generator stamps with one identical
  // update time: an inclusive `updatedSince` lists those again as long as they are the newest.
  const target = store.cache
    .cachedDates()
    .flatMap((d) => store.cache.reservationsOn(d).reservations)
    .find(
      (r) => r.status === 'confirmed' && (r.items?.[0]?.date ?? '') > DateTime.now().toISODate()!,
    );
  const cancelled = await fetch(`${args.controlUrl}/reservations/${target!.id}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cancelReason: 'weather', sendCancellationEmail: false }),
  });
  if (!cancelled.ok) throw new Error(`cancel in the sandbox: HTTP ${cancelled.status}`);
  const oneChange = await poll();
  const incremental = await poll();

  // A day with 400 reservations: real records of the store, put on one date.
  const date = DateTime.now().setZone(ZONE).plus({ days: 120 }).toISODate()!;
  const records: Reservation[] = [];
  for (const d of store.cache.cachedDates()) {
    for (const r of store.cache.reservationsOn(d).reservations) {
      if (records.length === DAY_SIZE) break;
      records.push({
        ...r,
        id: `${r.id}_day`,
        reservationNumber: `9${r.reservationNumber}`,
        items: (r.items ?? []).map((i) => ({ ...i, date })),
      });
    }
  }
  const day = open(args.readDir);
  day.cache.applyReservations(records, '2000-01-01');
  day.cache.flush();
  const warm: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t = performance.now();
    const n = day.cache.reservationsOn(date).reservations.length;
    warm.push(performance.now() - t);
    if (n !== DAY_SIZE) throw new Error(`read ${n} reservations, expected ${DAY_SIZE}`);
  }
  // The first read after a start: nothing of the file in memory yet.
  const cold: number[] = [];
  for (let i = 0; i < 40; i++) {
    const fresh = open(args.readDir);
    const t = performance.now();
    fresh.cache.reservationsOn(date);
    cold.push(performance.now() - t);
  }
  client.close();
  return { first, oneChange, incremental, read: { warm: warm.slice(50), cold: cold.slice(5) } };
}

const report = await firstSyncChild(JSON.parse(process.argv[2]!) as ChildArgs);
process.stdout.write(`${JSON.stringify(report)}\n`);
