/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Callbacks of page.evaluate run in the page.
/**
 * Playwright fixtures: a fresh browser host per test (`host`), and the app open in Chromium on
 * it (`app`) with the page's clock at the host's business time. Helpers for the audit and the
 * screenshots every main screen leaves in test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';
import type { MoneySettings } from '../../../main/ipc/contract';
import { ROOT, startHost, type HostOptions, type TestHost } from './host';

export type Lang = 'ja' | 'en';

export const SCREENSHOTS = path.join(ROOT, 'test-results/screenshots');

export const test = base.extend<{
  hostOptions: HostOptions;
  host: TestHost;
  app: Page;
}>({
  hostOptions: [{}, { option: true }],
  host: async ({ hostOptions }, use) => {
    const host = await startHost(hostOptions);
    try {
      await use(host);
    } finally {
      await host.close();
    }
  },
  app: async ({ page, host, locale }, use) => {
    // The English runs are of a store whose receipts are in English: a receipt's language is the
    // store's setting, not the screen's (decision AB82), and these runs read English receipts.
    if (locale?.startsWith('en')) await englishReceipts(host);
    // The page's clock runs from the host's business time (it flows on by itself).
    await page.clock.install({ time: host.now() });
    await page.goto(host.url);
    await use(page);
  },
});

export { expect };

/** The store's receipts in English (a host not set up has no store yet: left as it is). */
async function englishReceipts(host: TestHost): Promise<void> {
  const settings = await host.composed.router.handle('money.settings', {});
  if (!settings.ok) return;
  const saved = await host.composed.router.handle('money.configure', {
    ...(settings.value as MoneySettings),
    receiptLocale: 'en',
  });
  if (!saved.ok) throw new Error(saved.error.message);
}

/** The language the browser prefers: the app follows it when no language was chosen. */
export function browserLocale(lang: Lang): string {
  return lang === 'ja' ? 'ja-JP' : 'en-US';
}

/** The axe-core options of every audit: violations are all a test reads of the result. */
const AXE_OPTIONS: axe.RunOptions = {
  rules: { 'target-size': { enabled: true } },
  resultTypes: ['violations'],
};

/**
 * axe-core in each of the page's frames, once per document: `AxeBuilder.analyze()` injected and
 * compiled its ~600 KB again at every audit, ~1 s of an audit's ~1.3 s (decision F12).
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const has = await frame.evaluate(() => 'axe' in window);
    if (!has) await frame.evaluate(axe.source);
  }
}

/**
 * axe-core on the page as it is: every rule axe runs by default (colour contrast included, in a
 * real layout) and the WCAG 2.2 target-size rule, which axe leaves off by default.
 */
export async function audit(page: Page, where: string): Promise<void> {
  // A step of its own: the run's table (timing-reporter.ts) totals what the audits cost.
  const violations = await test.step(`axe ${where}`, async () => {
    // Let transitions and focus settle: contrast is measured on what is painted.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    await injectAxe(page);
    return page.evaluate(
      (options) =>
        (window as unknown as { axe: typeof axe }).axe
          .run(document, options)
          .then((r) => r.violations),
      AXE_OPTIONS,
    );
  });
  const found = violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`)
        .join(' | ')}`,
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}

/** Counter-friendly targets: every control staff press is at least 44 px both ways. */
export async function expectTouchTargets(page: Page, where: string): Promise<void> {
  const small = await page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, input:not([type=radio]):not([type=checkbox]):not([type=hidden]), label.choice, a[href]',
    );
    for (const el of Array.from(controls)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.height < 44 || r.width < 44)
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
    }
    return out;
  });
  expect(small, `controls smaller than 44 px on ${where}`).toEqual([]);
}

/** A full-page screenshot of a main screen, named by language and screen. */
export async function shoot(page: Page, lang: Lang, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${lang}-${name}.png`), fullPage: false });
}

/** Audit, check targets and take the screenshot of one screen. */
export async function checkScreen(page: Page, lang: Lang, name: string): Promise<void> {
  await audit(page, `${lang}/${name}`);
  await expectTouchTargets(page, `${lang}/${name}`);
  await shoot(page, lang, name);
}
