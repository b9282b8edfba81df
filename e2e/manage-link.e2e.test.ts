import { describe, expect, it } from 'vitest';
import { press } from './support/actions.ts';
import { expectConsoleError, expectNoAxeViolations, useBrowser } from './support/browser.ts';
import {
  bookThroughThePortal,
  expectLinkUsedUp,
  manageLinkFromMailbox,
  openManageLink,
  reasonsLoaded,
} from './support/manage-page.ts';
import { screenshots } from './support/screenshots.ts';
import { desktop, phone390 } from './support/shell.ts';

/**
 * R2.39 (decision 0084): the manage link of a booking's confirmation, opened from the development
 * mailbox in a browser with no session: the appointment, "I'll be there", and a cancellation with a reason.
 */

/** The API's refusal of a link, as the browser's console reports the failed request. */
const refused = /404 .*\/bff\/manage-link\/appointment/;
const shoot = screenshots('/tmp/shots-manage-link');

describe('the manage link of a confirmation', () => {
  const { newPage } = useBrowser();

  it('opens the booked appointment without a session; "I’ll be there", then cancel with a reason', async () => {
    const booking = await newPage(desktop);
    const chosen = await bookThroughThePortal(booking);
    const href = await manageLinkFromMailbox(booking);
    const [day, time] = chosen.split(', ');

    // A phone with no session: the page shows the appointment, and opening it changed nothing.
    const mobile = await newPage(phone390);
    const shows = ['Pickle', 'Dental check', 'Willowbrook Vets Clapham', time ?? ''];
    await openManageLink(mobile, href, shows, day ?? '');
    expect(await mobile.getByRole('link', { name: 'Change the time' }).getAttribute('href')).toMatch(
      /^\/appointments\/book\?change=1&appointmentId=\d+$/,
    );
    // Issue 62: the written prescription notice with the practice's fee (the cap: the demo sets none).
    expect(await mobile.getByTestId('written-prescription-notice').innerText()).toContain(
      '£21.00 for the first medicine and £12.50 for each further medicine',
    );
    await expectNoAxeViolations(mobile);
    await shoot(mobile, 'opened');
    await press(mobile.getByRole('button', { name: 'I’ll be there' }));
    await mobile.getByText('You have told the practice you will be there.').waitFor();
    await expectNoAxeViolations(mobile);
    await shoot(mobile, 'attending');

    // A desktop with no session: the link still works, and remembers the answer.
    const page = await newPage(desktop);
    await page.goto(href);
    await page.getByText('You have told the practice you will be there.').waitFor();
    await reasonsLoaded(page);
    const cancel = page.getByRole('button', { name: 'Cancel appointment' });
    await press(cancel);
    await page.getByText('Choose a reason for cancelling.').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'reason-missing');
    const reason = page.getByLabel('Reason for cancelling');
    await reason.selectOption({ index: 1 });
    await press(cancel);
    await page.getByText('Your appointment is cancelled').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'cancelled');

    // Used up (decision 0095): the page that cancelled forgot the token, so its reload asks nothing; the
    // phone kept it for its tab, and the link opened afresh, are refused: the same plain page.
    await page.reload();
    await expectLinkUsedUp(page);
    const fresh = await newPage(phone390);
    for (const used of [mobile, fresh]) {
      // The refusal is the API's 404, which the browser reports as a failed resource.
      expectConsoleError(used, refused);
      if (used === mobile) await used.reload();
      else await used.goto(href);
      await expectLinkUsedUp(used);
    }
    await expectNoAxeViolations(mobile);
    await shoot(mobile, 'used');

    // The portal shows it cancelled too.
    await booking.goto('/appointments');
    const past = booking.getByRole('region', { name: 'Past and cancelled' });
    await past.getByRole('listitem').first().waitFor();
    const items = await past.getByRole('listitem').allInnerTexts();
    // By day and time: other journeys leave cancelled dental checks of Pickle's at other days' times.
    const ours = items.filter(
      (item) =>
        item.includes('Pickle: Dental check') && item.includes(day ?? '') && item.includes(`, ${time} `),
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]).toContain('Cancelled');
  });

  it('answers a tampered link with the same plain page', async () => {
    const page = await newPage(desktop);
    expectConsoleError(page, refused);
    await page.goto('/manage#1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByText('This link no longer works').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'tampered');
  });
});
