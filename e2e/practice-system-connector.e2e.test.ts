import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitProviderSignIn } from '../scripts/lib/shared/chromium.ts';
import { press, typeInto } from './support/actions.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { linkDemoAccount, startConnectedPortal, type ConnectedPortal } from './support/connector-portal.ts';
import { desktop } from './support/shell.ts';
import { skipContactPreferencesRedirect } from './support/sign-in.ts';

/**
 * A practice whose diary is kept in ezyVet (decisions 0106, 0107), on a portal of its own that the
 * connector fills from an ezyVet stand-in: a time the desk books in ezyVet leaves the client's booking
 * page at the connector's next pass, and the client's online booking is written into ezyVet's diary.
 */
let connected: ConnectedPortal;

beforeAll(async () => {
  connected = await startConnectedPortal();
});

afterAll(async () => {
  await connected?.stop();
});

const olivia = DEMO_ACCOUNT.manyPets;
const bramble = 'PET-000001';
const reasonName = 'General consultation';

/** The day tabs' names, "Mon 30 Nov, 12 free": the day without its count, which changes. */
const dayOf = (tabName: string) => tabName.split(',')[0]!;

/** The tab of `day`, whatever its count; chosen, and its times (or "No times") shown. */
async function openDay(page: Page, day: string): Promise<Locator> {
  const tab = page.getByRole('tablist', { name: 'Days' }).getByRole('tab', { name: new RegExp(`^${day},`) });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  const panel = page.getByRole('tabpanel');
  await panel
    .getByRole('radio')
    .or(panel.getByText(/^No times are free/))
    .first()
    .waitFor();
  return panel;
}

describe('a practice on ezyVet, through its connector', () => {
  const { newPage } = useBrowser();

  it('takes a time the desk booked out of Olivia’s booking page, and writes her booking into the diary', async () => {
    const { portal, standIn, seed } = connected;
    // The connector's first pass fills the empty portal; Olivia's demo sign-in is linked to her record.
    await linkDemoAccount(connected, olivia);
    const page = await newPage(desktop);
    await skipContactPreferencesRedirect(page);

    // Olivia signs in at this portal's provider and opens the booking page.
    await page.goto(`${portal.portalUrl}/appointments/book`);
    await page.waitForURL((url) => url.origin === portal.issuer && url.pathname.startsWith('/interaction/'));
    await submitProviderSignIn(page, olivia.email, olivia.password);
    await page.waitForURL((url) => url.origin === portal.portalUrl && url.pathname === '/appointments/book', {
      timeout: 20_000,
    });
    const notice = page.getByRole('dialog', { name: 'Emergency appointment information' });
    await press(notice.getByRole('button', { name: 'Proceed with appointment booking' }));
    await notice.waitFor({ state: 'hidden' });
    await typeInto(page.getByLabel('Pet'), 'Bramble', /^Bramble$/);
    await typeInto(page.getByLabel('Reason for the appointment'), 'General', /^General consultation/);
    const days = page.getByRole('tablist', { name: 'Days' });
    await days.waitFor();

    // A time on a day after today, so the practice's minimum notice never moves past it mid-test.
    const tabs = days.getByRole('tab');
    let day = '';
    for (let index = 1; index < (await tabs.count()) && !day; index += 1) {
      const name = (await tabs.nth(index).getAttribute('aria-label')) ?? '';
      if (/, \d+ free$/.test(name)) day = dayOf(name);
    }
    expect(day, 'a later day with free times').not.toBe('');
    const panel = await openDay(page, day);
    const seen = panel.getByRole('radio').first();
    const taken = (await seen.getAttribute('value'))!;
    expect(Date.parse(taken)).not.toBeNaN();
    await expectNoAxeViolations(page);

    // The desk books every vet of the practice for that time in ezyVet (for another client's pet).
    const typeId = standIn.db.tables.appointmenttype.find((type) => type.name === reasonName)!.id;
    const otherAnimal = seed.animals.get('PET-000006') ?? [...seed.animals.values()].at(-1)!;
    const vets = standIn.db.tables.resource.filter((resource) => resource.type === 'Vet');
    expect(vets.length).toBeGreaterThan(0);
    for (const vet of vets)
      standIn.deskBook({ resourceId: vet.id, typeId, animalId: otherAnimal, startsAt: taken, minutes: 15 });

    // The time leaves her booking page once the connector's next pass has read the diary.
    const offered = page.locator(`input[type="radio"][value="${taken}"]`);
    await expect
      .poll(
        async () => {
          await page.reload();
          await openDay(page, day);
          return offered.count();
        },
        // Six of the connector's passes: each reload finds the page's times afresh.
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(0);
    await expectNoAxeViolations(page);

    // She books another time that day, or the next day's that has one.
    const other = page.getByRole('tabpanel').getByRole('radio').first();
    if ((await other.count()) === 0) {
      await page
        .getByRole('tabpanel')
        .getByRole('button', { name: /^Show / })
        .click();
    }
    await other.waitFor();
    const chosen = (await other.getAttribute('value'))!;
    expect(chosen).not.toBe(taken);
    await other.check();
    await press(page.getByRole('button', { name: 'Continue' }));
    await press(page.getByRole('button', { name: 'Confirm booking' }));
    await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();
    const appointmentId = Number(new URL(page.url()).searchParams.get('appointmentId'));
    expect(appointmentId).toBeGreaterThan(0);

    // The dispatcher hands the booking to the connector, which writes it into ezyVet's diary: Bramble's,
    // at her time, and the portal keeps ezyVet's reference.
    const brambleId = seed.animals.get(bramble)!;
    await expect
      .poll(
        () =>
          standIn
            .diary()
            .filter((entry) => entry.animal_id === brambleId && entry.start_at * 1000 === Date.parse(chosen))
            .length,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(1);
    const ref = async () =>
      (
        await connected.database.pool.query<{ ref: string | null }>(
          'select pms_ref as ref from appointments where id = $1',
          [appointmentId],
        )
      ).rows[0]?.ref;
    await expect.poll(ref, { timeout: 30_000, interval: 250 }).toMatch(/^\d+$/);
    const written = standIn.db.find('appointment', Number(await ref()));
    expect(written?.start_at).toBe(Date.parse(chosen) / 1000);
    expect(written?.animal_id).toBe(brambleId);
    expect(standIn.violations).toEqual([]);
    // The waits above are bounds for a failure (each ends as soon as its condition holds): past the
    // suite's 60 s, so a loaded machine's slow passes fail no test.
  }, 150_000);
});
