import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // Integration tests start real HTTP servers on loopback; keep them bounded.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
