import { setTimeout as nextTask } from 'node:timers/promises';
import { afterAll, afterEach } from 'vitest';
import {
  assertConsoleErrorsDeclared,
  installConsoleErrorGuard,
  uninstallConsoleErrorGuard,
} from './console-errors.ts';

/**
 * Setup file of the unit and integration projects (vitest.config.ts): a console.error fails the test
 * that caused it, unless the test declared it with `expectConsoleError`. An error logged before a test
 * (at import, in beforeAll) fails the next test; one logged in an afterAll hook fails the file.
 */
installConsoleErrorGuard();

// In a jsdom test, jsdom reports what it cannot do (a navigation, a script error) on its own console,
// which writes to the real stderr: those count as console errors too.
const dom = (globalThis as { jsdom?: { virtualConsole: NodeJS.EventEmitter } }).jsdom;
if (dom) {
  dom.virtualConsole.removeAllListeners('jsdomError');
  dom.virtualConsole.on('jsdomError', (error: Error & { cause?: unknown }) => {
    console.error('jsdom: %s', error.cause instanceof Error ? error.cause.stack : error.message);
  });
}

// Before each check, the tasks the test queued run (jsdom follows a clicked link on the next task, say):
// one real timer, after the ones already due, even under fake timers.
afterEach(async () => {
  await nextTask(1);
  assertConsoleErrorsDeclared();
});

afterAll(async () => {
  await nextTask(1);
  try {
    assertConsoleErrorsDeclared('after the last test (in an afterAll hook)');
  } finally {
    uninstallConsoleErrorGuard();
  }
});
