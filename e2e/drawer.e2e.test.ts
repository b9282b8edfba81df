import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { describe, expect, it } from 'vitest';
import {
  expectConsoleError,
  expectNoAxeViolations,
  settleAnimations,
  useBrowser,
} from './support/browser.ts';
import { drawerPetEntries, focused, openDrawer, phone, withoutUnreadCount } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/** The compact header and the side drawer (R2.11, R2.6 to R2.8) on a phone's width. */
describe('the drawer on a small screen', () => {
  const { newPage } = useBrowser();

  it('opens from the hamburger with every item, lists three pets and See All, and passes axe; closes on Escape, returning focus to the hamburger, on an outside click, and above 1200px', async () => {
    const page = await newPage(phone);
    await signIn(page, DEMO_ACCOUNT.manyPets);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Olivia Bennett' }).isVisible()).toBe(false);
    await expectNoAxeViolations(page);

    // By keyboard: Tab reaches the hamburger with a focus ring, Enter opens, Escape closes and focus
    // returns. While the drawer is open the rest of the page is hidden from assistive technology, so by its id.
    const hamburger = page.locator('[aria-controls="site-drawer"]');
    const drawer = page.getByRole('navigation', { name: 'Menu' });
    for (let step = 0; step < 5 && (await focused(page)).name !== 'Open menu'; step += 1) {
      await page.keyboard.press('Tab');
    }
    const ring = await focused(page);
    expect(ring.name).toBe('Open menu');
    expect(ring.outline).not.toMatch(/^none/);
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    expect(await hamburger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Open menu');
    // An outside click closes it too.
    await openDrawer(page);
    await page.mouse.click(40, 400);
    await drawer.waitFor({ state: 'hidden' });

    await openDrawer(page);
    expect(
      (await drawer.locator(':scope > ul > li > :first-child').allInnerTexts()).map(withoutUnreadCount),
    ).toEqual([
      'Dashboard',
      'Your details',
      'Your pets',
      'Your appointments',
      'Repeat prescriptions',
      'Bills and estimates',
      'Messages',
      'Logout',
    ]);
    expect(await drawer.getByRole('link', { name: 'Repeat prescriptions' }).getAttribute('href')).toBe(
      '/drug-request',
    );
    await settleAnimations(page);
    expect((await page.locator('#site-drawer').boundingBox())?.width).toBeCloseTo(240, 1);
    // Olivia has five pets (one deceased): the first three by name, then See All.
    expect(await drawerPetEntries(page)).toEqual(['Biscuit', 'Bramble', 'Clover', 'See All']);
    expect(await drawer.getByRole('link', { name: 'See All' }).getAttribute('href')).toBe('/pets');
    expect(await drawer.getByRole('link', { name: 'Biscuit' }).getAttribute('href')).toMatch(/^\/pets\/\d+$/);
    await expectNoAxeViolations(page);

    await drawer.getByRole('button', { name: 'Logout' }).click();
    const logout = page.getByRole('dialog', { name: 'Log out' });
    await logout.waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await expectNoAxeViolations(page);
    await logout.getByRole('button', { name: 'Cancel' }).click();
    await logout.waitFor({ state: 'hidden' });

    // Above 1200px the drawer closes.
    await openDrawer(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await drawer.waitFor({ state: 'hidden' });
    expect(await hamburger.getAttribute('aria-expanded')).toBe('false');
  });

  it('tells a person whose connection dropped before its first opening, keeps the page, and opens once back online', async () => {
    const page = await newPage(phone);
    await signIn(page, DEMO_ACCOUNT.manyPets);
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    // The drawer's code loads on its first opening (decision 0034); offline it cannot, nor can the
    // prefetches of the page's links.
    expectConsoleError(page, 'net::ERR_INTERNET_DISCONNECTED');
    await page.context().setOffline(true);
    await page.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor();
    await hamburger.click();
    await page.getByRole('alert').filter({ hasText: 'This could not be opened.' }).waitFor();
    await expect.poll(() => hamburger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome, Olivia');

    await page.context().setOffline(false);
    await openDrawer(page);
    expect(await drawerPetEntries(page)).toEqual(['Biscuit', 'Bramble', 'Clover', 'See All']);
  });
});
