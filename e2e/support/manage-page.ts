import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until the manage page's reasons for cancelling have loaded. Until then the reason's field is
 * disabled, greyed as disabled text; its label's colour then fades over 200 ms, and an axe check that
 * began before the fade measured a half-grey label (a combined e2e run failed so).
 */
export async function reasonsLoaded(page: Page): Promise<void> {
  await expect.poll(() => page.getByLabel('Reason for cancelling').isEnabled()).toBe(true);
}
