import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';

describe('practice list (browser → web → BFF → API → database)', () => {
  const { newPage } = useBrowser();

  it('lists the group’s online practices from the seeded database', async () => {
    const page = await newPage();
    await page.goto('/practices');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/practice/i);
    const practiceHeadings = page.getByRole('heading', { level: 2 });
    await expect.poll(() => practiceHeadings.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
    const names = await practiceHeadings.allTextContents();
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    await expect.poll(() => page.locator('a[href^="tel:"]').count()).toBeGreaterThanOrEqual(8);
    expect(await page.title()).toMatch(/Client Portal$/);
    // Rendered on the server: the list is in the HTML itself, so it paints without waiting for scripts.
    const html = await (await page.request.get('/practices')).text();
    expect(html.match(/<h2\b/g)?.length ?? 0).toBeGreaterThanOrEqual(8);
    expect(html).toContain(names[0]);
    await expectNoAxeViolations(page);
  });

  it('works at a phone’s width too, with no request for the list after the page (decision 0046)', async () => {
    const page = await newPage({ width: 360, height: 740 });
    const browserAsked: string[] = [];
    await page.route('**/bff/online-practices', async (route) => {
      browserAsked.push(route.request().url());
      await route.continue();
    });
    await page.goto('/practices');
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(8);
    await page.waitForLoadState('networkidle');
    expect(browserAsked).toEqual([]);
    await expectNoAxeViolations(page);
  });
});
