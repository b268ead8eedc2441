/// <reference lib="dom" />
// Callbacks of page.evaluate and addInitScript run in the page.
/**
 * The receipt printer and the drawer (issue 31), from the user's start over the real transport:
 * the counter's app in Chromium through the browser host (its loopback bridge and event stream),
 * the router and the desk, and a TCP connection to training's virtual printer on loopback, as to
 * a LAN printer's port 9100. Staff take cash walk-ins in the UI with "print automatically" on:
 * - confirm pressed (the click, in the page) → the drawer's pulse at the printer;
 * - confirm pressed → the receipt's first command at the printer (after the booking's answer and
 *   the done step's automatic print; its status request, which opens the connection, not counted);
 * - the printer's state changed (paper out, ready again) → the status bar shows it (the page's
 *   DOM has the new state: a MutationObserver's time).
 * The page and this process time on their own clocks, both epoch at sub-millisecond resolution
 * (`performance.timeOrigin + performance.now()`, taken in the page before Playwright's clock is
 * installed); the offset between them is measured over round trips and taken off.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { VirtualPrinter } from '../main/desk/printer/virtual/virtual-printer';
import { chromiumLaunchOptions } from '../test/e2e/support/chromium';
import { ROOT, startHost, type TestHost } from '../test/e2e/support/host';
import { CATALOGUES, fill, pattern, yen } from '../test/e2e/support/ui';
import { waitFor } from '../test/support/wait';
import { atMost, exactly, type Figure } from './figures';

/** Walk-ins measured, after one that warms the encoders (reported apart: the day's first). */
const RUNS = 12;
const STATUS_RUNS = 10;
const t = CATALOGUES.ja;

const epoch = () => performance.timeOrigin + performance.now();
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

declare global {
  interface Window {
    /** The page's own epoch clock, kept before Playwright's fake clock replaces `performance`. */
    fdEpoch(): number;
    /** The last click's time on it. */
    fdClick: number | null;
    /** Each state the status bar's printer badge showed, when. */
    fdStates: { state: string; at: number }[];
  }
}

function build(): void {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

/** Run in the page before anything else: its real clock, the clicks, the badge's states. */
const instrument = () => {
  const origin = performance.timeOrigin;
  const now = performance.now.bind(performance);
  window.fdEpoch = () => origin + now();
  window.fdClick = null;
  window.fdStates = [];
  document.addEventListener('click', () => (window.fdClick = window.fdEpoch()), true);
  let last: string | null = null;
  // No named functions here: tsx would wrap them in a helper the page does not have.
  new MutationObserver(() => {
    const state =
      document.querySelector('[data-printer-state]')?.getAttribute('data-printer-state') ?? null;
    if (state !== last && state !== null) window.fdStates.push({ state, at: window.fdEpoch() });
    last = state;
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-printer-state'],
  });
};

/** The page's clock less this process's, from the round trip that took least. */
async function clockOffset(page: Page): Promise<{ offset: number; rtt: number }> {
  let best = { offset: 0, rtt: Infinity };
  for (let i = 0; i < 20; i++) {
    const before = epoch();
    const there = await page.evaluate(() => window.fdEpoch());
    const after = epoch();
    if (after - before < best.rtt)
      best = { offset: there - (before + after) / 2, rtt: after - before };
  }
  return best;
}

/** One cash walk-in in the UI up to the tender, change due; then confirm. */
async function walkIn(page: Page, name: string): Promise<void> {
  await page.keyboard.press('F4');
  await page.getByRole('button', { name: /API接続確認用/ }).click();
  await page.locator('input[name=slot]:checked').waitFor();
  await page.getByRole('button', { name: new RegExp(`^${t.walkIn.next}`) }).click();
  await page.getByLabel(t.walkIn.customerFields.lastName).fill(name);
  await page.keyboard.press('Enter');
  const collect = page.getByText(pattern(t.walkIn.collect));
  await collect.waitFor();
  const total = Number(((await collect.textContent()) ?? '').replace(/[^0-9]/g, ''));
  const handed = Math.ceil((total + 1) / 10_000) * 10_000;
  await page.getByRole('button', { name: yen('ja', handed), exact: true }).click();
}

interface Marks {
  pulse: number[];
  receipt: number[];
  cold: { pulse: number; receipt: number } | null;
  printed: number;
}

async function cashWalkIns(page: Page, host: TestHost, printer: VirtualPrinter): Promise<Marks> {
  const work = new Map<number, number>();
  printer.on('work', (at, connection) => work.set(connection, at));
  const marks: Marks = { pulse: [], receipt: [], cold: null, printed: 0 };
  for (let run = 0; run <= RUNS; run++) {
    const name = `計測${run}`;
    await walkIn(page, name);
    const { offset } = await clockOffset(page);
    const jobs = printer.jobs.length;
    await page.evaluate(() => (window.fdClick = null));
    await page
      .getByRole('button', { name: new RegExp(`^${fill(t.walkIn.confirm, { amount: '.*' })}`) })
      .click();
    await page.getByText(t.money.tender.recorded).waitFor();
    const clicked = (await page.evaluate(() => window.fdClick))! - offset;
    // The pulse's connection and the receipt's, once each has closed.
    const mine = () => printer.jobs.slice(jobs).filter((j) => work.has(j.connection));
    const [kick, paper] = await waitFor(() => {
      const done = mine();
      const pulse = done.find((j) => j.bytes.includes(Buffer.from([0x1b, 0x70])));
      const receipt = done.find((j) => j.bytes.length > 200);
      return pulse && receipt ? ([pulse, receipt] as const) : null;
    }, `walk-in ${run}: the pulse and the receipt at the printer`);
    const number = host
      .training()
      .sandbox.snapshot()
      .state.reservations.find((r) => r.customer.lastName === name)?.reservationNumber;
    if (!number || !paper.bytes.includes(Buffer.from(number)))
      throw new Error(`walk-in ${run}: its receipt does not carry its number ${number}`);
    const pulse = work.get(kick.connection)! - clicked;
    const receipt = work.get(paper.connection)! - clicked;
    if (run === 0) marks.cold = { pulse, receipt };
    else {
      marks.pulse.push(pulse);
      marks.receipt.push(receipt);
      if (paper.printed) marks.printed++;
    }
  }
  return marks;
}

async function statusShown(page: Page, printer: VirtualPrinter): Promise<number[]> {
  const shown: number[] = [];
  for (let run = 0; run < STATUS_RUNS; run++) {
    const state = run % 2 === 0 ? 'paper_out' : 'ready';
    // A change comes at any moment of the desk's watch, not just after its last look.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 600));
    const { offset } = await clockOffset(page);
    const seen = await page.evaluate(() => window.fdStates.length);
    const changed = epoch();
    printer.setState(state);
    const at = await waitFor(
      () =>
        page.evaluate(
          ([from, s]) => window.fdStates.slice(from).find((x) => x.state === s)?.at ?? null,
          [seen, state] as const,
        ),
      `the status bar showing ${state}`,
      { everyMs: 50 },
    );
    shown.push(at - offset - changed);
  }
  return shown;
}

export async function runPrinterBench(): Promise<Figure[]> {
  build();
  const host = await startHost();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const printer = await host.composed.desk.virtualPrinter();
    const call = async (channel: string, payload: unknown) => {
      const result = await host.composed.router.handle(channel, payload);
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.value as Record<string, unknown>;
    };
    await call('printer.configure', {
      receiptPrinter: {
        connection: { kind: 'virtual' },
        language: 'escpos',
        paper: '80mm',
        drawer: true,
      },
      routes: { receipt: 'receipt_printer', close: 'os_printer', manifest: 'os_printer' },
      a4PrinterName: null,
    });
    await call('money.configure', {
      ...(await call('money.settings', {})),
      printAutomatically: true,
    });

    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'ja-JP',
    });
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.clock.install({ time: host.now() });
    await page.goto(host.url);
    await page.getByRole('article').first().waitFor();
    await page.locator('[data-printer-state="ready"]').waitFor();
    const { rtt } = await clockOffset(page);

    const marks = await cashWalkIns(page, host, printer);
    const shown = await statusShown(page, printer);
    await context.close();

    console.log(
      `  ${RUNS} cash walk-ins in the UI (Chromium, browser host, virtual printer on TCP; the page's clock read to ±${(rtt / 2).toFixed(1)} ms):`,
    );
    console.log(
      `    confirm → drawer pulse at the printer: median ${ms(quantile(marks.pulse, 0.5))}, p95 ${ms(quantile(marks.pulse, 0.95))}, each: ${marks.pulse.map((x) => x.toFixed(0)).join(' ')}`,
    );
    console.log(
      `    confirm → receipt's first command at the printer: median ${ms(quantile(marks.receipt, 0.5))}, p95 ${ms(quantile(marks.receipt, 0.95))}, each: ${marks.receipt.map((x) => x.toFixed(0)).join(' ')}`,
    );
    console.log(
      `    the day's first (encoders loaded then, not counted above): pulse ${ms(marks.cold!.pulse)}, receipt ${ms(marks.cold!.receipt)}`,
    );
    console.log(
      `  status shown in the status bar (${STATUS_RUNS} changes at random moments of the desk's 500 ms watch): median ${ms(quantile(shown, 0.5))}, max ${ms(Math.max(...shown))}; each: ${shown.map((x) => x.toFixed(0)).join(' ')}`,
    );
    return [
      atMost('confirm → drawer pulse at the printer, p95', quantile(marks.pulse, 0.95), 'ms', 150),
      atMost(
        'confirm → receipt’s first command at the printer, p95',
        quantile(marks.receipt, 0.95),
        'ms',
        200,
      ),
      atMost('printer state change → shown in the status bar, max', Math.max(...shown), 'ms', 1000),
      exactly('receipts printed', marks.printed, 'receipts', RUNS),
    ];
  } finally {
    await browser.close();
    await host.close();
  }
}

// `npx tsx bench/printer.bench.ts`: this suite alone.
if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(ROOT, 'bench/printer.bench.ts')
) {
  const { printFigures } = await import('./figures');
  printFigures('Receipt printer and drawer (issue 31)', await runPrinterBench());
}
