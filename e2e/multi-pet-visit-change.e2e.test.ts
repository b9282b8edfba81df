import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { describe, expect, it } from 'vitest';
import { press, typeInto } from './support/actions.ts';
import { checkTimeClearOfNotice } from './support/booking.ts';
import { checkThirdDaysTime } from './support/earlier-times.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { screenshots } from './support/screenshots.ts';
import { acceptCookies } from './support/onboarding.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';
import { deleteVisit, visitRows } from './support/visits.ts';

/**
 * A visit changed as one (decision 0117): Olivia books Biscuit and Pickle together, moves the visit on a
 * phone (Back and a reload mid-way), then takes Pickle out of it at 1440 px; Biscuit keeps the time.
 */

const shoot = screenshots('/tmp/shots-multi-pet-visit-change');

describe('changing a visit of several pets', () => {
  const { newPage } = useBrowser();

  it('moves the whole visit at 390 px and removes one pet at 1440 px', async () => {
    const page = await newPage(phone390);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments/book');
    const notice = page.getByRole('dialog', { name: 'Emergency appointment information' });
    await press(notice.getByRole('button', { name: 'Proceed with appointment booking' }));
    await notice.waitFor({ state: 'hidden' });
    // The cookie banner, fixed at the foot of a phone's screen, would lie over the footer's links.
    await acceptCookies(page);
    await typeInto(page.getByLabel('Pet'), 'Biscuit', /^Biscuit$/);
    await typeInto(page.getByLabel('Reason for the appointment'), 'Weight', /^Weight clinic/);
    const pickle = page
      .getByRole('group', { name: 'Bring other pets to the same visit' })
      .getByRole('checkbox', { name: 'Pickle' });
    await pickle.click();
    await expect.poll(() => pickle.isChecked()).toBe(true);
    await page.getByRole('tablist', { name: 'Days' }).waitFor();
    await checkTimeClearOfNotice(page);
    await press(page.getByRole('button', { name: 'Continue' }));
    await press(page.getByRole('button', { name: 'Confirm visit' }));
    await page.getByRole('heading', { level: 2, name: 'Your visit is booked' }).waitFor();
    const visitId = new URL(page.url()).searchParams.get('visitId') ?? '';
    try {
      const booked = await visitRows(visitId);

      // Change: the whole visit's page, its pets named, times for both pets back to back.
      await press(page.getByRole('link', { name: 'See your appointments' }));
      const slotsAsked = page.waitForRequest((request) =>
        /\/appointment-slots\?.*existingVisitId=.*petCount=2|petCount=2.*existingVisitId=/.test(
          request.url(),
        ),
      );
      await press(page.getByRole('link', { name: /^Change visit of Biscuit and Pickle \(Biscuit’s/ }));
      await page.getByRole('heading', { level: 1, name: 'Change your visit' }).waitFor();
      await page.getByText(/^Changing the visit of Biscuit and Pickle for Weight clinic/).waitFor();
      await slotsAsked;
      // A later day's time: the first day's last time is the visit's own when it was booked late in a day
      // with two times left (CI met it on a Saturday at 10:00).
      const later = await checkThirdDaysTime(page);
      const chosen = (await later.getAttribute('aria-label')) ?? '';
      await expectNoAxeViolations(page);
      await shoot(page, 'change-choose');
      await press(page.getByRole('button', { name: 'Continue' }));
      await page.getByRole('heading', { level: 2, name: 'Check the new time' }).waitFor();
      expect(await page.getByRole('main').innerText()).toMatch(/Biscuit at \d\d:\d\d, then Pickle at/);

      // Back returns to the choice; forward and a reload keep the step.
      await page.goBack();
      await page.getByRole('heading', { level: 2, name: 'Choose a new time' }).waitFor();
      await page.goForward();
      await page.getByRole('heading', { level: 2, name: 'Check the new time' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 2, name: 'Check the new time' }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, 'change-confirm');
      await press(page.getByRole('button', { name: 'Confirm change' }));
      await page.getByRole('heading', { level: 2, name: 'Your visit has been changed' }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, 'change-done');
      const moved = await visitRows(visitId);
      expect(moved.map((row) => row.status)).toEqual(['Booked', 'Booked']);
      expect(moved[0]!.starts_at.getTime()).not.toBe(booked[0]!.starts_at.getTime());
      expect(moved[1]!.starts_at.getTime()).toBe(moved[0]!.ends_at.getTime());
      expect(await page.getByRole('main').innerText()).toContain(chosen.split(', ')[1] ?? '');

      // At 1440 px: both pets at the new time; Pickle is taken out after a confirm.
      // The same signed-in browser, widened: a sign-in of its own would prove nothing more.
      const wide = page;
      await wide.setViewportSize(desktop);
      await wide.goto('/appointments');
      const upcoming = wide.getByRole('region', { name: 'Upcoming' });
      await upcoming.getByText('Part of one visit with Pickle.').waitFor();
      await press(
        wide.getByRole('button', { name: /^Remove Pickle from this visit \(Pickle’s Weight clinic/ }),
      );
      const dialog = wide.getByRole('dialog', { name: 'Remove Pickle from this visit' });
      await dialog.getByText(/Biscuit keeps its time\./).waitFor();
      const reason = dialog.getByLabel(/Reason for cancelling/);
      await expect.poll(() => reason.locator('option').count()).toBeGreaterThan(1);
      await reason.selectOption({ index: 1 });
      await expectNoAxeViolations(wide);
      await shoot(wide, 'remove-dialog');
      await press(dialog.getByRole('button', { name: 'Remove Pickle' }));
      await wide.getByText('Pickle has been removed from the visit.').waitFor();
      const left = await visitRows(visitId);
      expect(left.map((row) => row.status)).toEqual(['Booked', 'Cancelled']);
      expect(left[0]!.starts_at.getTime()).toBe(moved[0]!.starts_at.getTime());
      await expect.poll(() => upcoming.innerText()).not.toContain('Part of one visit');
      // A visit of one still moves as a visit (decision 0117).
      const change = upcoming.getByRole('link', { name: /^Change Biscuit’s Weight clinic/ });
      expect(await change.getAttribute('href')).toContain(`visitId=${visitId}`);
      await expectNoAxeViolations(wide);
      await shoot(wide, 'removed-list');
    } finally {
      await deleteVisit(visitId);
    }
  });
});
