import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, settleAnimations } from './browser.ts';
import { desktop, phone390 } from './shell.ts';

/**
 * A journey's screenshots, in `folder` (made at once): `shoot(page, 'opened')` waits for the page's
 * animations to end, then saves the full page as `opened-<viewport width>.png`, so one name serves the
 * phone's and the desktop's.
 */
export function screenshots(folder: string): (page: Page, name: string) => Promise<void> {
  mkdirSync(folder, { recursive: true });
  return async (page, name) => {
    await settleAnimations(page);
    const width = page.viewportSize()?.width ?? 0;
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  };
}

/**
 * A page checked as the issues' "Done when" asks, at 390 and 1440 px: axe finds nothing, and `shot` saves
 * it at each width under `name`. The page is left at 390 px, where the journeys run.
 */
export function checkAtBothWidths(
  shot: (page: Page, name: string) => Promise<void>,
): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    for (const size of [phone390, desktop]) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
      await shot(page, name);
    }
    await page.setViewportSize(phone390);
  };
}
