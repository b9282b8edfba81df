import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The second time offered from the open day on (that day's second, else the next day's first), checked.
 * Not the soonest: it sits at the practice's minimum notice, an edge that moves on every quarter hour, so a
 * journey that books it and then confirms, changes or cancels (the cut-off equals the notice in the demo
 * group) can cross the edge and be refused for a reason it does not test. The second time is a quarter of
 * an hour clear of it.
 */
export async function checkTimeClearOfNotice(page: Page): Promise<Locator> {
  const times = page.getByRole('tabpanel').getByRole('radio');
  await times.first().waitFor();
  let time = times.nth(1);
  if ((await times.count()) < 2) {
    const tabs = page.getByRole('tablist', { name: 'Days' }).getByRole('tab');
    const count = await tabs.count();
    let open = 0;
    while (open < count - 1 && (await tabs.nth(open).getAttribute('aria-selected')) !== 'true') open += 1;
    // The days' times are loaded together, so a day without times shows none at once.
    do {
      open += 1;
      await tabs.nth(open).click();
      await expect.poll(() => tabs.nth(open).getAttribute('aria-selected')).toBe('true');
    } while ((await times.count()) === 0 && open < count - 1);
    time = times.first();
  }
  await time.check();
  return time;
}
