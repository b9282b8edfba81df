import { guestMessages } from '@vet/contracts/guest-rules';
import {
  practiceAppointmentWriteSchema,
  type PracticeAppointmentBody,
} from '@vet/contracts/integration-appointments';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { acceptCookies, freshEmail } from './support/onboarding.ts';
import { practiceSystemAuthorization } from './support/practice-system.ts';
import { screenshots } from './support/screenshots.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Decision 0063, end to end: the practice system records desk bookings through the
 * integration API while people use the portal, the processes as `npm start` runs them. The demo group's
 * references (packages/practice-import/demo-group) name the records. Each test gives back what it took:
 * its desk bookings are cancelled, so the other journeys find the demo group as seeded.
 */
const api = inject('apiUrl');
const shoot = screenshots('/tmp/shots-practice-bookings');
const FIFTEEN_MINUTES = 15 * 60_000;
/** Willowbrook Vets Clapham's vets: a time is gone from the portal once all three are busy. */
const claphamVets = ['CLIN-0001', 'CLIN-0002', 'CLIN-0003'];

async function practiceSystem(method: 'PUT' | 'POST', path: string, body?: object) {
  return fetch(`${api}${integrationPathPrefix}${path}`, {
    method,
    headers: {
      authorization: await practiceSystemAuthorization(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** Desk bookings of every Clapham vet at [startsAt, +15 min) for another client's dog; their references. */
async function deskBookAllClaphamVets(startsAt: string, refs: string[]) {
  const writes = [];
  for (const [i, clinician] of claphamVets.entries()) {
    const ref = `E2E-DESK-${Date.now()}-${i}`;
    const body: PracticeAppointmentBody = {
      practice_ref: 'PRAC-0001',
      clinician_ref: clinician,
      client_ref: 'CLI-000008',
      pet_ref: 'PET-000014',
      reason_ref: 'REASON-CONSULT',
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + FIFTEEN_MINUTES).toISOString(),
      status: 'Booked',
      notes: null,
    };
    const response = await practiceSystem('PUT', `/appointments/${ref}`, body);
    expect(response.status).toBe(201);
    refs.push(ref);
    writes.push(practiceAppointmentWriteSchema.parse(await response.json()));
  }
  return writes;
}

/** Past the booking page's emergency notice, to the pet and reason. */
async function openBooking(page: Page) {
  await page.goto('/appointments/book');
  const dialog = page.getByRole('dialog', { name: 'Emergency appointment information' });
  await dialog.getByRole('button', { name: 'Proceed with appointment booking' }).click();
  await page.getByRole('heading', { level: 2, name: /Pet and reason/ }).waitFor();
}

/** The times offered on the open day (ISO instants), once they have loaded. */
async function offeredTimes(page: Page): Promise<string[]> {
  const times = page.getByRole('tabpanel').getByRole('radio');
  await times.first().waitFor();
  return Promise.all((await times.all()).map(async (time) => (await time.getAttribute('value')) ?? ''));
}

describe('desk bookings through the integration API', () => {
  const { newPage } = useBrowser();
  const deskRefs: string[] = [];
  afterEach(async () => {
    for (const ref of deskRefs.splice(0)) {
      expect((await practiceSystem('POST', `/appointments/${ref}/cancel`)).status).toBe(200);
    }
  });

  it("removes the time from a signed-in client's booking page", async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments');
    await openBooking(page);
    await page.getByLabel('Pet').selectOption({ label: 'Pickle' });
    await page
      .getByLabel('Reason for the appointment')
      .selectOption({ label: 'General consultation (15 minutes)' });
    const [first, second] = await offeredTimes(page);
    expect(first).toBeTruthy();

    await deskBookAllClaphamVets(first!, deskRefs);

    await page.reload();
    await openBooking(page);
    await page.getByLabel('Pet').selectOption({ label: 'Pickle' });
    await page
      .getByLabel('Reason for the appointment')
      .selectOption({ label: 'General consultation (15 minutes)' });
    const now = await offeredTimes(page);
    expect(now).not.toContain(first);
    if (second) expect(now[0]).toBe(second);
  });

  it('gives a guest’s held time away and tells the guest plainly when they next look', async () => {
    const page = await newPage(desktop);
    await page.goto('/guest');
    await acceptCookies(page);
    await page.getByLabel('Practice').selectOption({ label: 'Willowbrook Vets Clapham, London' });
    await page.getByLabel('Your pet is a').selectOption({ label: 'Dog' });
    await page.getByLabel('Reason for the appointment').selectOption({ label: 'Vaccination (15 minutes)' });
    const time = page.getByRole('tabpanel').getByRole('radio').first();
    await time.check();
    const startsAt = (await time.getAttribute('value')) ?? '';
    await page.getByLabel('Your pet’s name').fill('Pepper');
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Deskley');
    await page.getByLabel('E-mail address').fill(freshEmail('robin.deskley'));
    await page.getByLabel('Mobile number').fill('07400 900123');
    await page.getByRole('button', { name: 'Hold this time' }).click();
    await page.getByRole('heading', { name: 'We are holding this time for you' }).waitFor();

    const writes = await deskBookAllClaphamVets(startsAt, deskRefs);
    expect(writes.reduce((sum, write) => sum + write.effects.released_holds, 0)).toBe(1);

    for (const size of [phone390, desktop]) {
      await page.setViewportSize(size);
      await page.reload();
      const heading = page.getByRole('heading', { name: 'This time is no longer held' });
      await heading.waitFor();
      expect(await page.getByRole('alert').filter({ hasText: guestMessages.holdGivenAway }).count()).toBe(1);
      await expect
        .poll(() => page.evaluate<string>("document.activeElement?.textContent ?? ''"))
        .toBe('This time is no longer held');
      // No sideways scrolling at either width.
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(
        true,
      );
      await expectNoAxeViolations(page);
      await shoot(page, 'guest-given-away');
    }
    await page.getByRole('button', { name: 'Choose another time' }).click();
    await page.getByRole('heading', { name: 'Your visit' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: guestMessages.holdGivenAway }).count()).toBe(1);
    await shoot(page, 'guest-choose-again');
  });
});
