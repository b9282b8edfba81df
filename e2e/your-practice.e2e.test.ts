import { addDays, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import { connectDatabase } from '@vet/db/connection';
import { closures } from '@vet/db/schema/clinicians';
import { practices } from '@vet/db/schema/practices';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, neverAnswer, useBrowser } from './support/browser.ts';
import { desktop, focused } from './support/shell.ts';
import { onPortal, signIn } from './support/sign-in.ts';

/** Your practice (R2.33): the home practice's address, phone, week, closures, emergency link, owner and prices. */

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-your-practice';
const olivia = DEMO_ACCOUNT.manyPets;
// The demo seed (packages/db/src/seed/data/practices.ts): Olivia's home practice, open 08:00–19:00 on
// weekdays and 09:00–13:00 on Saturdays, closed on Sundays.
const clapham = {
  name: 'Willowbrook Vets Clapham',
  address: ['48 Abbeville Road', 'Clapham', 'London', 'SW4 9NG'],
  phone: '020 7946 0123',
};
const seededHours = [
  '08:00 to 19:00',
  '08:00 to 19:00',
  '08:00 to 19:00',
  '08:00 to 19:00',
  '08:00 to 19:00',
];
const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Today in the UK, in the page's words, written out here: "Thursday", "Thursday 26 November". */
function ukToday() {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options }).format(new Date());
  return {
    weekday: format({ weekday: 'long' }),
    date: `${format({ weekday: 'long' })} ${format({ day: 'numeric', month: 'long' }).replace(',', '')}`,
  };
}

/** A practice-wide closure of Clapham over the whole of today (UK), removed again by the returned function. */
async function closeClaphamToday(reason: string): Promise<() => Promise<void>> {
  const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  const today = practiceDate(new Date());
  const [practice] = await db
    .select({ id: practices.id })
    .from(practices)
    .where(eq(practices.name, clapham.name));
  if (!practice) throw new Error('the demo seed has no Clapham practice');
  const [row] = await db
    .insert(closures)
    .values({
      practiceId: practice.id,
      startsAt: practiceInstant(today, '00:00'),
      endsAt: practiceInstant(addDays(today, 1), '00:00'),
      reason,
    })
    .returning({ id: closures.id });
  return async () => {
    if (row) await db.delete(closures).where(eq(closures.id, row.id));
    await close();
  };
}

async function openYourPractice(page: Page): Promise<void> {
  await page.waitForURL(onPortal('/your-practice'));
  await page.getByRole('heading', { level: 1, name: 'Your practice' }).waitFor();
  await page.getByRole('heading', { level: 2, name: clapham.name }).waitFor();
}

/**
 * Who owns the practice and its price list (decision 0104): the demo group's prices
 * (packages/practice-import/demo-group/prices.csv) at Clapham.
 */
async function expectOwnerAndPrices(page: Page): Promise<void> {
  await page.getByText('Owned by Willowbrook Veterinary Group Ltd').waitFor();
  const prices = page.getByRole('region', { name: 'Prices' });
  const rows = prices.getByRole('table', { name: /Prices of common services/ }).getByRole('row');
  const texts = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  expect(texts).toEqual([
    'Service Price',
    'Cat neutering From £101.00 Includes: The operation, pain relief and a check-up',
    'General consultation From £51.00 Includes: A 15-minute examination and advice',
    'Microchipping From £31.00 Includes: The chip and its registration',
    'Nail clipping From £21.00 Includes: Front and back claws',
    'Vaccination From £68.00 Includes: The booster and a health check',
  ]);
}

describe('your practice', () => {
  const { newPage } = useBrowser();

  it('reads on a phone from the dashboard: call, map, the week with today closed, the closure, emergencies', async () => {
    const reason = 'Boiler repair';
    const reopen = await closeClaphamToday(reason);
    try {
      const page = await newPage(phone);
      await signIn(page, olivia);
      // The browser's own request never answers: the practice came with the page (decision 0031).
      const browserAsked = await neverAnswer(page, ['**/bff/client/practice']);
      await page.getByRole('link', { name: 'Your practice', exact: true }).click();
      await openYourPractice(page);

      expect(await page.locator('address').innerText()).toBe(clapham.address.join('\n'));
      const call = page.getByRole('link', { name: `Call ${clapham.name} on ${clapham.phone}` });
      expect(await call.getAttribute('href')).toBe('tel:02079460123');
      const map = page.getByRole('link', { name: 'Find it on OpenStreetMap (opens in a new tab)' });
      expect(await map.getAttribute('href')).toBe(
        'https://www.openstreetmap.org/search?query=48%20Abbeville%20Road%2C%20London%2C%20SW4%209NG',
      );

      const rows = page.getByRole('table', { name: /Opening hours/ }).getByRole('row');
      const names = (await rows.locator('th').allInnerTexts()).map((text) =>
        text.replace(/\s+/g, ' ').trim(),
      );
      expect(names).toEqual(weekdays.map((day) => (day === ukToday().weekday ? `${day} Today` : day)));
      const today = page.locator('tr[aria-current="date"]');
      expect(await today.locator('th').innerText()).toMatch(new RegExp(`^${ukToday().weekday}`));
      const todayIndex = weekdays.indexOf(ukToday().weekday);
      const usual = [...seededHours, '09:00 to 13:00', 'Closed'][todayIndex];
      // Sunday: Clapham is closed anyway, and says only that.
      expect(await today.locator('td').innerText()).toBe(
        usual === 'Closed' ? 'Closed' : `Closed today (${reason})\nUsually ${usual}`,
      );

      const closuresList = page
        .getByRole('region', { name: 'Closures in the next 8 weeks' })
        .getByRole('listitem');
      expect(await closuresList.first().innerText()).toBe(`${ukToday().date}\n${reason}`);

      const emergency = page.getByRole('region', { name: 'In an emergency' });
      const headerEmergency = await page
        .locator('#site-header a[target="_blank"]')
        .first()
        .getAttribute('href');
      expect(await emergency.getByRole('link', { name: /24-hour emergency vets/ }).getAttribute('href')).toBe(
        headerEmergency,
      );
      expect(await page.title()).toBe('Your practice | Harbour Vets Client Portal');
      await expectOwnerAndPrices(page);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Accept and close' }).click();
      await page.screenshot({ path: `${shots}/your-practice-390.png`, fullPage: true });
      expect(browserAsked).toEqual([]);
    } finally {
      await reopen();
    }
  });

  it("opens from the header's practice name at 1440 px, with its breadcrumb", async () => {
    const page = await newPage(desktop);
    await signIn(page, olivia);
    const link = page.getByRole('link', { name: `Your practice: ${clapham.name}` });
    // By keyboard: Tab reaches the practice's name with a visible focus ring, and Enter follows it.
    const name = `Your practice: ${clapham.name}`;
    for (let tabs = 0; tabs < 8 && (await focused(page)).name !== name; tabs += 1)
      await page.keyboard.press('Tab');
    const onLink = await focused(page);
    expect(onLink.name).toBe(name);
    expect(onLink.outline).toMatch(/^solid [1-9]/);
    await page.keyboard.press('Enter');
    await openYourPractice(page);
    expect(await link.getAttribute('aria-current')).toBe('page');
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    expect(await crumbs.getByText('Your practice').count()).toBe(1);
    expect(await page.locator('tr[aria-current="date"]').count()).toBe(1);
    await expectOwnerAndPrices(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/your-practice-1440.png`, fullPage: true });
  });
});
