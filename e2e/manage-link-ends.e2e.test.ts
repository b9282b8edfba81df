import { describe, expect, it, onTestFinished } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, portalUrl, useBrowser } from './support/browser.ts';
import {
  bookThroughThePortal,
  deleteLinkedAppointment,
  expectLinkUsedUp,
  historyUrls,
  manageLinkFromMailbox,
  openManageLink,
  reasonsLoaded,
} from './support/manage-page.ts';
import { screenshots } from './support/screenshots.ts';
import { desktop, focused, phone390 } from './support/shell.ts';

/**
 * Security round three (decision 0095), findings 3 and 4: the manage link's token leaves the address bar
 * and the tab's history once the page has read it, and the client can end the links already e-mailed,
 * beside where they are signed in. Olivia books Pickle's dental check each time; the journey deletes it
 * at its end.
 */

/** The API's refusal of a link, as the browser's console reports the failed request. */
const refused = /404 .*\/bff\/manage-link\/appointment/;
const shoot = screenshots('/tmp/shots-manage-link-ends');

describe('a manage link’s token', () => {
  const { newPage } = useBrowser();

  it('leaves the address bar and the tab’s history, and a reload and the back button go on, at 390 and 1440 px', async () => {
    const booking = await newPage(desktop);
    const chosen = await bookThroughThePortal(booking);
    const href = await manageLinkFromMailbox(booking);
    onTestFinished(() => deleteLinkedAppointment(href));
    const mac = new URL(href).hash.split('.')[1]!;
    const [day, time] = chosen.split(', ');
    const bare = `${portalUrl()}/manage`;
    const appointmentShown = async (page: Awaited<ReturnType<typeof newPage>>) => {
      await page.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
      await reasonsLoaded(page);
      expect(page.url()).toBe(bare);
      expect((await historyUrls(page)).filter((url) => url.includes(mac) || url.includes('#'))).toEqual([]);
    };

    for (const size of [phone390, desktop]) {
      const page = await newPage(size);
      await openManageLink(page, href, ['Pickle', 'Dental check', time ?? ''], day ?? '');
      await appointmentShown(page);
      expect(await historyUrls(page)).toContain(bare);

      // A reload mid-flow: the appointment again, from the tab's copy of the token.
      await page.reload();
      await appointmentShown(page);
      await expectNoAxeViolations(page);
      await shoot(page, 'reloaded');

      // Away to another page and back with the back button.
      await page.goto('/dev/mailbox');
      await page.goBack();
      await appointmentShown(page);
    }
  });
});

describe('the client ends their appointment links', () => {
  const { newPage } = useBrowser();

  it('beside where they are signed in, by keyboard, and the link e-mailed before then shows the plain page', async () => {
    const laptop = await newPage(desktop);
    await bookThroughThePortal(laptop);
    const href = await manageLinkFromMailbox(laptop);
    onTestFinished(() => deleteLinkedAppointment(href));
    const phone = await newPage(phone390);
    await phone.goto(href);
    await phone.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();

    await laptop.goto('/client-detail/sessions');
    const section = laptop.getByRole('region', { name: 'Links in appointment e-mails and texts' });
    await section.waitFor();
    await laptop.getByRole('list', { name: 'Where you are signed in' }).waitFor();
    for (const size of [phone390, desktop]) {
      await laptop.setViewportSize(size);
      await expectNoAxeViolations(laptop);
      await shoot(laptop, 'sessions');
    }

    // By keyboard: the button is reachable and shows its focus.
    for (let presses = 0; presses < 40; presses++) {
      if ((await focused(laptop)).name === 'End my appointment links') break;
      await laptop.keyboard.press('Tab');
    }
    const focus = await focused(laptop);
    expect(focus.name).toBe('End my appointment links');
    expect(focus.outline).not.toMatch(/^none/);
    await laptop.keyboard.press('Enter');
    const done = section.getByRole('status');
    await done.waitFor();
    // Olivia's seeded appointments and this one: each link sent for them has ended.
    expect(await done.innerText()).toMatch(
      /^Your appointment links have ended\s+The links we sent for your \d+ upcoming appointments no longer work\. The next e-mail or reminder about an appointment brings a new link\.$/,
    );
    for (const size of [desktop, phone390]) {
      await laptop.setViewportSize(size);
      await expectNoAxeViolations(laptop);
      await shoot(laptop, 'ended');
    }

    // The phone that had the link open, reloaded, and the link opened afresh: the same plain page.
    const fresh = await newPage(desktop);
    for (const page of [phone, fresh]) {
      expectConsoleError(page, refused);
      if (page === phone) await page.reload();
      else await page.goto(href);
      await expectLinkUsedUp(page);
      await expectNoAxeViolations(page);
      await shoot(page, 'link-ended');
    }
  });
});
