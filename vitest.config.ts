import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test files say what they need in their name:
 * - *.test.ts(x): pure logic and components, no I/O;
 * - *.integration-test.ts: a real, migrated PostgreSQL (embedded, or DATABASE_URL);
 * - e2e/*.e2e-test.ts: the whole portal in Chromium.
 */
export default defineConfig({
  test: {
    allowOnly: false,
    projects: [
      {
        resolve: { alias: { '@/': fileURLToPath(new URL('./apps/web/src/', import.meta.url)) } },
        test: {
          name: 'unit',
          include: ['{apps,packages}/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages}/*/src/**/*.integration-test.ts'],
          globalSetup: ['./packages/db/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e-test.ts'],
          globalSetup: ['./e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
