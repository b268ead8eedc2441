/**
 * `npm run bench`: every benchmark, each figure beside its target, written to bench/results.
 * `npm run bench -- drain` (or api, local, ui, shop, close, receipt, search, days, dayview, start,
 * printer, onsite, staff, season, office) runs only the suites named.
 */
import { runApiBench } from './api.bench';
import { runCloseBench } from './close.bench';
import { runDaysBench } from './days.bench';
import { runDayViewBench } from './dayview.bench';
import { runDrainBench } from './drain.bench';
import { runLocalBench } from './local.bench';
import { runPrinterBench } from './printer.bench';
import { runOfficeBench } from './office.bench';
import { runOnSiteBench } from './onsite.bench';
import { runReceiptBench } from './receipt.bench';
import { runSearchBench } from './search.bench';
import { runSeasonBench } from './season.bench';
import { runShopBench } from './shop.bench';
import { runStaffBench } from './staff.bench';
import { runStartBench } from './start.bench';
import { runUiBench } from './ui.bench';
import { printFigures, writeFigures, type Figure } from './figures';

const suites: [string, string, () => Promise<Figure[]>][] = [
  ['api', 'Reservation Service client (issue 3)', runApiBench],
  ['local', 'Local data: cache, sync, outbox (issue 4)', runLocalBench],
  ['ui', 'Counter UI in Chromium (issue 6)', runUiBench],
  ['drain', 'Draining a backlog of walk-ins, real time (issue 11)', runDrainBench],
  [
    'shop',
    'One shop, many counters: host processes on loopback, real time (issue 12)',
    runShopBench,
  ],
  ['close', 'The day’s close over 10 000 journal entries (issue 13)', runCloseBench],
  ['receipt', 'Tender to receipt as PDF (issue 13)', runReceiptBench],
  ['search', 'Search at the counter: the index, readings (issue 16)', runSearchBench],
  ['days', 'Busy days (issue 16)', runDaysBench],
  [
    'dayview',
    'A day’s data made for the screen, over the real transport (issue 32)',
    runDayViewBench,
  ],
  ['start', 'Cold start as staff see it (issue 32)', runStartBench],
  ['printer', 'Receipt printer and drawer, from the counter UI (issue 31)', runPrinterBench],
  ['onsite', 'Bookings paid on site: scan, collect, the shop, the key (issue 27)', runOnSiteBench],
  ['staff', 'Staff at the counter: the PIN check, switching in Chromium (issue 29)', runStaffBench],
  ['season', 'The shop over a season: 120 days of 300 check-ins (issue 28)', runSeasonBench],
  [
    'office',
    'The head office on PostgreSQL: 1 000 stores × 3 counters, a real counter (issue 40)',
    runOfficeBench,
  ],
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !suites.some(([id]) => id === name));
if (unknown.length) throw new Error(`no bench named ${unknown.join(', ')}`);

const all: Figure[] = [];
for (const [id, title, run] of suites) {
  if (only.length && !only.includes(id)) continue;
  console.log(`\n▶ ${title}`);
  const figures = await run();
  printFigures(title, figures);
  all.push(...figures);
}
const file = await writeFigures(all);
const failed = all.filter((f) => !f.ok);
console.log(
  `\n${all.length - failed.length}/${all.length} figures meet their targets; written to ${file}`,
);
process.exitCode = failed.length ? 1 : 0;
