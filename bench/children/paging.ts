/**
 * Child process of the paging benchmark: page every reservation of a store and report CPU time
 * and peak memory. It runs bundled with plain node, as the app's main process would, so the
 * figures are the client's own, not a test runner's or a TypeScript loader's.
 */
import { RateGovernor, ReservationClient } from '../../main/api/index';

const [baseUrl, apiKey, storeId] = process.argv.slice(2) as [string, string, string];

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const client = new ReservationClient({
  baseUrl,
  apiKey,
  governor: new RateGovernor({
    limit: { requests: 1_000_000, windowMs: 60_000 },
    backgroundShare: 1,
  }),
});
const rssBefore = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const seen = new Set<string>();
for await (const page of client.reservationPages(storeId))
  for (const r of page.data) seen.add(r.id);
const cpu = process.cpuUsage(cpu0);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
process.stdout.write(
  `${JSON.stringify({
    records: seen.size,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs: performance.now() - t0,
    rssBeforeMb: rssBefore / 2 ** 20,
    peakRssMb: peak / 2 ** 20,
  })}\n`,
);
