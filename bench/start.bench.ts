/**
 * Cold start as staff see it (issue 32), `npm run bench -- start`: from starting the installed
 * app's process to today's day view painted in a freshly opened window, on a counter that worked a
 * season on the 20 000-reservation store (cold-start.ts). Printed beside its 1 s target with its
 * stages (medians over the runs, each from the stage before), written with them to the JSON.
 */
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
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const cold = await coldStart(browser);
    const total = cold.runs.map((r) => r.at.painted - r.at['process started']);
    const stages = stageMedians(cold.runs);
    const list = (xs: number[]) => xs.map((v) => v.toFixed(0)).join(', ');
    const webFonts = [...new Set(cold.runs.flatMap((r) => r.webFonts))];
    console.log(
      `  season: ${cold.season.reservations} reservations on ${cold.season.dates} dates, ` +
        `${cold.season.checkIns} check-ins, ${cold.season.journal} journal records`,
    );
    console.log(`  process started → today painted, each run: ${list(total)} ms`);
    console.log('  stages (median of the runs, ms):');
    for (const [name, ms] of Object.entries(stages))
      console.log(`    ${String(ms).padStart(5)}  ${name}`);
    for (const work of Object.keys(cold.runs[0]!.hostWork))
      console.log(
        `  host: ${work} in ${list(cold.runs.map((r) => r.hostWork[work]!))} ms, each run`,
      );
    console.log(
      `  fonts: the day's heading drawn in ${cold.runs[0]!.font}; web fonts fetched before the ` +
        `paint: ${webFonts.length ? webFonts.join(', ') : 'none'}`,
    );
    return [
      {
        ...atMost(
          'cold start, season-worn 20 000 store: process started → today painted in a fresh window (median)',
          median(total),
          'ms',
          1000,
        ),
        parts: stages,
        note: `${cold.runs.length} starts; font ${cold.runs[0]!.font}, ${webFonts.length} web fonts`,
      },
    ];
  } finally {
    await browser.close();
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
