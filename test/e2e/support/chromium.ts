/**
 * How Chromium is launched, for the end-to-end tests and the benchmarks alike: the one
 * `scripts/ensure-browser.ts` checked before the run (a system Chromium where one is installed,
 * as in CI; elsewhere Playwright's own). The flags keep a headless run quiet and off the network.
 */
import type { LaunchOptions } from '@playwright/test';
import { findChromium } from '../../../scripts/browser';

export function chromiumLaunchOptions(): LaunchOptions {
  const found = findChromium();
  return {
    // Playwright finds its own browser by itself; any other is named.
    ...(found && found.source !== 'playwright' && { executablePath: found.path }),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}
