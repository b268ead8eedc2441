/**
 * End-to-end tests in Chromium through the browser host (test/e2e). Each test starts its own
 * host in training mode (test/e2e/support/host.ts), so no web server is configured here. The
 * renderer must be built first: `npm run test:e2e` does that, and `npm test` in its first step.
 *
 * Debian's Chromium is used where it is installed (CI and this container); elsewhere Playwright's
 * own browser, if one was installed (test/e2e/support/chromium.ts).
 */
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './test/e2e/support/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  // Two workers for two cores: each runs its hosts in its own process beside its Chromium.
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report is what `npm run test:timings` reads.
  reporter: [
    ['list'],
    ...(process.env.CI ? [['github'] as const] : []),
    ['json', { outputFile: 'test-results/e2e.json' }],
    // Where the run's time went, by part, spec and test (test-results/e2e-table.txt).
    ['./test/e2e/support/timing-reporter.ts'],
  ],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium' }],
});
