import { DEMO_ACCOUNT, type DemoAccount } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { press, typeInto } from './support/actions.ts';
import { expectConsoleError, expectNoAxeViolations, neverAnswer, useBrowser } from './support/browser.ts';
import { screenshots } from './support/screenshots.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/** Your appointments (/appointments) and booking (/appointments/book): R2.1, R2.28 to R2.30, R4.20 to R4.22. */

const shoot = screenshots('/tmp/shots-appointments');

async function listed(page: Page, section: 'Upcoming' | 'Past and cancelled'): Promise<string[]> {
  return page.getByRole('region', { name: section }).getByRole('listitem').allInnerTexts();
}

/**
 * Chooses a day with the arrow keys (from the selected one), then a time with Tab and Space: the day's
 * second when there is one, since the soonest sits at the minimum notice's edge, which moves on every
 * quarter hour (a booking confirmed, changed or cancelled minutes later could cross it).
 */
async function chooseTime(page: Page, arrows: string[]): Promise<string> {
  const selected = page.getByRole('tab', { selected: true });
  await selected.focus();
  for (const key of arrows) await page.keyboard.press(key);
  const times = page.getByRole('tabpanel').getByRole('radio');
  // Skip forward over days without a time.
  for (let i = 0; i < 14 && (await times.count()) === 0; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  const radio = page.locator(':focus');
  expect(await radio.getAttribute('type')).toBe('radio');
  if ((await times.count()) > 1) await page.keyboard.press('ArrowDown');
  else await page.keyboard.press('Space');
  expect(await radio.isChecked()).toBe(true);
  return (await radio.getAttribute('aria-label')) ?? '';
}

async function proceedPastEmergency(page: Page, practice: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Emergency appointment information' });
  await dialog.waitFor();
  const text = await dialog.innerText();
  expect(text).toContain(practice);
  expect(text).toContain('If your pet requires urgent assistance, please call your practice immediately.');
  await expectNoAxeViolations(page);
  const accepted = Date.now();
  await press(dialog.getByRole('button', { name: 'Proceed with appointment booking' }));
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { level: 2, name: /Pet and reason/ }).waitFor();
  expect(Date.now() - accepted).toBeGreaterThanOrEqual(450);
}

describe('booking, changing and cancelling', () => {
  const { newPage } = useBrowser();

  it('lets Olivia book for Pickle with the keyboard, see it, move it to another day and cancel it', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments');
    await page.getByRole('heading', { level: 1, name: 'Your appointments' }).waitFor();
    await page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem').first().waitFor();
    const upcoming = await listed(page, 'Upcoming');
    expect(upcoming[0]).toContain('Biscuit: Nail clip with a nurse');
    expect(upcoming[0]).toMatch(/\d{2}:\d{2} (GMT|BST)/);
    expect((await listed(page, 'Past and cancelled')).join('\n')).toContain('Cancelled');
    await page
      .getByRole('link', { name: /^Change / })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'list');

    await press(page.getByRole('main').getByRole('link', { name: 'Book an appointment' }));
    await proceedPastEmergency(page, 'Willowbrook Vets Clapham');
    await typeInto(page.getByLabel('Pet'), 'Pickle', /^Pickle$/);
    await typeInto(page.getByLabel('Reason for the appointment'), 'Dent', /^Dental check/);
    await page.getByRole('tablist', { name: 'Days' }).waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'picker');
    // The first day with times is selected; its second time comes before her seeded ones: her next.
    const chosen = await chooseTime(page, []);
    expect(chosen).toMatch(/^\w+day \d{1,2} \w+, \d{2}:\d{2}, with a vet$/);
    await press(page.getByRole('button', { name: 'Continue' }));

    await page.getByRole('heading', { level: 2, name: 'Check your appointment' }).waitFor();
    const summary = await page.getByRole('main').innerText();
    for (const value of [
      'Pickle',
      'Dental check',
      'Willowbrook Vets Clapham',
      'Vet',
      chosen.split(', ')[1] ?? '',
    ]) {
      expect(summary).toContain(value);
    }
    expect(summary).toContain(chosen.split(', ')[0] ?? '');
    // Issue 62: who owns the practice, and the written prescription notice with its fee (the demo's
    // practices set none of their own: the cap in force, decision 0148).
    expect(summary).toContain('Willowbrook Vets Clapham is owned by Willowbrook Veterinary Group Ltd.');
    expect(await page.getByTestId('written-prescription-notice').innerText()).toContain(
      'The practice’s fee for a written prescription is £21.00 for the first medicine and £12.50 for each further medicine on the same prescription.',
    );
    await expectNoAxeViolations(page);
    await shoot(page, 'confirm');
    // A reload keeps the step, the back button returns to the choice.
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Pet and reason' }).waitFor();
    expect(await page.getByLabel('Pet').locator('option:checked').innerText()).toBe('Pickle');
    await page.goForward();
    await page.getByRole('heading', { level: 2, name: 'Check your appointment' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Check your appointment' }).waitFor();
    await press(page.getByRole('button', { name: 'Confirm booking' }));

    await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();
    expect(await page.getByTestId('written-prescription-notice').innerText()).toContain(
      'You can ask for a written prescription and buy your pet’s medicines from a pharmacy of your choice.',
    );
    const calendar = page.getByRole('link', { name: 'Add to calendar' });
    expect(await calendar.getAttribute('href')).toMatch(/^data:text\/calendar/);
    expect(await calendar.getAttribute('download')).toBe('appointment.ics');
    await expectNoAxeViolations(page);
    await shoot(page, 'done');

    await press(page.getByRole('link', { name: 'See your appointments' }));
    await page.getByRole('heading', { level: 1, name: 'Your appointments' }).waitFor();
    const clock = chosen.split(', ')[1] ?? '';
    const mine = page
      .getByRole('region', { name: 'Upcoming' })
      .getByRole('listitem')
      .filter({ hasText: 'Pickle: Dental check with a vet' });
    await mine.waitFor();
    expect(await mine.innerText()).toContain(clock);

    // The dashboard reads the same list: the booking is the next appointment now.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const card = page.getByRole('region', { name: 'Your next appointment' });
    await card.getByText('Dental check for Pickle').waitFor();

    // Change it to another day.
    await page.goto('/appointments');
    await press(page.getByRole('link', { name: /^Change Pickle’s Dental check/ }));
    await page.getByRole('heading', { level: 1, name: 'Change your appointment' }).waitFor();
    const moved = await chooseTime(page, ['ArrowRight']);
    expect(moved.split(', ')[0]).not.toBe(chosen.split(', ')[0]);
    await press(page.getByRole('button', { name: 'Continue' }));
    await press(page.getByRole('button', { name: 'Confirm change' }));
    await page.getByRole('heading', { level: 2, name: 'Your appointment has been changed' }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain(moved.split(', ')[0] ?? '');
    await press(page.getByRole('link', { name: 'See your appointments' }));
    await mine.waitFor();
    await expect.poll(() => mine.innerText()).toContain(moved.split(', ')[1] ?? '');

    // Cancel it with a reason.
    await press(page.getByRole('button', { name: /^Cancel Pickle’s Dental check/ }));
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await dialog.waitFor();
    await press(dialog.getByRole('button', { name: 'Cancel appointment' }));
    await dialog.getByText('Choose a reason for cancelling.').waitFor();
    const reason = dialog.getByLabel(/Reason for cancelling/);
    await expect.poll(() => reason.locator('option').count()).toBeGreaterThan(1);
    await reason.focus();
    await page.keyboard.press('ArrowDown');
    await expectNoAxeViolations(page);
    await shoot(page, 'cancel-dialog');
    await press(dialog.getByRole('button', { name: 'Cancel appointment' }));
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Your appointment has been cancelled.').waitFor();
    await expect
      .poll(async () => (await listed(page, 'Upcoming')).join('\n'))
      .not.toContain('Pickle: Dental check');
    await expect
      .poll(async () =>
        (await listed(page, 'Past and cancelled')).find((item) => item.includes('Pickle: Dental check')),
      )
      .toContain('Cancelled');
  });

  it('has what decides each upcoming appointment’s Change and Cancel in the page’s first HTML', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments');
    // The browser's requests for each appointment's details, and for its place in the earlier-times line
    // (decision 0086), never answer: the buttons came with the page.
    const browserAsked = await neverAnswer(page, [
      '**/bff/appointments/*',
      '**/bff/appointments/*/earlier-times',
    ]);
    await page.goto('/appointments');
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await upcoming
      .getByRole('button', { name: /^Cancel / })
      .first()
      .waitFor();
    expect(await upcoming.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await page.getByRole('main').locator('[data-skeleton]').count()).toBe(0);
    // Each appointment that can change offers to wait for an earlier time in the first HTML, not later.
    const changes = await upcoming.getByRole('link', { name: /^Change / }).count();
    const asks = upcoming.getByRole('button', { name: /^Tell me if an earlier time comes up for / });
    expect(changes).toBeGreaterThan(1);
    expect(await asks.count()).toBe(changes);
    // Once the page has hydrated (the button opens its form), it still has asked for none of them.
    await press(asks.first());
    await page.getByLabel(/Latest date that would still help/).waitFor();
    expect(browserAsked).toEqual([]);
  });

  it('shows the list, the picker and the dialogs without axe violations on a phone, and leaves at the emergency information', async () => {
    const page = await newPage(phone390);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments');
    await page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem').first().waitFor();
    await page
      .getByRole('link', { name: /^Change / })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'list');
    // Olivia may leave at the emergency information: back to her appointments.
    await page.goto('/appointments/book');
    const emergency = page.getByRole('dialog', { name: 'Emergency appointment information' });
    await emergency.waitFor();
    await shoot(page, 'emergency');
    await emergency.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/appointments');
    await page.getByRole('main').getByRole('link', { name: 'Book an appointment' }).click();
    await proceedPastEmergency(page, 'Willowbrook Vets Clapham');
    await page.getByLabel('Pet').selectOption({ label: 'Clover' });
    await page
      .getByRole('tablist', { name: 'Days' })
      .waitFor({ state: 'detached', timeout: 1000 })
      .catch(() => {});
    await page
      .getByLabel('Reason for the appointment')
      .selectOption({ label: 'Rabbit health check (20 minutes)' });
    await page.getByRole('tablist', { name: 'Days' }).waitFor();
    await page.getByRole('tabpanel').getByRole('radio').first().waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'picker');
    await page.getByRole('tabpanel').getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'Check your appointment' }).waitFor();
    // The notice with its fee at 390 px too (issue 62), in the step's first render.
    expect(await page.getByTestId('written-prescription-notice').innerText()).toContain(
      '£21.00 for the first medicine and £12.50 for each further medicine',
    );
    await expectNoAxeViolations(page);
    await shoot(page, 'confirm');
    await page.getByRole('button', { name: 'Choose another time' }).click();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/appointments');
  });
});

describe('when booking is not open', () => {
  const { newPage } = useBrowser();

  it.each([
    [
      'Tom, whose practice (Bath) has online booking off',
      DEMO_ACCOUNT.bookingOff,
      'Online appointment booking unavailable',
      'Online appointment booking is currently unavailable. Please contact your practice.',
    ],
    [
      'Daniel, who is not allowed to book',
      DEMO_ACCOUNT.bookingBlocked,
      'Online appointment booking unavailable',
      'Online appointment booking is currently unavailable. Please contact your practice.',
    ],
    [
      'Priya, who has no pets',
      DEMO_ACCOUNT.noPets,
      'Register your pet',
      'To book an appointment with us, please register your pet.',
    ],
  ] as [string, DemoAccount, string, string][])('explains to %s', async (who, account, title, text) => {
    const page = await newPage(phone390);
    await signIn(page, account, '/appointments');
    for (const size of [phone390, desktop]) {
      if (size === desktop) {
        await page.setViewportSize(size);
        await page.goto('/appointments');
      }
      await page.getByRole('heading', { level: 1, name: 'Your appointments' }).waitFor();
      if (account === DEMO_ACCOUNT.bookingOff) {
        // His appointments, booked by phone, can be cancelled online but not moved: moving is booking.
        await page
          .getByRole('button', { name: /^Cancel Dexter’s / })
          .first()
          .waitFor();
        expect(await page.getByRole('link', { name: /^Change / }).count()).toBe(0);
      }
      await page.getByRole('main').getByRole('button', { name: 'Book an appointment' }).click();
      let dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(text);
      await expectNoAxeViolations(page);
      await shoot(page, `dialog-${who.split(',')[0]?.toLowerCase()}`);
      await dialog.getByRole('button', { name: title === 'Register your pet' ? 'Cancel' : 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Straight to the booking page: the same dialog, and no booking form behind it.
      await page.goto('/appointments/book');
      dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      expect(await page.getByRole('dialog', { name: 'Emergency appointment information' }).count()).toBe(0);
      await expectNoAxeViolations(page);
    }
  });

  it('lets James book only the initial consultation for Luna, who awaits it', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.awaitingInitialConsultation, '/appointments');
    await page.getByText('You have no upcoming appointments.').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Book an appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking unavailable' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'Your new pet needs to attend the initial consultation that you have booked, before you can make any further appointments.',
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto('/appointments/book');
    await proceedPastEmergency(page, 'Willowbrook Vets Islington');
    await page.getByText('Luna is awaiting the initial consultation').waitFor();
    const reason = page.getByLabel('Reason for the appointment');
    await expect
      .poll(() => reason.locator('option').allInnerTexts())
      .toEqual([expect.stringMatching(/^New pet initial consultation/)]);
    const chosen = await chooseTime(page, []);
    await press(page.getByRole('button', { name: 'Continue' }));
    expect(await page.getByRole('main').innerText()).toContain('New pet initial consultation');

    // The first attempt loses a race (answered here as the API would); the time comes back as an
    // alternative, and the second attempt sends a new Idempotency-Key.
    const keys: string[] = [];
    let raced = false;
    await page.route('**/bff/appointments', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      keys.push((await request.headerValue('idempotency-key')) ?? '');
      if (raced) return route.continue();
      raced = true;
      const { startsAt } = request.postDataJSON() as { startsAt: string };
      return route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 409,
          error: 'Conflict',
          message: 'That time has just been taken.',
          alternatives: [{ startsAt, endsAt: startsAt }],
        }),
      });
    });
    expectConsoleError(page, 'status of 409');
    await press(page.getByRole('button', { name: 'Confirm booking' }));
    await page.getByRole('alert').getByText('That time has just been taken.').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'conflict');
    // The offered time's button says what it shows (its UK zone too), then who: "…, 12:00 GMT, with a vet".
    const [day, clock, who] = chosen.split(', ');
    await press(page.getByRole('button', { name: new RegExp(`^${day}, ${clock} (GMT|BST), ${who}$`) }));
    await press(page.getByRole('button', { name: 'Confirm booking' }));
    await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
