/**
 * Cold start as staff see it (issue 32), `npm run bench -- start`: from starting the installed
 * app's process to today's day view painted in a freshly opened window, on a counter that worked a
 * season on the 20 000-reservation store (cold-start.ts). Printed beside its 1 s target with its
 * stages (medians over the runs, each from the stage before), written with them to the JSON.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../test/e2e/support/chromium';
import { ROOT } from '../test/e2e/support/host';
import { coldStart, STAGES, type StartRun } from './cold-start';
import { atMost, type Figure } from './figures';
import { build } from './ui.bench';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Each stage's time from the stage before it, median over the runs. */
function stageMedians(runs: StartRun[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 1; i < STAGES.length; i++)
    out[`${STAGES[i - 1]} → ${STAGES[i]}`] = Math.round(
      median(runs.map((r) => r.at[STAGES[i]!] - r.at[STAGES[i - 1]!])),
    );
  return out;
}

export async function runStartBench(): Promise<Figure[]> {
  build();
  // The counter's browser, with a profile of its own kept from start to start (G26): the first
  // start finds its cache empty, as after an install or an update; the others are every day's.
  const profile = await mkdtemp(path.join(tmpdir(), 'fd-start-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions(),
    viewport: { width: 1280, height: 800 },
    locale: 'ja-JP',
  });
  try {
    const cold = await coldStart(browser);
    const [first, ...daily] = cold.runs;
    const total = (r: StartRun) => r.at.painted - r.at['process started'];
    const stages = stageMedians(daily);
    const list = (xs: number[]) => xs.map((v) => v.toFixed(0)).join(', ');
    const webFonts = [...new Set(cold.runs.flatMap((r) => r.webFonts))];
    const floor = median(cold.floor);
    console.log(
      `  season: ${cold.season.reservations} reservations on ${cold.season.dates} dates, ` +
        `${cold.season.checkIns} check-ins, ${cold.season.journal} journal records`,
    );
    console.log(
      `  process started → today painted: first start (browser cache empty) ${total(first!).toFixed(0)} ms; ` +
        `then each start: ${list(daily.map(total))} ms`,
    );
    console.log(
      `  the machine's floor (a bare Node server and a page of one script, the same way, ` +
        `alternated): ${list(cold.floor)} ms, median ${floor.toFixed(0)}`,
    );
    console.log('  stages (median of the daily starts, ms):');
    for (const [name, ms] of Object.entries(stages))
      console.log(`    ${String(ms).padStart(5)}  ${name}`);
    console.log('  stages of the first start (browser cache empty, ms):');
    for (const [name, ms] of Object.entries(stageMedians([first!])))
      console.log(`    ${String(ms).padStart(5)}  ${name}`);
    for (const work of Object.keys(first!.hostWork))
      console.log(
        `  host: ${work} in ${list(cold.runs.map((r) => r.hostWork[work]!))} ms, each run`,
      );
    console.log(
      `  fonts: the day's heading drawn in ${first!.font}; web fonts fetched before the ` +
        `paint: ${webFonts.length ? webFonts.join(', ') : 'none'}`,
    );
    return [
      {
        ...atMost(
          'cold start, season-worn 20 000 store: process started → today painted in a new window of the counter’s browser (median)',
          median(daily.map(total)),
          'ms',
          1000,
        ),
        parts: {
          ...stages,
          'first start, the browser’s cache empty': Math.round(total(first!)),
          'the machine’s floor (median)': Math.round(floor),
        },
        note: `${daily.length} starts after a first; font ${first!.font}, ${webFonts.length} web fonts`,
      },
    ];
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}

// `npx tsx bench/start.bench.ts`: this suite alone.
if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(ROOT, 'bench/start.bench.ts')
) {
  const { printFigures } = await import('./figures');
  printFigures('Cold start as staff see it (issue 32)', await runStartBench());
}
