import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { describe, expect, it } from 'vitest';
import { press, typeInto } from './support/actions.ts';
import { checkTimeClearOfNotice } from './support/booking.ts';
import { deleteAppointment } from './support/manage-page.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { clinicianNameOf } from './support/seeded-database.ts';
import { screenshots } from './support/screenshots.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * A vet they know (decision 0101): a client names the vet on the booking page, and on the change page; the
 * booking names her on its confirmation, in Upcoming and in its e-mail (decision 0141).
 */

const shoot = screenshots('/tmp/shots-named-vet');

describe('booking a named vet', () => {
  const { newPage } = useBrowser();

  it('lets Olivia book Pickle’s dental check with Kirsty Doyle on a phone, with the keyboard', async () => {
    const page = await newPage(phone390);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments');
    await page.getByRole('heading', { level: 1, name: 'Your appointments' }).waitFor();
    await press(page.getByRole('main').getByRole('link', { name: 'Book an appointment' }));
    const notice = page.getByRole('dialog', { name: 'Emergency appointment information' });
    await press(notice.getByRole('button', { name: 'Proceed with appointment booking' }));
    await notice.waitFor({ state: 'hidden' });
    await typeInto(page.getByLabel('Pet'), 'Pickle', /^Pickle$/);
    await typeInto(page.getByLabel('Reason for the appointment'), 'Dent', /^Dental check/);

    // The vet's choice: "Any vet" first and chosen, then the practice's vets by surname, no nurse.
    const vet = page.getByLabel('Vet', { exact: true });
    await vet.waitFor();
    await expect
      .poll(() => vet.locator('option').allInnerTexts())
      .toEqual(['Any vet', 'Samuel Adeyemi', 'Kirsty Doyle', 'Helen Marsh']);
    expect(await vet.locator('option:checked').innerText()).toBe('Any vet');
    await page.getByRole('tablist', { name: 'Days' }).waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'any-vet');

    // Choosing her reloads the times: hers only.
    const slotAsked = page.waitForRequest((request) =>
      /\/appointment-slots\?.*clinicianId=\d+/.test(request.url()),
    );
    await typeInto(vet, 'Kirsty', /^Kirsty Doyle$/);
    await slotAsked;
    expect(page.url()).toMatch(/clinicianId=\d+/);
    const choosing = new URL(page.url());
    await page.getByRole('tablist', { name: 'Days' }).waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'kirsty');
    const time = await checkTimeClearOfNotice(page);
    const chosen = (await time.getAttribute('aria-label')) ?? '';
    await press(page.getByRole('button', { name: 'Continue' }));

    await page.getByRole('heading', { level: 2, name: 'Check your appointment' }).waitFor();
    const summary = await page.getByRole('main').innerText();
    expect(summary).toMatch(/Seen by\s+Kirsty Doyle/);
    expect(summary).toContain(chosen.split(', ')[1] ?? '');
    await expectNoAxeViolations(page);
    await press(page.getByRole('button', { name: 'Confirm booking' }));

    await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();
    const appointmentId = Number(new URL(page.url()).searchParams.get('appointmentId'));
    expect(await clinicianNameOf(appointmentId)).toBe('Kirsty Doyle');
    // Decision 0141: the vet she named is named wherever the booking appears, not "Vet" or "a vet".
    await expect.poll(() => page.getByRole('main').innerText()).toMatch(/Seen by\s+Kirsty Doyle/);
    await expectNoAxeViolations(page);
    await shoot(page, 'booked-kirsty');

    await page.goto('/appointments');
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await upcoming.getByText('Pickle: Dental check with Kirsty Doyle').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'upcoming-kirsty');

    // The confirmation e-mail of this very booking (its manage link names the appointment's id).
    await page.goto('/dev/mailbox');
    const confirmation = page.getByRole('article', { name: 'Your appointment is booked' });
    const emailText = async () => {
      await page
        .getByRole('button', { name: `To ${DEMO_ACCOUNT.manyPets.email}` })
        .filter({ hasText: 'Your appointment is booked' })
        .first()
        .click({ timeout: 5_000 });
      return confirmation.locator('pre').innerText({ timeout: 5_000 });
    };
    await expect.poll(emailText, { timeout: 20_000 }).toContain(`/manage#${appointmentId}.`);
    expect(await emailText()).toContain(
      'Your appointment is booked: Pickle: Dental check with Kirsty Doyle at Willowbrook Vets Clapham.',
    );

    // The choice at 1440 px, from the address the phone's page kept (a reason chosen: no notice again):
    // Kirsty still chosen.
    // The same signed-in browser, widened: a sign-in of its own would prove nothing more.
    const wide = page;
    await wide.setViewportSize(desktop);
    await wide.goto('/appointments');
    await wide.goto(`${choosing.pathname}${choosing.search}`);
    const wideVet = wide.getByLabel('Vet', { exact: true });
    await expect.poll(() => wideVet.locator('option:checked').innerText()).toBe('Kirsty Doyle');
    await wide.getByRole('tablist', { name: 'Days' }).waitFor();
    await expectNoAxeViolations(wide);
    await shoot(wide, 'kirsty-desktop');

    // Changing it offers the same choice, "Any vet" first and chosen; naming another vet moves it to them.
    await wide.goto('/appointments');
    await press(wide.getByRole('link', { name: /^Change Pickle’s Dental check/ }));
    await wide.getByRole('heading', { level: 1, name: 'Change your appointment' }).waitFor();
    const changeVet = wide.getByLabel('Vet', { exact: true });
    await expect
      .poll(() => changeVet.locator('option').allInnerTexts())
      .toEqual(['Any vet', 'Samuel Adeyemi', 'Kirsty Doyle', 'Helen Marsh']);
    expect(await changeVet.locator('option:checked').innerText()).toBe('Any vet');
    const samuelsTimes = wide.waitForRequest((request) => {
      const asked = new URL(request.url());
      return (
        asked.pathname.endsWith('/appointment-slots') &&
        asked.searchParams.has('existingAppointmentId') &&
        asked.searchParams.has('clinicianId')
      );
    });
    await changeVet.selectOption({ label: 'Samuel Adeyemi' });
    await samuelsTimes;
    await wide.getByRole('tablist', { name: 'Days' }).waitFor();
    await expectNoAxeViolations(wide);
    await shoot(wide, 'change-to-samuel');
    // The change opens on the booking's own day, which may have no time of his left: the next day then.
    const nextDay = wide.getByRole('button', { name: /^Show \w+day \d+ \w+$/ });
    if (await nextDay.isVisible()) await press(nextDay);
    await checkTimeClearOfNotice(wide);
    await press(wide.getByRole('button', { name: 'Continue' }));
    await wide.getByRole('heading', { level: 2, name: 'Check the new time' }).waitFor();
    expect(await wide.getByRole('main').innerText()).toMatch(/Seen by\s+Samuel Adeyemi/);
    await press(wide.getByRole('button', { name: 'Confirm change' }));
    await wide.getByRole('heading', { level: 2, name: 'Your appointment has been changed' }).waitFor();
    expect(await clinicianNameOf(appointmentId)).toBe('Samuel Adeyemi');

    // The booking cancelled, so that other journeys find Pickle as seeded.
    await wide.goto('/appointments');
    await press(wide.getByRole('button', { name: /^Cancel Pickle’s Dental check/ }));
    const dialog = wide.getByRole('dialog', { name: 'Cancel appointment' });
    const reason = dialog.getByLabel(/Reason for cancelling/);
    await expect.poll(() => reason.locator('option').count()).toBeGreaterThan(1);
    await reason.selectOption({ index: 1 });
    await press(dialog.getByRole('button', { name: 'Cancel appointment' }));
    await wide.getByText('Your appointment has been cancelled.').waitFor();
    // And deleted: a cancelled dental check of Pickle's at the first free time is what the confirmation's
    // journey (manage-link.e2e.test.ts) looks for as its own, and it may choose the same time.
    await deleteAppointment(appointmentId);
    // Two pages, a booking and a change, each checked with axe: longer than one journey's 60 s.
  }, 120_000);
});
