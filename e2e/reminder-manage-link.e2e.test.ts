import { connectDatabase } from '@vet/db/connection';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { isQuietHours } from '@vet/email/quiet-hours';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { press } from './support/actions.ts';
import { expectConsoleError, expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { bookFromTheNotice } from './support/booking.ts';
import { expectLinkUsedUp, manageHref, openManageLink } from './support/manage-page.ts';
import { screenshots } from './support/screenshots.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Decisions 0084 and 0085 together (R2.39, R2.40): an appointment reminder's manage link, opened from the
 * development mailbox in a browser with no session, cancels the appointment. The run keeps REMINDERS=off
 * (global-setup.ts), so the journey queues its one reminder itself, as the reminders' scheduler does
 * (queue-reminders.ts: a row and its send job in one statement); the API's own worker sends it, checking
 * it again and rendering the e-mail, and its e-mail job delivers it to the mailbox. Grace's Pip, whom no
 * other journey books or counts appointments of, so the journeys after this one find the seed as it was.
 */

/** The send task's name (queue-reminders.ts, `sendReminderTask`): a job under another name never runs. */
const sendReminderTask = 'send-appointment-reminder';
const reminderSubject = 'Reminder of your appointment';
const grace = DEMO_ACCOUNT.threePets;
/** The API's refusal of a used link, as the browser's console reports the failed request. */
const refused = /404 .*\/bff\/manage-link\/appointment/;
const shoot = screenshots('/tmp/shots-reminder-manage-link');

/**
 * Between 20:00 and 08:00 UK time a reminder is held until 08:00 (quiet hours, decision 0085), by the API's
 * clock, which the journey cannot move: then there is no reminder to open. Ten minutes' margin keeps the
 * run clear of the 20:00 edge.
 */
const quietHoursNow = isQuietHours(new Date()) || isQuietHours(new Date(Date.now() + 10 * 60_000));

async function withDatabase<T>(work: (pool: ReturnType<typeof connectDatabase>['pool']) => Promise<T>) {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    return await work(pool);
  } finally {
    await close();
  }
}

/** Grace books Pip's general consultation at a time clear of the minimum notice, through the portal. */
async function bookPip(page: Page): Promise<string> {
  await signIn(page, grace, '/appointments/book');
  return bookFromTheNotice(page, { pet: 'Pip', reason: ['Gen', /^General consultation/] });
}

/** Grace's booked appointments for Pip: the journey's own (the seed gives Pip none). */
async function pipsBooked(): Promise<{ id: number; startsAt: Date }[]> {
  return withDatabase(async (pool) => {
    const { rows } = await pool.query<{ id: number; starts_at: Date }>(
      `select a.id, a.starts_at from appointments a
       join clients c on c.id = a.client_id join pets p on p.id = a.pet_id
       where c.identity_subject = $1 and p.name = 'Pip' and a.status = 'Booked'`,
      [grace.id],
    );
    return rows.map((row) => ({ id: row.id, startsAt: row.starts_at }));
  });
}

/**
 * A reminder by e-mail, queued as the scheduler queues a due one: the reminder row and its send job (same
 * task, attempts and priority, its payload a batch of one) in one statement. Its kind is one of the default rules' (the send
 * task does not read it). Returns the row's id.
 */
async function queueReminder(appointment: { id: number; startsAt: Date }): Promise<number> {
  return withDatabase(async (pool) => {
    const { rows } = await pool.query<{ id: string }>(
      `with inserted as (
         insert into appointment_reminders (appointment_id, kind, channel, appointment_starts_at, due_at)
         values ($1, 'd0@08:00', 'email', $2, now())
         returning id
       )
       select inserted.id from inserted
       cross join lateral graphile_worker.add_job(
         $3::text, json_build_array(json_build_object('reminderId', inserted.id)), max_attempts => 5,
         priority => 10
       ) as job`,
      [appointment.id, appointment.startsAt, sendReminderTask],
    );
    return Number(rows[0]!.id);
  });
}

async function reminderRow(id: number): Promise<{ status: string; skipReason: string | null }> {
  return withDatabase(async (pool) => {
    const { rows } = await pool.query<{ status: string; skip_reason: string | null }>(
      'select status, skip_reason from appointment_reminders where id = $1',
      [id],
    );
    return { status: rows[0]!.status, skipReason: rows[0]!.skip_reason };
  });
}

async function appointmentRow(id: number) {
  return withDatabase(async (pool) => {
    const { rows } = await pool.query<{
      status: string;
      cancelled_at: Date | null;
      cancellation_reason_id: number | null;
      updated_at: Date;
    }>('select status, cancelled_at, cancellation_reason_id, updated_at from appointments where id = $1', [
      id,
    ]);
    return rows[0]!;
  });
}

/** Pip's booked appointments cancelled and their times freed, should the journey stop before it cancels. */
async function cancelPipsBooked(): Promise<void> {
  await withDatabase((pool) =>
    pool.query(
      `with cancelled as (
         update appointments a set status = 'Cancelled', cancelled_at = now()
         from clients c, pets p
         where c.id = a.client_id and p.id = a.pet_id and a.status = 'Booked'
           and c.identity_subject = $1 and p.name = 'Pip'
         returning a.id
       )
       delete from clinician_reservations where appointment_id in (select id from cancelled)`,
      [grace.id],
    ),
  );
}

/**
 * The manage link of Grace's reminder, as the development mailbox shows it (the page refreshes itself),
 * after reading that the reminder is of Pip's appointment at the booked day and time.
 */
async function manageLinkOfReminder(page: Page, day: string, time: string): Promise<string> {
  await page.goto('/dev/mailbox');
  const entry = page.getByRole('button', { name: `To ${grace.email}` }).filter({ hasText: reminderSubject });
  await expect.poll(() => entry.count(), { timeout: 20_000 }).toBe(1);
  await entry.click();
  const message = page.getByRole('article', { name: reminderSubject });
  await message.waitFor();
  const text = await message.locator('pre').innerText();
  expect(text).toContain(
    "A reminder of Pip's appointment: General consultation at Willowbrook Vets Didsbury.",
  );
  // "Friday 27 November" as the slot was named; the e-mail adds the year: "Friday 27 November 2026 at 09:15".
  expect(text).toMatch(new RegExp(`When: ${day} \\d{4} at ${time} (GMT|BST) \\(UK time\\)\\.`));
  const link = message.getByRole('link', { name: /\/manage#/ });
  return manageHref(link);
}

describe('the manage link of a reminder', () => {
  const { newPage } = useBrowser();

  it.skipIf(quietHoursNow)(
    'opens from the reminder e-mail without a session, at 390 and 1440 px, and cancels with a reason',
    async () => {
      onTestFinished(cancelPipsBooked);
      const booking = await newPage(desktop);
      const chosen = await bookPip(booking);
      const [day, time] = chosen.split(', ');
      const booked = await pipsBooked();
      expect(booked).toHaveLength(1);
      const appointment = booked[0]!;

      const reminderId = await queueReminder(appointment);
      // Sent by the API's worker: checked again there (booked, ahead, unchanged, opted in) and written out.
      await expect
        .poll(() => reminderRow(reminderId), { timeout: 20_000 })
        .toEqual({ status: 'sent', skipReason: null });
      const href = await manageLinkOfReminder(booking, day ?? '', time ?? '');

      // Opened with no session, on a phone and on a desktop: the appointment the reminder was about.
      const pages: Page[] = [];
      for (const size of [phone390, desktop]) {
        const page = await newPage(size);
        pages.push(page);
        const shows = ['Pip', 'General consultation', 'Willowbrook Vets Didsbury', time ?? ''];
        await openManageLink(page, href, shows, day ?? '');
        await expectNoAxeViolations(page);
        await shoot(page, 'opened');
      }
      expect((await appointmentRow(appointment.id)).status).toBe('Booked');

      // Cancelled with a reason from the phone.
      const [mobile, wide] = pages as [Page, Page];
      await mobile.getByLabel('Reason for cancelling').selectOption({ index: 1 });
      await press(mobile.getByRole('button', { name: 'Cancel appointment' }));
      await mobile.getByText('Your appointment is cancelled').waitFor();
      await expectNoAxeViolations(mobile);
      await shoot(mobile, 'cancelled');
      const cancelled = await appointmentRow(appointment.id);
      expect(cancelled.status).toBe('Cancelled');
      expect(cancelled.cancellation_reason_id).not.toBeNull();
      expect(cancelled.cancelled_at).not.toBeNull();

      // The same link again, reloaded on the desktop and opened afresh on a phone: the plain page, nothing
      // to press, and the appointment as it was.
      const again = await newPage(phone390);
      for (const used of [wide, again]) {
        // The refusal is the API's 404, which the browser reports as a failed resource.
        expectConsoleError(used, refused);
        if (used === wide) await used.reload();
        else await used.goto(href);
        await expectLinkUsedUp(used);
        await expectNoAxeViolations(used);
        await shoot(used, 'used');
      }
      expect(await appointmentRow(appointment.id)).toEqual(cancelled);

      // Grace's appointments: Pip's is no longer upcoming, and is listed cancelled.
      await booking.goto('/appointments');
      const upcoming = booking.getByRole('region', { name: 'Upcoming' });
      await upcoming.getByRole('listitem').first().waitFor();
      const past = booking.getByRole('region', { name: 'Past and cancelled' });
      await past.getByRole('listitem').first().waitFor();
      const pips = (items: string[]) => items.filter((item) => item.includes('Pip: General consultation'));
      expect(pips(await upcoming.getByRole('listitem').allInnerTexts())).toEqual([]);
      const ours = pips(await past.getByRole('listitem').allInnerTexts());
      expect(ours).toHaveLength(1);
      expect(ours[0]).toContain('Cancelled');
    },
  );
});
