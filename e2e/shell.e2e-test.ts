import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoConsoleErrors, useBrowser } from './support/browser.ts';
import { desktop, focused, frameBackground, linkDetails, phone } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/** The portal's shell (spec 2): header, user menu, drawer, breadcrumbs, footer, backgrounds, cookie banner. */

const provider = 'https://www.harbourvets.example';
const olivia = DEMO_ACCOUNT.manyPets;

describe('the shell on a desktop screen', () => {
  const { newPage } = useBrowser();

  it('is signed in from the first paint: the server renders the signed-in header', async () => {
    const page = await newPage(desktop);
    await signIn(page, olivia);
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('Your appointments');
    expect(html).not.toContain(', sign in');
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
    ]);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).count()).toBe(0);
    const emergency = page.getByRole('link', { name: /24-hour emergency vets/ }).filter({ visible: true });
    expect(await emergency.getAttribute('href')).toBe(`${provider}/emergency-vets`);

    await page.getByRole('button', { name: 'Olivia Bennett' }).click();
    const menu = page.getByRole('menu');
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
    expect((await linkDetails(footer.getByRole('link'))).map(([, href]) => href)).toEqual(
      [
        'careers',
        'contact-us',
        'partnerships',
        'privacy-policy',
        'cookie-policy',
        'terms-and-conditions',
        'sitemap',
      ].map((path) => `${provider}/${path}`),
    );
    expect(await page.getByRole('list', { name: 'Social networks' }).getByRole('link').count()).toBe(5);
    const year = new Date().getFullYear();
    expect(await page.getByRole('contentinfo').innerText()).toContain(`© ${year} Harbour Vets · v3.5.3`);
    expectNoConsoleErrors();
  });

  it('labels the breadcrumbs of a deeper page and paints the page backgrounds', async () => {
    const page = await newPage(desktop);
    await signIn(page, olivia);
    expect(await frameBackground(page)).toBe('rgb(255, 255, 255)');

    await page.goto('/practices');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.innerText()).toMatch(/^Dashboard\s*\/\s*Practice list$/);
    expect(await crumbs.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(await crumbs.getByText('Practice list').getAttribute('aria-current')).toBe('page');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your pets' }).click();
    await page.waitForURL('**/pets');
    await expect.poll(() => frameBackground(page)).toBe('rgb(248, 248, 248)');
    expectNoConsoleErrors();
  });

  it('reaches the skip link first, then the header controls, each with a visible focus ring', async () => {
    const page = await newPage(desktop);
    await signIn(page, olivia);
    const order: string[] = [];
    for (let step = 0; step < 7; step += 1) {
      await page.keyboard.press('Tab');
      const { name, outline } = await focused(page);
      order.push(name);
      expect(outline, `focus ring on ${name}`).not.toMatch(/^none/);
    }
    expect(order.map((name) => name.replace(/\s+/g, ' '))).toEqual([
      'Skip to main content',
      expect.stringMatching(/^Harbour Vets ?, ?Dashboard$/),
      expect.stringMatching(/^24-hour emergency vets ?\(opens in a new tab\)$/),
      'Olivia Bennett',
      'Dashboard',
      'Your pets',
      'Your appointments',
    ]);
    expectNoConsoleErrors();
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
      expectNoConsoleErrors();
    },
  );
});

describe('the toast', () => {
  const { newPage } = useBrowser();

  it.each([desktop, phone])(
    'tells the person they went offline, then hides itself after about 3 seconds (%o)',
    async (viewport) => {
      const page = await newPage(viewport);
      await page.goto('/practices');
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.context().setOffline(true);
      const toast = page.getByRole('alert').filter({ hasText: 'You are offline' });
      await toast.waitFor();
      await expectNoAxeViolations(page);
      await page.waitForTimeout(1_500);
      expect(await toast.isVisible()).toBe(true);
      await toast.waitFor({ state: 'hidden', timeout: 4_500 });
      await page.context().setOffline(false);
      await page.getByRole('status').filter({ hasText: 'You are back online.' }).waitFor();
      expectNoConsoleErrors();
    },
  );
});
