import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { appendTestLog } from './packages/contracts/src/testing/test-logs.ts';

/**
 * Test files say what they need in their name:
 * - *.test.ts(x): pure logic and components, no I/O (every *.test.ts that is not one of the two below);
 * - *.integration.test.ts: a real, migrated PostgreSQL (embedded, or DATABASE_URL);
 * - e2e/*.e2e.test.ts: the whole portal in Chromium;
 * - scripts/*.test.ts: the repository's tooling, run on real files (lint-rules.test.ts lints scratch files;
 *   scripts/*.integration.test.ts need PostgreSQL, and run with the integration tests);
 *   scripts/lib/<folder>/*.test.ts: its helpers' own tests, beside them.
 */
/** The web app's `@/` alias, for every project that runs web code (unit tests and the session store's integration tests). */
const webAlias = { '@/': fileURLToPath(new URL('./apps/web/src/', import.meta.url)) };

/** A console.error fails the test that caused it, unless the test declares it (`expectConsoleError`). */
const failOnConsoleError = './packages/contracts/src/testing/console-errors.setup.ts';
/**
 * jsdom's CSS engine skips `@layer` blocks, which the web's shared stylesheets are wrapped in (global.css):
 * unwrapped for component tests, their rules apply in file order.
 */
const unwrapCascadeLayers = {
  postcssPlugin: 'unwrap-cascade-layers',
  AtRule: {
    // Methods, not function-typed properties: postcss's own AtRule (a narrower replaceWith) fits them.
    layer: (rule: { nodes?: unknown[]; remove(): void; replaceWith(...nodes: unknown[]): void }) => {
      if (rule.nodes) rule.replaceWith(...rule.nodes);
      else rule.remove();
    },
  },
};

/** jsdom lacks the native <dialog>'s modal behaviour, which the web's dialogs use (decision 0050). */
const dialogPolyfill = './apps/web/src/testing/dialog-polyfill.ts';
const asyncWaits = './apps/web/src/testing/async-waits.ts';

/**
 * How long `expect.poll` waits for what a test waits on (a worker's job, a delivery, a row) before failing,
 * unless the test says otherwise. Vitest's default, one second, is a wall-clock bet that a loaded CI
 * machine loses now and then (the dispatcher's parking test did); a poll still ends as soon as it holds.
 */
const pollUntil = { timeout: 15_000, interval: 50 };

const integrationFiles = [
  '{apps,packages}/*/src/**/*.integration.test.ts',
  'scripts/**/*.integration.test.ts',
];
/** Integration files that need modules of their own: a vi.mock of a module the app imports. */
const isolatedIntegrationFiles = ['apps/idp/src/sign-up-flow.integration.test.ts'];
const integrationSettings = {
  globalSetup: ['./packages/db/src/testing/global-setup.ts'],
  setupFiles: [failOnConsoleError],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  expect: { poll: pollUntil },
};

export default defineConfig({
  test: {
    allowOnly: false,
    // In `npm test`, what tests print also goes to the run's log files, which are checked for personal
    // data after the run (scripts/run-tests.ts, decision 0028); it is still shown as usual.
    onConsoleLog(log, _type, entity) {
      const moduleId = entity && ('module' in entity ? entity.module.moduleId : entity.moduleId);
      const file = moduleId ? relative(process.cwd(), moduleId) : 'outside a test file';
      appendTestLog('test-console', `${file}: ${log.trimEnd()}`);
    },
    projects: [
      {
        resolve: { alias: webAlias },
        css: { postcss: { plugins: [unwrapCascadeLayers] } },
        test: {
          name: 'unit',
          include: ['{apps,packages}/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
          // The web's CSS modules are applied in jsdom, so a component test can read a computed style.
          css: { include: [/\.module\.css$/] },
          setupFiles: [failOnConsoleError, dialogPolyfill, asyncWaits],
          expect: { poll: pollUntil },
        },
      },
      {
        resolve: { alias: webAlias },
        test: {
          name: 'integration',
          // scripts/: the walkthrough's test runs `npm run walkthrough` against the API (decision 0114).
          include: integrationFiles,
          exclude: [...isolatedIntegrationFiles, '**/node_modules/**'],
          // A worker's files share its modules: each file evaluating the whole app's thousand modules
          // anew took half the project's time (decision 0136). A file must leave no state behind.
          isolate: false,
          ...integrationSettings,
        },
      },
      {
        resolve: { alias: webAlias },
        test: { name: 'integration-isolated', include: isolatedIntegrationFiles, ...integrationSettings },
      },
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['./e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          expect: { poll: pollUntil },
        },
      },
    ],
  },
});
