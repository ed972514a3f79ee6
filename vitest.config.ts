import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, run by name: `unit` (pure, fast), `integration` (the server through
 * `app.inject` on PGlite and on the PostgreSQL server) and `e2e` (browsers against the real server).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's `@/` import alias, so its units test as they are written.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            // The benchmarks' own tools (their load generator's HTTP client).
            'apps/server/bench/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            // The console's units import relatively (its `@/` is not the web app's).
            'apps/console/src/**/*.test.{ts,tsx}',
            // Repository rules (one source per rule) checked on samples.
            'scripts/**/*.test.mjs',
          ],
          exclude: ['**/node_modules/**', '**/*.integration.test.ts'],
          // The web's component tests (React Testing Library) ask for jsdom with a first-line
          // `// @vitest-environment jsdom`; everything else runs in Node.
          setupFiles: ['apps/web/test-support/dom-setup.ts'],
          // Projects with their own worker counts run one group after another: fast ones first.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/src/**/*.integration.test.ts'],
          globalSetup: ['apps/server/src/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file starts an embedded PGlite and a schema on the server: two at a time is
          // what a two-core machine takes without the timings turning flaky.
          maxWorkers: 2,
          // Files reuse their worker's loaded modules (PGlite's WebAssembly above all): a third
          // faster. Nothing else is shared: each file opens its own database and app.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          // The migrated demo database every file copies, made once before the files start.
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One file at a time: two side by side (each has its own server, database and Chromium,
          // and the demo database is made before they start) ran a quarter faster on a shared
          // two-core machine, but steps timed out under load.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
