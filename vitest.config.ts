import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@drinks/contracts': fileURLToPath(new URL('./contracts/src/index.ts', import.meta.url)),
  '@drinks/projections': fileURLToPath(new URL('./projections/src/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['{contracts,projections,services,web}/src/**/*.unit.spec.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'int',
          include: ['{contracts,projections,services,web}/src/**/*.int.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // `make test-fast`: the integration tests that need neither PostgreSQL nor NATS, on SQLite only.
        resolve: { alias },
        test: {
          name: 'fast',
          include: ['{contracts,projections,services,web}/src/**/*.int.spec.ts'],
          exclude: [
            'services/src/bus/nats*.int.spec.ts',
            'services/src/relay/*.int.spec.ts',
            'services/src/scale-out/**',
            'services/src/db/notify.int.spec.ts',
            'services/src/projector/online-rebuild.int.spec.ts',
            'services/src/faults/{stream-loss,nats-outage,relay-crash}.int.spec.ts',
          ],
          env: { SQLITE_ONLY: '1' },
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.spec.ts'],
          environment: 'node',
          // A real Chromium on a 2-core machine shared with the app under test: a test that fails once and then
          // passes is run again rather than failing the build, and scripts/run-tests.sh names it with its first
          // failure (a flake to fix, not to forget). One that fails twice fails.
          retry: 1,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
