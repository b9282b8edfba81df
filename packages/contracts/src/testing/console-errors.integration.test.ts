import { expect, it, onTestFailed } from 'vitest';
import { expectConsoleError } from './console-errors.ts';

/** The integration project runs the console error guard too (console-errors.test.ts proves it in detail). */
let failure = '';

it.fails('an undeclared console.error fails the integration test that logged it', ({ task }) => {
  onTestFailed(() => {
    failure = (task.result?.errors ?? []).map((e) => e.message).join('\n');
  });
  console.error('planted in an integration test');
});

it('names the error, and a declared one passes', () => {
  expect(failure).toContain('console.error was called:\nplanted in an integration test');
  expectConsoleError('planted, declared');
  console.error('planted, declared');
});
