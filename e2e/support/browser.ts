import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

/** Debian's Chromium (never a downloaded browser), headless, with the flags this machine needs. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const portalUrl = () => inject('portalUrl');

/** One browser per test file; each test opens its own context (fresh cookies and storage). */
export function useBrowser(): { newPage: (viewport?: { width: number; height: number }) => Promise<Page> } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    newPage: async (viewport = { width: 1440, height: 900 }) => {
      const context = await browser.newContext({ baseURL: portalUrl(), viewport });
      contexts.push(context);
      const page = await context.newPage();
      // A console error in the page fails the test that caused it (as epic-stack does for tests).
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
      });
      return page;
    },
  };
}

const consoleErrors: string[] = [];

export function expectNoConsoleErrors(): void {
  const errors = consoleErrors.splice(0);
  expect(errors).toEqual([]);
}

/** WCAG 2.2 AA checks by axe on what the page shows now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
