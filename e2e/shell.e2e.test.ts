import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, holdPageMoves, useBrowser } from './support/browser.ts';
import { desktop, focused, frameBackground, linkDetails, phone } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/** The portal's shell (R2.4): header, user menu, drawer, breadcrumbs, footer, backgrounds, cookie banner. */

const provider = 'https://www.harbourvets.example';
const olivia = DEMO_ACCOUNT.manyPets;

describe('the shell on a desktop screen', () => {
  const { newPage } = useBrowser();

  it('prefetches nothing, is signed in from the first paint, reaches the skip link first, then the header controls with a visible focus ring, and labels the breadcrumbs of a deeper page', async () => {
    const page = await newPage(desktop);
    await signIn(page, olivia);
    // Prefetching (decision 0048): the page asks the web server for nothing beyond itself, no link
    // prefetching its page.
    const asked: string[] = [];
    const askedForPage = (request: Request) => {
      if (request.headers()['rsc'] === '1') asked.push(new URL(request.url()).pathname);
    };
    page.on('request', askedForPage);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Welcome, ${olivia.firstName}` }).waitFor();
    await page.waitForLoadState('networkidle');
    // The dashboard shows links to the main pages and to each pet's page.
    expect(await page.getByRole('main').getByRole('link').count()).toBeGreaterThan(5);
    expect(asked).toEqual([]);
    page.off('request', askedForPage);

    // The server renders the signed-in header.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('Your appointments');
    expect(html).not.toContain(', sign in');
    // The keyboard: the skip link first, then the header controls, each with a visible focus ring.
    const order: string[] = [];
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      const { name, outline } = await focused(page);
      order.push(name);
      expect(outline, `focus ring on ${name}`).not.toMatch(/^none/);
    }
    expect(order.map((name) => name.replace(/\s+/g, ' '))).toEqual([
      'Skip to main content',
      expect.stringMatching(/^Harbour Vets ?, ?Dashboard$/),
      // Her home practice's name, a link to Your practice (R2.33).
      'Your practice: Willowbrook Vets Clapham',
      expect.stringMatching(/^24-hour emergency vets ?\(opens in a new tab\)$/),
      'Olivia Bennett',
      'Dashboard',
      'Your pets',
      'Your appointments',
    ]);
    // The page backgrounds, and a deeper page's breadcrumbs.
    expect(await frameBackground(page)).toBe('rgb(255, 255, 255)');

    await page.goto('/practices');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.innerText()).toMatch(/^Dashboard\s*\/\s*Practice list$/);
    expect(await crumbs.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(await crumbs.getByText('Practice list').getAttribute('aria-current')).toBe('page');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your pets' }).click();
    await page.waitForURL('**/pets');
    await expect.poll(() => frameBackground(page)).toBe('rgb(248, 248, 248)');
  });

  it('has the top navigation, the user menu, the footer and the emergency link', async () => {
    const page = await newPage(desktop);
    await signIn(page, olivia);
    await page.getByRole('button', { name: 'Accept and close' }).click();

    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await linkDetails(nav.getByRole('link'))).toEqual([
      ['Dashboard', '/', 'page'],
      ['Your pets', '/pets', null],
      ['Your appointments', '/appointments', null],
      ['Repeat prescriptions', '/drug-request', null],
      ['Bills and estimates', '/bills', null],
      ['Messages', '/messages', null],
    ]);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).count()).toBe(0);
    const emergency = page.getByRole('link', { name: /24-hour emergency vets/ }).filter({ visible: true });
    expect(await emergency.getAttribute('href')).toBe(`${provider}/emergency-vets`);

    await page.getByRole('button', { name: 'Olivia Bennett' }).click();
    const menu = page.getByRole('menu');
    // The menu's code loads on its first opening: wait for it as a person does.
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Your details', 'Log out']);
    expect(await menu.getByRole('menuitem', { name: 'Your details' }).getAttribute('href')).toBe(
      '/client-detail',
    );
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const footer = page.getByRole('navigation', { name: 'Footer' });
    // The provider's pages, and the portal's own complaints page (decision 0143) after Contact us.
    const footerHrefs = (await linkDetails(footer.getByRole('link'))).map(([, href]) => href);
    expect(footerHrefs).toEqual([
      `${provider}/careers`,
      `${provider}/contact-us`,
      '/complaints',
      ...['partnerships', 'privacy-policy', 'cookie-policy', 'terms-and-conditions', 'sitemap'].map(
        (path) => `${provider}/${path}`,
      ),
    ]);
    expect(await page.getByRole('list', { name: 'Social networks' }).getByRole('link').count()).toBe(5);
    const year = new Date().getFullYear();
    expect(await page.getByRole('contentinfo').innerText()).toContain(`© ${year} Harbour Vets · v3.5.3`);
  });
});

describe('the cookie banner', () => {
  const { newPage } = useBrowser();

  it.each([desktop, phone])(
    'shows, passes axe, closes, and stays closed after a reload (%o)',
    async (size) => {
      const page = await newPage(size);
      await signIn(page, olivia);
      const banner = page.getByRole('region', { name: 'Cookie notice' });
      await banner.waitFor();
      await expectNoAxeViolations(page);

      await banner.getByRole('button', { name: 'Accept and close' }).click();
      await banner.waitFor({ state: 'detached' });
      const cookie = (await page.context().cookies()).find((c) => c.name === 'OptanonConsent');
      expect(cookie).toMatchObject({ value: 'true', path: '/' });
      const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
      expect(days).toBeGreaterThan(364.9);
      expect(days).toBeLessThanOrEqual(365);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
      expect(await banner.count()).toBe(0);
      await expectNoAxeViolations(page);
    },
  );
});

describe('the toast', () => {
  const { newPage } = useBrowser();

  it.each([desktop, phone])(
    'tells the person they went offline, then hides itself after about 3 seconds (%o)',
    async (viewport) => {
      const page = await newPage(viewport);
      // The page's timers run on a clock the test can hold, so "3 seconds" passes when the test says.
      await page.clock.install();
      await page.goto('/practices');
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const offline = page.getByRole('alert').filter({ hasText: 'You are offline' });

      // Held open by the pointer (hovering pauses its timer), it passes axe, and its Close button closes it.
      await page.context().setOffline(true);
      await offline.hover();
      await expectNoAxeViolations(page);
      // Below the header, so its controls (the hamburger, the emergency link) stay in reach.
      const header = await page.getByRole('banner').boundingBox();
      const toast = await offline.boundingBox();
      expect(header && toast && toast.y - (header.y + header.height)).toBeGreaterThan(0);
      await offline.getByRole('button', { name: 'Close' }).click();
      await offline.waitFor({ state: 'hidden' });
      await page.mouse.move(0, viewport.height - 1);
      await page.context().setOffline(false);
      await page.getByRole('status').filter({ hasText: 'You are back online.' }).waitFor();

      // With the clock held: still there at 2.9 s, leaving by 3.1 s.
      await page.clock.pauseAt((await page.evaluate<number>('Date.now()')) + 1_000);
      await page.context().setOffline(true);
      await offline.waitFor();
      await page.clock.runFor(2_900);
      expect(await offline.isVisible()).toBe(true);
      await page.clock.runFor(200);
      await page.clock.resume();
      await offline.waitFor({ state: 'hidden', timeout: 2_000 });
    },
  );
});

describe('the navigation progress bar (decision 0047)', () => {
  const { newPage } = useBrowser();

  it('shows at once when a link’s page is slow to come, from the page and from the closing menu', async () => {
    const page = await newPage(phone);
    await signIn(page, olivia);
    await page.getByRole('button', { name: 'Accept and close' }).click();
    // A poor connection: every answer for the page a link opens (the router's RSC request) takes 3 s.
    await holdPageMoves(page, 3000);
    const bar = page.getByRole('progressbar', { name: 'Loading the page' });
    expect(await bar.count()).toBe(0);

    await page.getByRole('link', { name: 'See all your appointments' }).click();
    await bar.waitFor({ timeout: 1500 });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: 'Your appointments' }).waitFor();
    await bar.waitFor({ state: 'detached' });

    // The drawer closes on the tap, taking its link away; the bar stays until the page comes.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'detached' });
    expect(await bar.isVisible()).toBe(true);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${olivia.firstName}` }).waitFor();
    expect(await bar.count()).toBe(0);
  });
});
