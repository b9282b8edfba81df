import {
  addDays,
  calendarDay,
  monthNames,
  practiceDate,
  practiceInstant,
} from '@vet/contracts/practice-clock';
import { connectDatabase } from '@vet/db/connection';
import { closures } from '@vet/db/schema/clinicians';
import { practices } from '@vet/db/schema/practices';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { eq } from 'drizzle-orm';
import { weeksFromAnchor } from '@vet/practice-import/demo/rebase-demo-export';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, neverAnswer, useBrowser } from './support/browser.ts';
import { desktop, focused } from './support/shell.ts';
import { onPortal, signIn } from './support/sign-in.ts';

/**
 * Your practice (R2.33): the home practice's address, phone, week, closures, emergency link, owner and
 * prices (a banded, dated price list at 390 and 1440 px, axe clean: issue 62).
 */

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

/** A date of the demo export, moved as the seed moves it into this week (rebase-demo-export.ts). */
const seeded = (date: string) => addDays(date, 7 * weeksFromAnchor(new Date()));

/** "2 November 2026". */
function longDate(date: string): string {
  const { day, month, year } = calendarDay(date);
  return `${day} ${monthNames[month - 1]} ${year}`;
}

const rowTexts = async (rows: Locator) =>
  (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

/**
 * Who owns the practice and its price list in the remedies' shape (decisions 0104, 0146): the demo
 * group's prices (packages/practice-import/demo-group/prices.csv) at Clapham, in London (£6 more): each
 * service under its name, a price per band where the vaccination has them, VAT included, dated the day
 * the prices took effect; a reason with no price says it is not yet published. Other tests may add
 * reasons, so the services are read group by group.
 */
async function expectOwnerAndPrices(page: Page): Promise<void> {
  await page.getByText('Owned by Willowbrook Veterinary Group Ltd').waitFor();
  const prices = page.getByRole('region', { name: 'Prices' });
  await prices.getByText('Prices include VAT.').waitFor();
  await prices.getByText(`Prices last updated ${longDate(seeded('2026-11-02'))}.`).waitFor();
  const table = prices.getByRole('table', {
    name: 'Prices of common services and appointments, VAT included',
  });
  expect(await rowTexts(table.locator('thead tr'))).toEqual(['Animal Price']);
  const service = (name: string) =>
    rowTexts(
      table
        .locator('tbody')
        .filter({ has: page.locator('th[scope="rowgroup"]', { hasText: new RegExp(`^${name}`) }) })
        .getByRole('row'),
    );
  expect(await service('Vaccination')).toEqual([
    'Vaccination Includes: The booster and a health check',
    'Cat From £68.00',
    'Dog (small) From £68.00',
    'Dog (medium) From £74.00',
    'Dog (large) From £80.00',
    'Rabbit From £71.00',
  ]);
  expect(await service('General consultation')).toEqual([
    'General consultation Includes: A 15-minute examination and advice',
    'Every animal From £51.00',
  ]);
  expect(await service('Cat neutering')).toEqual([
    'Cat neutering Includes: The operation, pain relief and a check-up',
    'Cat From £101.00',
  ]);
  expect(await service('Nail clipping')).toEqual([
    'Nail clipping Includes: Front and back claws',
    'Every animal From £21.00',
  ]);
  expect(await service('Dental check')).toEqual(['Dental check', 'Price not yet published']);
  expect(await prices.getByText(/ask the practice/i).count()).toBe(0);
  // Read on a phone without scrolling the page sideways.
  expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(
    true,
  );
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
