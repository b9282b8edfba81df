import { randomBytes } from 'node:crypto';
import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { acceptCookies } from './support/onboarding.ts';
import { type FeedEvent, readFeed, writeAsPracticeSystem } from './support/practice-system.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Estimates and bills (issue 63, decisions 0151 and 0154): the practice system sends an estimate over
 * £500 through the integration API, the owner reads and accepts it in two presses and the practice system
 * reads `estimate.accepted` from its event feed; a revision 25% higher asks the owner again, and one that
 * races the owner's second press is refused and shown; a bill prints on one A4 sheet. Grace Hughes (the
 * demo's three pets, Willowbrook Vets Didsbury) is the owner: each test sends records of its own, with a
 * tag in their references and titles, so nothing another journey reads changes.
 */

const account = DEMO_ACCOUNT.threePets;
const clientRef = 'CLI-000007';
const practiceRef = 'PRAC-0006';

type Line = [pet: string, description: string, quantity: string, unitPrice: string, total: string];

/** An estimate as the practice system sends it: estimates.csv's columns, its lines in `estimate_lines`. */
function estimateRecord(ref: string, title: string, lines: readonly Line[], total: string, vat: string) {
  const today = practiceDate(new Date());
  return {
    estimate_ref: ref,
    practice_ref: practiceRef,
    client_ref: clientRef,
    title,
    issued_on: today,
    expires_on: addDays(today, 30),
    total,
    vat,
    terms: 'Valid for 30 days. Half is due on admission.',
    estimate_lines: lines.map(([pet, description, quantity, unitPrice, lineTotal], index) => ({
      line_no: index + 1,
      pet_ref: pet,
      description,
      quantity,
      unit_price: unitPrice,
      vat_rate: '20',
      total: lineTotal,
    })),
  };
}

const acceptancesOf = async (estimateRef: string) =>
  (await readFeed()).filter(
    (event) => event.type === 'estimate.accepted' && event.data['estimate_ref'] === estimateRef,
  );

/** The `estimate.accepted` events of an estimate, once the feed holds `count` of them. */
async function acceptances(estimateRef: string, count: number): Promise<FeedEvent[]> {
  let found: FeedEvent[] = [];
  await expect
    .poll(
      async () => {
        found = await acceptancesOf(estimateRef);
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBe(count);
  return found;
}

/** The rows of a table as their cells' text, header row first. */
async function tableCells(page: Page, name: string): Promise<string[][]> {
  const rows = page.getByRole('table', { name }).getByRole('row');
  const cells: string[][] = [];
  for (const row of await rows.all())
    cells.push((await row.locator('th, td').allInnerTexts()).map((t) => t.trim()));
  return cells;
}

async function openFromTheList(page: Page, linkName: string, heading: string): Promise<void> {
  await page.goto('/bills');
  await page.getByRole('link', { name: linkName }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Checks the page at both widths: axe, and nothing to scroll sideways. */
async function checkBothWidths(page: Page): Promise<void> {
  for (const size of [phone390, desktop]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    expect(
      await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    ).toBe(0);
  }
}

describe('estimates and bills', () => {
  const { newPage } = useBrowser();

  it('an estimate over £500 is accepted in two presses, and the practice system reads estimate.accepted', async () => {
    const tag = randomBytes(3).toString('hex');
    const ref = `EST-${tag}`;
    const title = `Dental for Bonnie ${tag}`;
    // £520.00 before VAT, £104.00 VAT: a discount line reads with a minus.
    await writeAsPracticeSystem(
      'PUT',
      `estimates/${ref}`,
      estimateRecord(
        ref,
        title,
        [
          ['PET-000011', 'Dental scale and polish under anaesthetic', '1', '450.00', '540.00'],
          ['PET-000011', 'Dental radiographs', '2', '40.00', '96.00'],
          ['', 'Loyalty discount', '1', '-10.00', '-12.00'],
        ],
        '624.00',
        '104.00',
      ),
    );

    const page = await newPage(desktop);
    await signIn(page, account, '/');
    await acceptCookies(page);
    // The dashboard says it waits for an answer, and links to it.
    const waiting = page.getByRole('region', { name: 'Bills and estimates' });
    await waiting.getByRole('link', { name: `${title}: £624.00` }).waitFor();

    await openFromTheList(page, `Estimate: ${title}`, title);
    expect(await tableCells(page, 'What the treatment will cost')).toEqual([
      ['Description', 'Pet', 'Quantity', 'Unit price (ex VAT)', 'VAT rate', 'Line total'],
      ['Dental scale and polish under anaesthetic', 'Bonnie', '1', '£450.00', '20%', '£540.00'],
      ['Dental radiographs', 'Bonnie', '2', '£40.00', '20%', '£96.00'],
      ['Loyalty discount', '—', '1', '\u2212£10.00', '20%', '\u2212£12.00'],
      ['Subtotal (excluding VAT)', '£520.00'],
      ['VAT', '£104.00'],
      ['Total (including VAT)', '£624.00'],
    ]);
    await page.getByText('Valid for 30 days. Half is due on admission.').waitFor();
    await checkBothWidths(page);

    // The first press only asks: nothing reaches the practice system yet.
    await page.getByRole('button', { name: 'Accept this estimate' }).click();
    await page.getByRole('heading', { name: 'Accept this estimate?' }).waitFor();
    await expectNoAxeViolations(page);
    expect(await acceptancesOf(ref)).toEqual([]);
    await page.getByRole('button', { name: 'Yes, accept £624.00' }).click();
    await page.getByText(/A confirmation e-mail is on its way to you\./).waitFor();
    await page.getByText('Accepted', { exact: true }).first().waitFor();

    const [event] = await acceptances(ref, 1);
    expect(event!.data).toMatchObject({ estimate_ref: ref, client_ref: clientRef, total_pence: 62_400 });
    expect(event!.data['revision']).toEqual(expect.any(Number));
  });

  it('a revision 25% above the total agreed asks the owner again', async () => {
    const tag = randomBytes(3).toString('hex');
    const ref = `EST-${tag}`;
    const title = `Surgery for Hazel ${tag}`;
    const first: Line[] = [['PET-000012', 'Mass removal', '1', '500.00', '600.00']];
    await writeAsPracticeSystem(
      'PUT',
      `estimates/${ref}`,
      estimateRecord(ref, title, first, '600.00', '100.00'),
    );

    const page = await newPage(desktop);
    await signIn(page, account, '/bills');
    await acceptCookies(page);
    await openFromTheList(page, `Estimate: ${title}`, title);
    await page.getByRole('button', { name: 'Accept this estimate' }).click();
    await page.getByRole('button', { name: 'Yes, accept £600.00' }).click();
    await page.getByText(/A confirmation e-mail is on its way to you\./).waitFor();
    const [agreed] = await acceptances(ref, 1);

    // The practice system adds histology: £750.00, 25% over the £600.00 agreed (the threshold is 20%).
    const revised: Line[] = [...first, ['PET-000012', 'Histology', '1', '125.00', '150.00']];
    await writeAsPracticeSystem(
      'PUT',
      `estimates/${ref}`,
      estimateRecord(ref, title, revised, '750.00', '125.00'),
    );
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Needs your answer', { exact: true }).waitFor();
    await page.getByText(/Revised: was £600\.00/).waitFor();
    await checkBothWidths(page);

    await page.getByRole('button', { name: 'Accept this estimate' }).click();
    await page.getByRole('button', { name: 'Yes, accept £750.00' }).click();
    await page.getByText(/A confirmation e-mail is on its way to you\./).waitFor();
    const [, again] = await acceptances(ref, 2);
    expect(again!.data).toMatchObject({ estimate_ref: ref, total_pence: 75_000 });
    expect(Number(again!.data['revision'])).toBeGreaterThan(Number(agreed!.data['revision']));
  });

  it('an acceptance that races a revision is refused, and the owner is shown the new total', async () => {
    const tag = randomBytes(3).toString('hex');
    const ref = `EST-${tag}`;
    const title = `Cruciate repair for Bonnie ${tag}`;
    const first: Line[] = [['PET-000011', 'TPLO surgery', '1', '1500.00', '1800.00']];
    await writeAsPracticeSystem(
      'PUT',
      `estimates/${ref}`,
      estimateRecord(ref, title, first, '1800.00', '300.00'),
    );

    const page = await newPage(phone390);
    await signIn(page, account, '/bills');
    await acceptCookies(page);
    await openFromTheList(page, `Estimate: ${title}`, title);
    await page.getByRole('button', { name: 'Accept this estimate' }).click();
    // Between the owner's two presses, the practice system revises it.
    const revised: Line[] = [...first, ['PET-000011', 'Post-operative radiographs', '1', '100.00', '120.00']];
    await writeAsPracticeSystem(
      'PUT',
      `estimates/${ref}`,
      estimateRecord(ref, title, revised, '1920.00', '320.00'),
    );
    // The answer to the revision read is refused (409), which the page explains.
    expectConsoleError(page, 'status of 409');
    await page.getByRole('button', { name: 'Yes, accept £1,800.00' }).click();

    await page
      .getByRole('alert')
      .getByText(/The practice revised this estimate while you were reading it: the total is now £1,920\.00/)
      .waitFor();
    await expectNoAxeViolations(page);
    expect(await acceptancesOf(ref)).toEqual([]);
    await page.getByRole('button', { name: 'Accept this estimate' }).click();
    await page.getByRole('button', { name: 'Yes, accept £1,920.00' }).waitFor();
  });

  it('a bill opens from the list filtered by pet, and prints on one A4 sheet without the header', async () => {
    const tag = randomBytes(3).toString('hex');
    const ref = `INV-${tag}`;
    const title = `Visit of Hazel and Pip ${tag}`;
    // Fourteen lines of £10.00 + VAT: £168.00, of which £28.00 VAT.
    const lines = Array.from({ length: 14 }, (_, index) => ({
      line_no: index + 1,
      pet_ref: index % 2 === 0 ? 'PET-000012' : 'PET-000013',
      description: `Item ${index + 1} of the visit`,
      quantity: '1',
      unit_price: '10.00',
      vat_rate: 'standard',
      total: '12.00',
    }));
    await writeAsPracticeSystem('PUT', `invoices/${ref}`, {
      invoice_ref: ref,
      practice_ref: practiceRef,
      client_ref: clientRef,
      title,
      issued_on: practiceDate(new Date()),
      status: 'part_paid',
      total: '168.00',
      vat: '28.00',
      amount_paid: '50.00',
      invoice_lines: lines,
    });

    const page = await newPage(phone390);
    await signIn(page, account, '/bills');
    await acceptCookies(page);
    // The filter goes in the URL: a reload keeps it.
    await page.getByLabel('Show bills for').selectOption({ label: 'Pip' });
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.pathname === '/bills' && url.searchParams.has('pet'));
    await page.reload();
    expect(await page.getByLabel('Show bills for').locator('option:checked').innerText()).toBe('Pip');
    expect(await page.getByRole('link', { name: /^Estimate: / }).count()).toBe(0);
    await page.getByRole('link', { name: `Bill: ${title}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/bills/invoices/'));
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Part paid £118.00 due', { exact: true }).waitFor();
    await page.getByText('Willowbrook Vets Didsbury', { exact: true }).first().waitFor();
    await page.getByText('186 Wilmslow Road', { exact: true }).waitFor();
    await checkBothWidths(page);

    const print = page.getByRole('button', { name: 'Print' });
    // The button prints the page (window.print), which a headless browser would not show: counted instead.
    await page.evaluate('window.printed = 0; window.print = () => { window.printed += 1; }');
    await print.click();
    expect(await page.evaluate('window.printed')).toBe(1);

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
    expect(await print.isVisible()).toBe(false);
    expect(await page.getByText('Item 14 of the visit').isVisible()).toBe(true);
    // One sheet: Chromium's own A4 PDF of the printed page has one page.
    const sheets = async () =>
      (await page.pdf({ format: 'A4', preferCSSPageSize: true }))
        .toString('latin1')
        .match(/\/Type\s*\/Page[^s]/g)?.length;
    expect(await sheets()).toBe(1);
    await page.emulateMedia({ media: 'screen' });
  });
});
