import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { describe, expect, it } from 'vitest';
import { press, typeInto } from './support/actions.ts';
import { checkTimeClearOfNotice } from './support/booking.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { screenshots } from './support/screenshots.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';
import { deleteVisit, visitRows } from './support/visits.ts';

/** Several pets in one visit (decision 0117): Olivia books Bramble and Clover together, then cancels. */

const shoot = screenshots('/tmp/shots-multi-pet-visit');

describe('several pets in one visit', () => {
  const { newPage } = useBrowser();

  it('books Bramble and Clover into one visit on a phone, and cancels it as one at 1440 px', async () => {
    const page = await newPage(phone390);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments');
    await page.getByRole('heading', { level: 1, name: 'Your appointments' }).waitFor();
    await press(page.getByRole('main').getByRole('link', { name: 'Book an appointment' }));
    const notice = page.getByRole('dialog', { name: 'Emergency appointment information' });
    await press(notice.getByRole('button', { name: 'Proceed with appointment booking' }));
    await notice.waitFor({ state: 'hidden' });
    await typeInto(page.getByLabel('Pet'), 'Bramble', /^Bramble$/);
    await typeInto(page.getByLabel('Reason for the appointment'), 'Weight', /^Weight clinic/);

    // The other living pets, in a group named by its legend; Smudge (deceased) is not offered.
    const group = page.getByRole('group', { name: 'Bring other pets to the same visit' });
    await group.waitFor();
    expect(await group.getByRole('checkbox').count()).toBe(3);
    await expect.poll(() => group.innerText()).not.toContain('Smudge');
    const slotAsked = page.waitForRequest((request) =>
      /\/appointment-slots\?.*petCount=2/.test(request.url()),
    );
    // The box is checked by the address the press writes, a render later: wait for it, not the click.
    const clover = group.getByRole('checkbox', { name: 'Clover' });
    await clover.click();
    await expect.poll(() => clover.isChecked()).toBe(true);
    await slotAsked;
    expect(page.url()).toMatch(/with=\d+/);
    await page.getByRole('tablist', { name: 'Days' }).waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'choose-phone');
    await checkTimeClearOfNotice(page);
    await press(page.getByRole('button', { name: 'Continue' }));

    await page.getByRole('heading', { level: 2, name: 'Check your visit' }).waitFor();
    const summary = await page.getByRole('main').innerText();
    expect(summary).toMatch(/Pet\s+Bramble and Clover/);
    expect(summary).toMatch(/Bramble at \d\d:\d\d, then Clover at \d\d:\d\d/);
    await expectNoAxeViolations(page);
    await shoot(page, 'confirm-phone');
    await press(page.getByRole('button', { name: 'Confirm visit' }));

    await page.getByRole('heading', { level: 2, name: 'Your visit is booked' }).waitFor();
    const visitId = new URL(page.url()).searchParams.get('visitId') ?? '';
    try {
      const booked = await visitRows(visitId);
      expect(booked.map((row) => row.status)).toEqual(['Booked', 'Booked']);
      expect(booked[1]!.clinician_id).toBe(booked[0]!.clinician_id);
      expect(booked[1]!.starts_at.getTime()).toBe(booked[0]!.ends_at.getTime());
      await expectNoAxeViolations(page);
      await shoot(page, 'done-phone');

      // The same signed-in browser, widened: a sign-in of its own would prove nothing more.
      const wide = page;
      await wide.setViewportSize(desktop);
      await wide.goto('/appointments');
      const upcoming = wide.getByRole('region', { name: 'Upcoming' });
      await upcoming.getByText('Part of one visit with Clover.').waitFor();
      await upcoming.getByText('Part of one visit with Bramble.').waitFor();
      await expectNoAxeViolations(wide);
      await shoot(wide, 'list-desktop');
      await press(wide.getByRole('button', { name: /^Cancel visit of Bramble and Clover \(Bramble’s/ }));
      const dialog = wide.getByRole('dialog', { name: 'Cancel visit' });
      const reason = dialog.getByLabel(/Reason for cancelling/);
      await expect.poll(() => reason.locator('option').count()).toBeGreaterThan(1);
      await reason.selectOption({ index: 1 });
      await expectNoAxeViolations(wide);
      await press(dialog.getByRole('button', { name: 'Cancel visit' }));
      await wide.getByText('Your visit has been cancelled.').waitFor();
      expect((await visitRows(visitId)).map((row) => row.status)).toEqual(['Cancelled', 'Cancelled']);
      await expect.poll(() => upcoming.innerText()).not.toContain('Part of one visit');
    } finally {
      await deleteVisit(visitId);
    }
  });
});
