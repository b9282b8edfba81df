import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { settleAnimations } from './browser.ts';

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
