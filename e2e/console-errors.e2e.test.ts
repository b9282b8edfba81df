import { describe, expect, it, onTestFailed } from 'vitest';
import { expectConsoleError, takeConsoleErrorProblems, useBrowser } from './support/browser.ts';

/**
 * The harness's console check, proved on a real page: a console error (or an uncaught error) in a page
 * fails the test in which it happened unless the test declared it. The page is the public practice list.
 */
describe('a console error in a page', () => {
  const { newPage } = useBrowser();
  let failure = '';

  // `it.fails` passes only if the test fails: without the harness's check after each test it would pass,
  // and so fail the run.
  it.fails('fails the test in which it was logged, when the test did not declare it', async ({ task }) => {
    onTestFailed(() => {
      failure = (task.result?.errors ?? []).map((e) => e.message).join('\n');
    });
    const page = await newPage();
    await page.goto('/practices');
    await page.evaluate("console.error('planted: an undeclared error')");
  });

  it('…and the failure names the page and the error', () => {
    expect(failure).toMatch(/^1 console error problem\(s\) in the pages of this test/);
    expect(failure).toMatch(/\n\S+\/practices: planted: an undeclared error$/);
  });

  it('is reported by the check the harness runs after each test: console errors and uncaught errors', async () => {
    const page = await newPage();
    await page.goto('/practices');
    await page.evaluate("console.error('planted in the console')");
    const uncaught = page.waitForEvent('pageerror');
    await page.evaluate("setTimeout(() => { throw new Error('planted, uncaught'); })");
    await uncaught;
    expect(takeConsoleErrorProblems()).toEqual([
      expect.stringMatching(/\/practices: planted in the console$/),
      expect.stringMatching(/\/practices: Uncaught Error: planted, uncaught/),
    ]);
    expect(takeConsoleErrorProblems()).toEqual([]);
  });

  it('passes when the test declares it, for that page', async () => {
    const page = await newPage();
    await page.goto('/practices');
    expectConsoleError(page, /^planted, declared$/);
    await page.evaluate("console.error('planted, declared')");
  });

  it('counts a declaration for one page only: another page logging the same fails the test', async () => {
    const declared = await newPage();
    const other = await newPage();
    await Promise.all([declared.goto('/practices'), other.goto('/practices')]);
    expectConsoleError(declared, 'planted');
    await declared.evaluate("console.error('planted')");
    await other.evaluate("console.error('planted')");
    expect(takeConsoleErrorProblems()).toEqual([expect.stringMatching(/\/practices: planted$/)]);
  });

  it.fails('fails the test when a declared error never comes', async () => {
    const page = await newPage();
    await page.goto('/practices');
    expectConsoleError(page, 'never logged');
  });
});
