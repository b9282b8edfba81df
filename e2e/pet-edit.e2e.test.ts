import { mkdirSync } from 'node:fs';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { registerDog } from './support/pets.ts';
import { type FeedEvent, readFeed } from './support/practice-system.ts';
import { desktop } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Editing a pet (R2.40, decision 0083): the client changes a pet's details and the practice
 * system reads the change from its event feed; a pet's new home is a step confirmed in a dialog, after
 * which the pet is marked and cannot be booked. Each test registers a pet of its own (through the portal's
 * own API, as the signed-in browser), so no demo pet another journey reads is changed.
 */

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-pet-edit';
const account = DEMO_ACCOUNT.bookingOff;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The events of a type about a pet, once the feed has them (they are numbered soon after commit). */
async function eventsAbout(type: string, petId: number): Promise<FeedEvent[]> {
  let found: FeedEvent[] = [];
  await expect
    .poll(
      async () => {
        found = (await readFeed()).filter((event) => event.type === type && event.data['pet_id'] === petId);
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return found;
}

describe('editing a pet', () => {
  const { newPage } = useBrowser();
  mkdirSync(shots, { recursive: true });

  it('saves the changed details, shows them on the pet’s page, and the practice system reads what changed', async () => {
    const page = await newPage(desktop);
    await signIn(page, account, '/pets');
    const petId = await registerDog(page, 'Quince');
    await page.goto(`/pets/${petId}`);
    await page.getByRole('heading', { level: 1, name: 'Quince' }).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Edit details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Quince’s details' }).waitFor();
    expect(await field(page, 'Your pet’s name').inputValue()).toBe('Quince');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/edit-1440.png`, fullPage: true });

    // The registration form's rules, said where the field is.
    await field(page, 'Microchip number (optional)').fill('9410000246801');
    await field(page, 'Microchip number (optional)').blur();
    await page.getByText('A microchip number has exactly 15 digits. You entered 13.').waitFor();
    await field(page, 'Microchip number (optional)').fill('941 000 024 680 135');
    await field(page, 'Your pet’s name').fill('Quince Rose');
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();

    await page.getByText('Quince Rose’s details are saved.').waitFor();
    await page.waitForURL((url) => url.pathname === `/pets/${petId}`);
    await page.getByRole('heading', { level: 1, name: 'Quince Rose' }).waitFor();
    await page.getByText('941 000 024 680 135').first().waitFor();

    const [event] = await eventsAbout('pet.details_changed', petId);
    expect(event!.data).toMatchObject({ pet_id: petId, pet_ref: null });
    // Only what changed, the microchip as stored (digits only).
    expect(event!.data['changed']).toEqual({
      name: 'Quince Rose',
      neutered: true,
      microchip: '941000024680135',
    });
  });

  it('refuses a save another window got in first, and shows the details as they now are', async () => {
    const page = await newPage(desktop);
    await signIn(page, account, '/pets');
    const petId = await registerDog(page, 'Juniper');
    await page.goto(`/pets/${petId}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit Juniper’s details' }).waitFor();

    // The died confirmation, open at 1440 px, is axe clean; cancelling it changes nothing.
    await page.getByRole('button', { name: 'Juniper has died' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tell your practice that Juniper has died?' });
    await dialog.getByText('We are very sorry for your loss.').waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/confirm-1440.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Another window saves first.
    const other = await page.context().newPage();
    await other.goto(`/pets/${petId}/edit`);
    await other.getByLabel('Policy number (optional)', { exact: true }).waitFor();
    await other.getByLabel('Your pet’s name', { exact: true }).fill('Juniper Two');
    await other.getByRole('button', { name: 'Save changes' }).click();
    await other.waitForURL((url) => url.pathname === `/pets/${petId}`);
    await other.close();

    await field(page, 'Your pet’s name').fill('Juniper Mine');
    expectConsoleError(page, /status of 409/);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('These details changed since you opened this page').waitFor();
    expect(await field(page, 'Your pet’s name').inputValue()).toBe('Juniper Two');
    expect(new URL(page.url()).pathname).toBe(`/pets/${petId}/edit`);
    await expectNoAxeViolations(page);
  });

  it('marks a pet as gone to a new home after a confirmation; it can no longer be booked', async () => {
    const page = await newPage(phone);
    await signIn(page, account, '/pets');
    const petId = await registerDog(page, 'Saffron');
    await page.goto(`/pets/${petId}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit Saffron’s details' }).waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/edit-390.png`, fullPage: true });

    // Cancelling changes nothing.
    await page.getByRole('button', { name: 'Saffron has a new home' }).click();
    let dialog = page.getByRole('dialog', { name: 'Tell your practice that Saffron has a new home?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Saffron has a new home' }).click();
    dialog = page.getByRole('dialog', { name: 'Tell your practice that Saffron has a new home?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/confirm-390.png` });
    await dialog.getByRole('button', { name: 'Yes, Saffron has a new home' }).click();

    await page.getByText('Thank you. We have let your practice know that Saffron has a new home.').waitFor();
    await page.waitForURL((url) => url.pathname === `/pets/${petId}`);
    await page.getByRole('heading', { level: 1, name: 'Saffron' }).waitFor();
    await page.getByText('Rehomed', { exact: true }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Edit details' }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('button', { name: 'Book an appointment' }).count()).toBe(0);

    const [event] = await eventsAbout('pet.rehomed', petId);
    expect(event!.data).toMatchObject({ pet_id: petId, status: 'Rehomed' });
    // Kept, with its history, among the client's pets: listed apart, marked.
    await page.goto('/pets');
    await page.getByRole('main').getByRole('link', { name: 'Saffron' }).first().waitFor();
    await expectNoAxeViolations(page);
  });
});
