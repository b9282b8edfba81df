import type { Locator, Page } from 'playwright-core';

export const desktop = { width: 1440, height: 900 };
export const phone = { width: 360, height: 740 };
/** The narrow phone of the WCAG checks (R2.25), at which the journeys take their phone screenshots. */
export const phone390 = { width: 390, height: 844 };

/** The drawer's "Your pets" submenu, expanded: the names it lists (links and texts). */
export async function drawerPetEntries(page: Page): Promise<string[]> {
  const drawer = page.getByRole('navigation', { name: 'Menu' });
  const toggle = drawer.getByRole('button', { name: 'Your pets' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const list = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  await list.getByRole('listitem').first().waitFor();
  await list.getByText('Loading pets…').waitFor({ state: 'detached' });
  return (await list.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
}

export async function openDrawer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).waitFor();
}

/** What has keyboard focus: its label or text, and its outline (e2e code has no DOM types: strings). */
export async function focused(page: Page): Promise<{ name: string; outline: string }> {
  const element = page.locator(':focus');
  if ((await element.count()) === 0) return { name: '', outline: 'none' };
  const name = (await element.getAttribute('aria-label')) ?? (await element.innerText());
  const outline = await page.evaluate<string>(
    '(() => { const s = getComputedStyle(document.activeElement); return `${s.outlineStyle} ${s.outlineWidth}`; })()',
  );
  return { name: name.replace(/\s+/g, ' ').trim(), outline };
}

/** The background of the shell's frame around the main landmark. */
export function frameBackground(page: Page): Promise<string> {
  return page.evaluate<string>(
    "getComputedStyle(document.getElementById('main-content').parentElement).backgroundColor",
  );
}

/**
 * A navigation item's text without the unread-answers badge ("Messages" with or without "2 unread"): the
 * demo's answer is unread until some test opens it, in whatever order the files run.
 */
export const withoutUnreadCount = (text: string) => text.replace(/\s*\d+\s+unread$/, '').trim();

/** Each link's text (without an unread count), href and aria-current. */
export async function linkDetails(links: Locator): Promise<(string | null)[][]> {
  return Promise.all(
    (await links.all()).map(async (link) => [
      withoutUnreadCount(await link.innerText()),
      await link.getAttribute('href'),
      await link.getAttribute('aria-current'),
    ]),
  );
}
