import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { manageLinkAppointmentSchema } from '@vet/contracts/manage-link';
import { practiceDate } from '@vet/contracts/practice-clock';
import { practicePricesSchema } from '@vet/contracts/practice-prices';
import { contactPreferences } from '@vet/db/schema/clients';
import { appointmentReminders } from '@vet/db/schema/reminders';
import { emailOutbox } from '@vet/db/schema/system';
import { createAppointment, createClinician, createPet, createReason } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { captureLogger } from '@vet/email/testing/capture-logger';
import { desc, eq } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createSendReminderTask } from '../../messages/reminders/send-reminder.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { manageLinks } from '../index.ts';
import { bookingScene, localDay, localInstant } from './testing/booking-fixtures.ts';

/**
 * Issue 62 (decisions 0143, 0148): the written prescription notice with the practice's fee, where bookings
 * are discussed (the prices the booking pages read, the confirmation e-mail, the manage link, the
 * reminder), and the owner and complaints link closing each e-mail. A practice that sets no fee shows the
 * cap in force today, not a constant: this file adds a higher cap from today, so it has a database of its
 * own (the caps are one table, and other files read today's).
 */
const own = useOwnDatabase('prescription_notice');
const database = {
  get db() {
    return own.current.db;
  },
  get pool() {
    return own.current.pool;
  },
  get url() {
    return own.current.url;
  },
};
const { context, signedInClient } = useSignedInTestApp(database);
const portalUrl = 'http://localhost:3000';
const ownerLine = (practice: string) => `${practice} is owned by Harbour Vets Group Ltd.`;

/** A cap from today above the migration's £21.00 / £12.50: what the CMA's yearly rise looks like. */
const risenCap = { firstPence: 2260, furtherPence: 1340 };
beforeAll(async () => {
  await own.current.pool.query('insert into written_prescription_caps values ($1, $2, $3)', [
    practiceDate(new Date()),
    risenCap.firstPence,
    risenCap.furtherPence,
  ]);
});

/** A booking scene at a practice owned by the group, with the fees given (null: none of its own). */
async function scene(fees: { first: number | null; further: number | null }) {
  const s = await bookingScene(own.current.db, signedInClient);
  await own.current.pool.query(
    `update practices set owner_name = 'Harbour Vets Group Ltd', written_prescription_fee_pence = $2,
       written_prescription_further_fee_pence = $3 where id = $1`,
    [s.practice.id, fees.first, fees.further],
  );
  return s;
}

const latestEmailTo = async (to: string) => {
  const [row] = await own.current.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return row;
};

async function book(s: Awaited<ReturnType<typeof scene>>) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/appointments',
    headers: { authorization: s.authorization },
    payload: {
      practiceId: s.practice.id,
      petId: s.pet.id,
      appointmentReasonId: s.reason.id,
      startsAt: localInstant(localDay(3), '10:00').toISOString(),
    },
  });
  expect(response.statusCode).toBe(201);
  return appointmentDetailSchema.parse(response.json());
}

const pricesOf = async (practiceId: number) =>
  practicePricesSchema
    .strict()
    .parse((await context.app.inject({ url: `/practices/${practiceId}/prices` })).json());

describe('the practice’s written prescription fee, as the booking pages read it', () => {
  it('is its own fee, at most the cap in force, and the cap in force where it sets none', async () => {
    const ownFee = await scene({ first: 1850, further: 900 });
    const none = await scene({ first: null, further: null });
    const above = await scene({ first: 2500, further: 900 });
    expect((await pricesOf(ownFee.practice.id)).writtenPrescriptionFees).toEqual({
      firstPence: 1850,
      furtherPence: 900,
    });
    // Not the old constant (£21.00 / £12.50): the cap from today.
    expect((await pricesOf(none.practice.id)).writtenPrescriptionFees).toEqual(risenCap);
    expect((await pricesOf(above.practice.id)).writtenPrescriptionFees).toEqual({
      firstPence: 2260,
      furtherPence: 900,
    });
    expect((await pricesOf(ownFee.practice.id)).ownerName).toBe('Harbour Vets Group Ltd');
  });
});

describe('the booking’s confirmation e-mail and manage link', () => {
  it('carry the notice with the practice’s fee, and the e-mail ends with the owner and complaints link', async () => {
    const s = await scene({ first: 1850, further: 900 });
    await book(s);
    const email = await latestEmailTo(s.client.email!);
    expect(email?.subject).toBe('Your appointment is booked');
    expect(email?.text).toContain(
      'You can ask for a written prescription and buy your pet’s medicines from a pharmacy of your choice. ' +
        'The practice’s fee for a written prescription is £18.50 for the first medicine and £9.00 for each ' +
        'further medicine on the same prescription.',
    );
    expect(email?.text).toContain(ownerLine(s.practice.name));
    expect(email?.text).toContain(`${portalUrl}/complaints`);
    expect(email?.html).toContain(`href="${portalUrl}/complaints"`);

    // The manage page reads the same fees with the appointment.
    const token = /\/manage#(\S+)/.exec(email!.text)?.[1];
    expect(token).toBeDefined();
    const read = await context.app.inject({
      method: 'POST',
      url: '/manage-link/appointment',
      payload: { token },
    });
    expect(read.statusCode).toBe(200);
    expect(manageLinkAppointmentSchema.parse(read.json()).writtenPrescriptionFees).toEqual({
      firstPence: 1850,
      furtherPence: 900,
    });
  });

  it('says the cap in force for a practice that sets no fee of its own', async () => {
    const s = await scene({ first: null, further: null });
    await book(s);
    const text = (await latestEmailTo(s.client.email!))?.text;
    expect(text).toContain('is £22.60 for the first medicine and £13.40 for each further medicine');
    expect(text).not.toContain('£21.00');
  });

  it('a move or a cancellation ends with the owner and the complaints link, without the notice', async () => {
    const s = await scene({ first: 1850, further: 900 });
    const booked = await book(s);
    const moved = await context.app.inject({
      method: 'POST',
      url: `/appointments/${booked.appointmentId}`,
      headers: { authorization: s.authorization },
      payload: { startsAt: localInstant(localDay(3), '11:00').toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    const email = await latestEmailTo(s.client.email!);
    expect(email?.subject).toBe('Your appointment has moved');
    expect(email?.text).toContain(ownerLine(s.practice.name));
    expect(email?.text).toContain(`${portalUrl}/complaints`);
    expect(email?.text).not.toContain('written prescription');
  });
});

describe('the appointment reminder e-mail', () => {
  const midday = new Date('2030-01-15T12:00:00Z');
  const sendReminders = createSendReminderTask({
    get db() {
      return own.current.db;
    },
    brandName: 'Harbour Vets',
    portalUrl,
    manageLinks: manageLinks(portalUrl, 'notice-test-secret-of-at-least-32-characters'),
    logger: captureLogger().logger,
    now: () => midday,
  });

  async function remind(fees: { first: number | null; further: number | null }) {
    const s = await scene(fees);
    const { db } = own.current;
    await db
      .insert(contactPreferences)
      .values({ clientId: s.client.id, purpose: 'reminders', channel: 'email', optedIn: true });
    const startsAt = new Date('2030-01-17T10:00:00Z');
    const appointment = await createAppointment(db, {
      practiceId: s.practice.id,
      clinicianId: (await createClinician(db, { practiceId: s.practice.id })).id,
      clientId: s.client.id,
      petId: (await createPet(db, { clientId: s.client.id, name: 'Mango' })).id,
      reasonId: (await createReason(db)).id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 15 * 60_000),
    });
    const [reminder] = await db
      .insert(appointmentReminders)
      .values({
        appointmentId: appointment.id,
        kind: 'd2',
        channel: 'email',
        appointmentStartsAt: startsAt,
        dueAt: midday,
      })
      .returning({ id: appointmentReminders.id });
    await sendReminders([{ reminderId: reminder!.id }], { addJob: vi.fn() } as unknown as JobHelpers);
    return { s, email: await latestEmailTo(s.client.email!) };
  }

  it('carries the notice with the practice’s fee, the owner and the complaints link', async () => {
    const { s, email } = await remind({ first: 1500, further: 500 });
    expect(email?.subject).toBe('Reminder of your appointment');
    expect(email?.text).toContain(
      'The practice’s fee for a written prescription is £15.00 for the first medicine and £5.00 for each further medicine',
    );
    expect(email?.text).toContain(ownerLine(s.practice.name));
    expect(email?.text).toContain(`${portalUrl}/complaints`);
  });

  it('says the cap in force for a practice that sets no fee of its own', async () => {
    const { email } = await remind({ first: null, further: null });
    expect(email?.text).toContain('is £22.60 for the first medicine and £13.40 for each further medicine');
  });
});
