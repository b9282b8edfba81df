import { describe, expect, it, onTestFailed } from 'vitest';
import config from '../../../../vitest.config.ts';
import { expectConsoleError, takeConsoleErrorProblems } from './console-errors.ts';

/**
 * The console error guard, proved on itself: these tests run under the same setup file as every other
 * unit test, so an undeclared console.error here must fail its test.
 */
describe('a console.error in a test', () => {
  let failure = '';

  // `it.fails` passes only if the test fails: without the setup file's afterEach this one would pass,
  // and so fail the run.
  it.fails('fails the test that logged it, when the test did not declare it', ({ task }) => {
    onTestFailed(() => {
      failure = (task.result?.errors ?? []).map((e) => e.message).join('\n');
    });
    console.error('planted: %s', 'an undeclared error');
  });

  it('…and the failure names the error', () => {
    expect(failure).toContain('console.error was called:\nplanted: an undeclared error');
  });

  it('passes when the test declares it, by substring or by pattern', () => {
    expectConsoleError('planted');
    expectConsoleError(/^Warning: Each child in a list/);
    console.error('planted, and declared');
    console.error('Warning: Each child in a list should have a unique "key" prop.%s', '');
  });

  it.fails('fails when a declared error never comes', () => {
    expectConsoleError(/never logged/);
  });

  it.fails('fails when the test leaves console.error replaced (muted)', () => {
    console.error = () => undefined;
  });

  it('is reported by the check the setup file runs after each test, and only once', () => {
    console.error(new Error('planted with a stack'));
    expectConsoleError('declared, not logged');
    const problems = takeConsoleErrorProblems();
    expect(problems).toEqual([
      expect.stringMatching(/^console\.error was called:\nError: planted with a stack\n\s+at /),
      'expected a console.error matching declared, not logged, but none was logged',
    ]);
    expect(takeConsoleErrorProblems()).toEqual([]);
  });

  it('is checked in the unit and the integration projects', () => {
    const projects = (config.test?.projects ?? []) as { test: { name: string; setupFiles?: string[] } }[];
    const setupFiles = Object.fromEntries(projects.map((p) => [p.test.name, p.test.setupFiles ?? []]));
    const setup = './packages/contracts/src/testing/console-errors.setup.ts';
    expect(setupFiles.unit).toContain(setup);
    expect(setupFiles.integration).toContain(setup);
  });
});
