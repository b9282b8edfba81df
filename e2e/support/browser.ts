import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from '../../scripts/lib/shared/chromium.ts';

export const portalUrl = () => inject('portalUrl');

/**
 * zod's name for its base type, in every build of it: a script whose text holds it brings zod. No main
 * page loads zod on arrival (decisions 0032, 0033); a form loads it with its rules on first use.
 */
export const zodMarker = '$ZodType';

/**
 * One browser per test file; each test opens its own contexts (fresh cookies and storage), closed when
 * the test ends. A console error in any page of the test, or an error the page did not catch, fails the
 * test (as epic-stack does for its tests), unless the test declared it with `expectConsoleError`.
 */
export function useBrowser(): { newPage: (viewport?: { width: number; height: number }) => Promise<Page> } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    try {
      assertConsoleErrorsDeclared();
    } finally {
      await Promise.all(contexts.splice(0).map((c) => c.close()));
      // What pages say as they close belongs to no test.
      logged.length = 0;
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newPage: async (viewport = { width: 1440, height: 900 }) => {
      const context = await browser.newContext({ baseURL: portalUrl(), viewport });
      contexts.push(context);
      watchConsoleErrors(context);
      return context.newPage();
    },
  };
}

interface LoggedError {
  page: Page | null;
  /** Where the page was when it logged. */
  url: string;
  text: string;
}

/** What the pages of the current test logged, and what the test said it expects. */
const logged: LoggedError[] = [];
const expected: { page: Page; matcher: string | RegExp; seen: number }[] = [];

/** Every page of the context, a second tab included: its console errors and its uncaught errors. */
function watchConsoleErrors(context: BrowserContext): void {
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const page = message.page();
    const url = page?.url() ?? '';
    // Chromium's "Failed to load resource" names no resource: add which one.
    const failedLoad = message.text().startsWith('Failed to load resource');
    const text = failedLoad ? `${message.text()} [${message.location().url}]` : message.text();
    logged.push({ page, url, text });
  });
  context.on('weberror', (error) => {
    const page = error.page();
    logged.push({
      page,
      url: page?.url() ?? '',
      text: `Uncaught ${error.error().stack ?? error.error().message}`,
    });
  });
}

/**
 * Declares that `page` logs a console error matching `matcher` (a substring or a pattern) in this test.
 * Every error a page logs must match a declaration for that page, and every declaration must match at
 * least one error, or the test fails when it ends.
 */
export function expectConsoleError(page: Page, matcher: string | RegExp): void {
  expected.push({ page, matcher, seen: 0 });
}

const matches = (text: string, matcher: string | RegExp) =>
  typeof matcher === 'string' ? text.includes(matcher) : text.search(matcher) !== -1;

/**
 * What is wrong with the console errors of the test so far: each one nobody declared and each
 * declaration nothing matched. Starts afresh; `useBrowser` runs it after every test.
 */
export function takeConsoleErrorProblems(): string[] {
  const problems: string[] = [];
  for (const error of logged.splice(0)) {
    const declared = expected.find((e) => e.page === error.page && matches(error.text, e.matcher));
    if (declared) declared.seen += 1;
    else problems.push(`${error.url}: ${error.text}`);
  }
  for (const { page, matcher, seen } of expected.splice(0)) {
    if (seen === 0)
      problems.push(`${page.url()}: expected a console error matching ${String(matcher)}, none came`);
  }
  return problems;
}

function assertConsoleErrorsDeclared(): void {
  const problems = takeConsoleErrorProblems();
  if (problems.length === 0) return;
  throw new Error(
    `${problems.length} console error problem(s) in the pages of this test (declare an expected one with expectConsoleError):\n${problems.join('\n')}`,
  );
}

/**
 * Waits for the page's finite animations (a dialog fading in, a drawer sliding, a submenu expanding), so
 * axe judges what a person sees once it settles, not a half-transparent frame. Endless ones (spinners,
 * skeleton pulses) are left running.
 */
export function settleAnimations(page: Page): Promise<unknown> {
  return page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined)))',
  );
}

/** WCAG 2.2 AA checks by axe on what the page shows now (once its transitions have finished). */
export async function expectNoAxeViolations(
  page: Page,
  /** Selectors axe leaves out, e.g. a sandboxed iframe, which it cannot enter and would wait on for ever. */
  options: { exclude?: string[] } = {},
): Promise<void> {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/**
 * A poor connection for moves between pages: every answer the router asks for a page (its RSC request)
 * comes `ms` later. The first load and the API's answers are not held.
 */
export async function holdPageMoves(page: Page, ms: number): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().headers()['rsc'] === '1') await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * Decision 0031: what a page shows must come with it. The browser's own requests to these `/bff` paths
 * (globs) never answer from now on; the returned list fills with the path of each one it makes, so a test
 * can show the page needed none of them.
 */
export async function neverAnswer(page: Page, paths: readonly string[]): Promise<string[]> {
  const asked: string[] = [];
  for (const path of paths) {
    await page.route(path, async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await new Promise<never>(() => {});
    });
  }
  return asked;
}
