/** `npm run bench`: every benchmark, each figure beside its target, written to bench/results. */
import { runApiBench } from './api.bench';
import { runLocalBench } from './local.bench';
import { runUiBench } from './ui.bench';
import { printFigures, writeFigures, type Figure } from './figures';

const suites: [string, () => Promise<Figure[]>][] = [
  ['Reservation Service client (issue 3)', runApiBench],
  ['Local data: cache, sync, outbox (issue 4)', runLocalBench],
  ['Counter UI in Chromium (issue 6)', runUiBench],
];

const all: Figure[] = [];
for (const [title, run] of suites) {
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
