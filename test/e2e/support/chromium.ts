/**
 * How Chromium is launched, for the end-to-end tests and the UI benchmark alike: Debian's
 * Chromium where it is installed (CI and this container), elsewhere Playwright's own browser,
 * if one was installed. The flags keep a headless run quiet and off the network.
 */
import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    ...(existsSync(SYSTEM_CHROMIUM) && { executablePath: SYSTEM_CHROMIUM }),
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
