/// <reference lib="dom" />
// Callbacks of page.evaluate run in the page.
/**
 * The app's own words (its message catalogues) for finding things on screen in either language,
 * and the sandbox's data for choosing reservations to work on.
 */
import type { Page } from '@playwright/test';
import { ja } from '../../../renderer/src/i18n/catalogue';
import { en } from '../../../renderer/src/i18n/en';
import type { ReservationRecord } from '../../../sandbox/model';
import { DEMO } from '../../../sandbox/scenario/demo';
import type { Lang } from './fixtures';
import type { TestHost } from './host';

export const CATALOGUES = { ja, en };

/** A message with its placeholders filled. */
export function fill(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    if (!(k in vars)) throw new Error(`no value for {{${k}}} in "${template}"`);
    return String(vars[k]);
  });
}

/** A message as a pattern: placeholders left open match anything. */
export function pattern(
  template: string,
  vars: Record<string, string | number> = {},
  whole = false,
): RegExp {
  const escaped = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const m = /^\{\{(\w+)\}\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const v = vars[m[1]!];
      return v === undefined ? '.*?' : String(v).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(whole ? `^${escaped}$` : escaped);
}

export const KYOTO = DEMO.stores.kyoto;
export const PRODUCTS = DEMO.products;

/** Yen as the UI shows it (Intl, in the UI's language). */
export function yen(lang: Lang, amount: number): string {
  return new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency: 'JPY',
  }).format(amount);
}

/** The training sandbox's reservations, as the service holds them. */
export function reservations(host: TestHost): ReservationRecord[] {
  return host.training().sandbox.snapshot().state.reservations;
}

/** The first reservation of the Kyoto store that fits, in a stable order. */
export function pickReservation(
  host: TestHost,
  fits: (r: ReservationRecord) => boolean,
  skip: ReadonlySet<string> = new Set(),
): ReservationRecord {
  const found = reservations(host)
    .filter((r) => r.storeId === KYOTO && !skip.has(r.id) && fits(r))
    .sort((a, b) => a.reservationNumber.localeCompare(b.reservationNumber))[0];
  if (!found) throw new Error('no reservation in the demo fits');
  return found;
}

/** A date relative to a base date (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Open a reservation the way staff do: F2, its number, Enter. */
export async function openByNumber(page: Page, number: string): Promise<void> {
  await page.keyboard.press('F2');
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
}

/**
 * A barcode scanner's code and Enter, as the scanner sends it: the keys stamped 5 ms apart by the
 * "hardware" (the DevTools protocol's event time, which the page sees as `event.timeStamp`),
 * however long a loaded machine takes to deliver them. Playwright's `keyboard.type` stamps each
 * key when the browser gets it, so on a busy machine its keys can come more than the scan
 * detector's 80 ms apart and read as typing. For a page on its real clock (the benchmarks).
 */
export async function sendScan(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const keys = [...code].map((ch) => ({
      key: ch,
      text: ch,
      code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`,
      windowsVirtualKeyCode: ch.toUpperCase().charCodeAt(0),
    }));
    keys.push({ key: 'Enter', text: '\r', code: 'Enter', windowsVirtualKeyCode: 13 });
    for (const [i, k] of keys.entries()) {
      const timestamp = start + i * 0.005;
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...k, timestamp });
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key: k.key,
        code: k.code,
        windowsVirtualKeyCode: k.windowsVirtualKeyCode,
        timestamp: timestamp + 0.001,
      });
    }
  } finally {
    await cdp.detach();
  }
}

/**
 * A scan in an end-to-end page, whose clock Playwright has installed (fixtures.ts): that clock
 * also stands in for `event.timeStamp`, read from its `performance.now()` when the handler runs,
 * so the keys' own stamps are lost and a loaded machine's slow delivery reads as typing. The
 * page's clock stands still while the scanner sends (its keys then come at one moment), and
 * runs on after.
 */
export async function scan(page: Page, code: string): Promise<void> {
  await pauseClock(page);
  try {
    await sendScan(page, code);
  } finally {
    await page.clock.resume();
  }
}

/**
 * Stop the page's installed clock a moment ahead of its time. The page's time moves on while the
 * call travels, so a moment already past is asked for again, a little further ahead.
 */
async function pauseClock(page: Page): Promise<void> {
  for (let ahead = 20; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead > 5_000 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** The browser's print, replaced: what the print region held each time it was called. */
export async function catchPrints(app: Page): Promise<void> {
  await app.evaluate(() => {
    const w = window as unknown as { printed: string[] };
    w.printed = [];
    window.print = () => {
      w.printed.push(document.getElementById('print-region')?.shadowRoot?.textContent ?? '');
    };
  });
}
export const printed = (app: Page) =>
  app.evaluate(() => (window as unknown as { printed: string[] }).printed);

/**
 * How many lines the status bar takes, from the boxes of what is shown in it: its items and each
 * line of their text (an item whose words wrap inside it, as the counters' box did, is two). A box
 * that starts below the bottom of the line so far starts another (boxes of one line may differ in
 * height). What is put away (hidden, or in the closed details) has no box.
 */
export async function statusBarLines(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bar = document.querySelector('.status-bar')!;
    const shown = (e: Element) => getComputedStyle(e).visibility === 'visible';
    const boxes = Array.from(bar.children)
      .filter(shown)
      .map((c) => c.getBoundingClientRect());
    const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim() || !shown(n.parentElement!)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      boxes.push(...Array.from(range.getClientRects()));
    }
    const sorted = boxes.filter((r) => r.width > 0 && r.height > 0).sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const r of sorted) {
      if (r.top >= bottom - 0.5) {
        lines++;
        bottom = r.bottom;
      } else bottom = Math.max(bottom, r.bottom);
    }
    return lines;
  });
}

/**
 * What of the status bar is cut: each shown element of it whose content is wider than its box
 * (an ellipsis, a clipped word), or that reaches past the window's right edge.
 */
export async function statusBarClipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('.status-bar')!;
    const out: string[] = [];
    for (const e of [bar, ...Array.from(bar.querySelectorAll<HTMLElement>('*'))]) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(e).visibility !== 'visible') continue;
      const name = `${e.tagName.toLowerCase()}.${e.className} "${(e.textContent ?? '').slice(0, 40)}"`;
      if (e.scrollWidth > e.clientWidth + 1)
        out.push(`${name} ${e.scrollWidth} > ${e.clientWidth}`);
      if (r.right > window.innerWidth + 0.5) out.push(`${name} ends at ${Math.round(r.right)}`);
    }
    return out;
  });
}
