/**
 * Where the end-to-end tests and benchmarks find Chromium, and how a machine without one gets it
 * (issue 17). One finder for `scripts/ensure-browser.ts` (run by `npm test` and `npm run bench`
 * before anything else) and for Playwright's launch options (test/e2e/support/chromium.ts), so
 * the browser that was checked is the browser that runs.
 *
 * Knobs, all optional: FRONT_DESK_CHROMIUM (an executable to use), FRONT_DESK_SYSTEM_CHROMIUM_PATHS
 * (where to look for a system Chromium, separated by the path delimiter; empty: nowhere),
 * PLAYWRIGHT_BROWSERS_PATH and PLAYWRIGHT_DOWNLOAD_HOST (Playwright's own).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

export interface FoundChromium {
  /** The executable. */
  path: string;
  /** system: installed by the OS's packages or by hand; playwright: Playwright's own download. */
  source: 'given' | 'system' | 'playwright';
}

/** System Chromium (or Chrome) where the usual packages put it, per platform. */
function defaultSystemPaths(): string[] {
  if (process.platform === 'darwin')
    return [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ];
  if (process.platform === 'win32') {
    const roots = [
      process.env.PROGRAMFILES,
      process.env['PROGRAMFILES(X86)'],
      process.env.LOCALAPPDATA,
    ];
    return roots
      .filter((r): r is string => !!r)
      .map((r) => path.join(r, 'Google', 'Chrome', 'Application', 'chrome.exe'));
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
  ];
}

export function systemChromiumPaths(env: NodeJS.ProcessEnv = process.env): string[] {
  const given = env.FRONT_DESK_SYSTEM_CHROMIUM_PATHS;
  if (given === undefined) return defaultSystemPaths();
  return given.split(path.delimiter).filter(Boolean);
}

/** Playwright's own Chromium, if it was downloaded (null: not there). */
function playwrightChromium(): string | null {
  try {
    const executable = chromium.executablePath();
    return executable && existsSync(executable) ? executable : null;
  } catch {
    return null;
  }
}

/** The Chromium the tests will launch, or null when this machine has none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): FoundChromium | null {
  const given = env.FRONT_DESK_CHROMIUM;
  if (given) return existsSync(given) ? { path: given, source: 'given' } : null;
  const system = systemChromiumPaths(env).find((p) => existsSync(p));
  if (system) return { path: system, source: 'system' };
  const own = playwrightChromium();
  return own ? { path: own, source: 'playwright' } : null;
}

/** What to tell a person on a machine where nothing could be found or installed. */
export const WHAT_TO_INSTALL =
  'Front Desk needs Chromium for its end-to-end tests and benchmarks, and none was found or could be installed here. ' +
  'Install one, then run the command again: on Debian/Ubuntu `sudo apt-get install chromium fonts-ipafont-gothic poppler-utils` ' +
  '(Ubuntu: `chromium-browser`); on macOS or Windows, Google Chrome; anywhere with Internet access, ' +
  '`npx playwright install chromium`; or set FRONT_DESK_CHROMIUM to a Chromium executable.';
