import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { weeksFromAnchor } from '@vet/practice-import/demo/rebase-demo-export';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, neverAnswer, useBrowser } from './support/browser.ts';
import { desktop } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/** A pet's health record (R2.40, decision 0081): its vaccinations due and given, and the printed record. */

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-pet-health-record';

/**
 * The demo seed's dates (packages/practice-import/demo-group/vaccinations.csv, written for the week of
 * 23 November 2026), moved by whole weeks onto the week the seed ran, as the seed moves them.
 */
const seeded = (date: string) => addDays(date, 7 * weeksFromAnchor(new Date()));
/** "25 November 2026", by Node's own en-GB words, not the web's. */
const british = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** Pickle's boosters fall due on the Wednesday of the seed's week: overdue from the Thursday. */
function pickleDueWords(): string {
  const due = seeded('2026-11-25');
  const today = practiceDate(new Date());
  if (due < today) return `OverdueWas due ${british(due)}`;
  return due === today ? 'Due today' : `Due ${british(due)}`;
}

async function openPickle(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('link', { name: 'Pickle' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Pickle' }).waitFor();
}

const vaccinations = (page: Page) => page.getByRole('region', { name: 'Vaccinations' });

describe('a pet’s health record', () => {
  const { newPage } = useBrowser();

  it('shows Pickle’s vaccinations due, the overdue marked in words, and every dose given', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/pets');
    await openPickle(page);
    // Decision 0031: the record comes with the page; the browser's own request for it never answers.
    const browserAsked = await neverAnswer(page, ['**/bff/v2/pets/*/health-record']);
    await page.reload();
    const region = vaccinations(page);
    const due = region.getByRole('list', { name: 'Due' }).getByRole('listitem');
    await due.first().waitFor();
    const words = pickleDueWords();
    const lastGiven = `Last given ${british(seeded('2025-11-25'))}`;
    expect(await due.allTextContents()).toEqual([
      `Feline leukaemia (FeLV)${words}${lastGiven}`,
      `Feline RCP (cat flu and enteritis)${words}${lastGiven}`,
    ]);
    if (words.startsWith('Overdue')) {
      // Marked in words, not by colour alone: the word is text a screen reader reads.
      expect(await due.first().getByText('Overdue', { exact: true }).isVisible()).toBe(true);
    }
    const rows = region.getByRole('table', { name: 'Given' }).getByRole('row');
    const cells: string[][] = [];
    for (const row of await rows.all()) cells.push(await row.locator('th, td').allTextContents());
    const [booster, boosterDue, primary, primaryDue] = [
      '2025-11-25',
      '2026-11-25',
      '2022-11-25',
      '2023-11-25',
    ]
      .map(seeded)
      .map(british);
    expect(cells).toEqual([
      ['Vaccine', 'Given', 'Valid until'],
      ['Feline leukaemia (FeLV)', booster, boosterDue],
      ['Feline RCP (cat flu and enteritis)', booster, boosterDue],
      ['Feline leukaemia (FeLV)', primary, primaryDue],
      ['Feline RCP (cat flu and enteritis)', primary, primaryDue],
    ]);
    expect(browserAsked).toEqual([]);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/record-1440.png`, fullPage: true });
  });

  it('prints one A4 sheet: the practice, the pet’s microchip and its vaccinations, without the header', async () => {
    const page = await newPage(phone);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/pets');
    for (const size of [phone, desktop]) {
      if (size === desktop) {
        await page.setViewportSize(size);
        await page.goto('/pets');
      }
      await openPickle(page);
      const print = vaccinations(page).getByRole('button', { name: 'Print vaccination record' });
      await print.waitFor();
      await expectNoAxeViolations(page);
      // The record fits the width: nothing to scroll sideways, on a phone either.
      expect(
        await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
      ).toBe(0);
      await page.screenshot({ path: `${shots}/screen-${size.width}.png`, fullPage: true });
      // The button prints the page (window.print), which a headless browser would not show: counted instead.
      await page.evaluate('window.printed = 0; window.print = () => { window.printed += 1; }');
      await print.focus();
      await page.keyboard.press('Enter');
      expect(await page.evaluate('window.printed')).toBe(1);

      await page.emulateMedia({ media: 'print' });
      const shown = (text: string) => vaccinations(page).getByText(text, { exact: true }).first().isVisible();
      expect(await page.getByRole('banner').isVisible()).toBe(false);
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).isVisible()).toBe(false);
      expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
      expect(await page.getByRole('heading', { level: 1, name: 'Pickle' }).isVisible()).toBe(false);
      expect(await print.isVisible()).toBe(false);
      expect(await shown('Willowbrook Vets Clapham')).toBe(true);
      expect(await shown('Vaccination record')).toBe(true);
      expect(await shown('826 097 015 838 226')).toBe(true);
      expect(await shown('Feline RCP (cat flu and enteritis)')).toBe(true);
      await page.screenshot({ path: `${shots}/print-${size.width}.png`, fullPage: true });
      if (size === desktop) {
        // One sheet: Chromium's own A4 PDF of the printed page has one page.
        const sheets = async () =>
          (await page.pdf({ preferCSSPageSize: true })).toString('latin1').match(/\/Type\s*\/Page[^s]/g)
            ?.length;
        expect(await sheets()).toBe(1);
        // The count is real: the same page printed as the screen shows it takes more than one sheet.
        await page.emulateMedia({ media: 'screen' });
        expect(await sheets()).toBeGreaterThan(1);
      }
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('shows what was given to a pet no longer with us, and nothing due', async () => {
    const page = await newPage(phone);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/pets');
    await page.getByRole('main').getByRole('link', { name: 'Smudge' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Smudge' }).waitFor();
    const region = vaccinations(page);
    const rows = region.getByRole('table', { name: 'Given' }).getByRole('row');
    await rows.first().waitFor();
    const [given, due] = ['2012-01-25', '2013-01-25'].map(seeded).map(british);
    const cells: string[][] = [];
    for (const row of await rows.all()) cells.push(await row.locator('th, td').allTextContents());
    expect(cells).toEqual([
      ['Vaccine', 'Given', 'Valid until'],
      ['Feline leukaemia (FeLV)', given, due],
      ['Feline RCP (cat flu and enteritis)', given, due],
    ]);
    expect(await region.getByRole('heading', { name: 'Due' }).count()).toBe(0);
    expect(await region.getByText('Overdue').count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
