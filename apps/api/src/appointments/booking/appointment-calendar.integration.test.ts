import { randomUUID } from 'node:crypto';
import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { emailOutbox } from '@vet/db/schema/system';
import { createAppointment, createCancellationReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { smtpDelivery } from '@vet/email/email-delivery';
import { mimeLeaves } from '@vet/email/testing/mime-parts';
import { startTestSmtpServer, type TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMailFrom } from '@vet/email/email-delivery';
import { practiceBookingDeps } from '../../practice-system/desk-bookings/testing/practice-fixtures.ts';
import { cancelByPractice } from '../../practice-system/desk-bookings/practice-booking-service.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { readInvitation } from '../../testing/rfc5545-test-reader.ts';
import { bookingHelpers, bookingScene, localDay, localInstant } from './testing/booking-fixtures.ts';

const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, amend } = bookingHelpers(context, db);

/** Every e-mail to the address, oldest first, as the outbox holds it. */
const emailsTo = (to: string) =>
  db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      html: emailOutbox.htmlBody,
      attachments: emailOutbox.attachments,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(asc(emailOutbox.id));

describe('the calendar parts of an appointment’s e-mails', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  /** Sends the outbox row over real SMTP on loopback and returns the invitation part as received. */
  const sendAndRead = async (email: Awaited<ReturnType<typeof emailsTo>>[number]) => {
    const marker = `${randomUUID().slice(0, 8)}-${email.to}`;
    const delivery = smtpDelivery({ smtpUrl: smtp.url, from: defaultMailFrom, timeoutMs: 5000 });
    await delivery.deliver({ ...email, to: marker, status: 'pending' });
    delivery.close();
    const raw = smtp.received.find((received) => received.to.includes(marker))!.raw;
    const parts = mimeLeaves(raw).filter((leaf) => /^text\/calendar/i.test(leaf.headers['content-type']!));
    expect(parts).toHaveLength(1);
    expect(parts[0]!.parents.at(-1)).toBe('multipart/alternative');
    const mimeMethod = /;\s*method=([A-Z]+)/i.exec(parts[0]!.headers['content-type']!)?.[1];
    return { mimeMethod, invitation: readInvitation(parts[0]!.body) };
  };

  it('books with a REQUEST at 0, moves with a REQUEST one higher, cancels with a CANCEL one higher again', async () => {
    const scene = await bookingScene(db, signedInClient);
    const email = scene.client.email!;
    const startsAt = localInstant(localDay(3), '10:00');
    const booked = appointmentDetailSchema.parse((await book(scene, startsAt)).json());
    const uid = `appointment-${booked.appointmentId}@client-portal`;

    const movedTo = localInstant(localDay(4), '14:30');
    expect((await amend(scene, booked.appointmentId, movedTo)).statusCode).toBe(200);
    const reason = await createCancellationReason(db);
    const cancel = await context.app.inject({
      method: 'PATCH',
      url: `/appointments/${booked.appointmentId}/cancel?reasonId=${reason.id}`,
      headers: { authorization: scene.authorization },
    });
    expect(cancel.statusCode).toBe(200);

    const emails = await emailsTo(email);
    expect(emails.map((row) => row.subject)).toEqual([
      'Your appointment is booked',
      'Your appointment has moved',
      'Your appointment is cancelled',
    ]);
    const sent = [];
    for (const row of emails) sent.push(await sendAndRead(row));
    expect(sent.map((s) => [s.mimeMethod, s.invitation.method])).toEqual([
      ['REQUEST', 'REQUEST'],
      ['REQUEST', 'REQUEST'],
      ['CANCEL', 'CANCEL'],
    ]);
    expect(sent.map((s) => s.invitation.uid)).toEqual([uid, uid, uid]);
    expect(sent.map((s) => s.invitation.sequence)).toEqual([0, 1, 2]);
    expect(sent.map((s) => s.invitation.status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CANCELLED']);
    expect(sent.map((s) => [s.invitation.start, s.invitation.end])).toEqual([
      [startsAt, new Date(startsAt.getTime() + 30 * 60_000)],
      [movedTo, new Date(movedTo.getTime() + 30 * 60_000)],
      [movedTo, new Date(movedTo.getTime() + 30 * 60_000)],
    ]);
    for (const { invitation } of sent) {
      expect(invitation.version).toBe('2.0');
      expect(invitation.organizer.value.toLowerCase()).toBe('mailto:no-reply@harbourvets.example');
      expect(invitation.organizer.params.CN).toEqual([scene.practice.name]);
      expect(invitation.attendees.map((a) => [a.value.toLowerCase(), a.params.PARTSTAT])).toEqual([
        [`mailto:${email.toLowerCase()}`, ['ACCEPTED']],
      ]);
      expect(invitation.location.startsWith(`${scene.practice.name}, `)).toBe(true);
      expect(invitation.location).toContain(scene.practice.postcode);
      expect(invitation.summary).toBe(`Biscuit: ${scene.reason.name} at ${scene.practice.name}`);
      expect(invitation.uid).not.toContain(email);
    }
    // Each version is stamped no earlier than the one it replaces.
    expect(sent[1]!.invitation.dtstamp >= sent[0]!.invitation.dtstamp).toBe(true);
    expect(sent[2]!.invitation.dtstamp >= sent[1]!.invitation.dtstamp).toBe(true);
  });

  it('cancels at the desk with a CANCEL one higher than the invitation the client holds', async () => {
    const scene = await bookingScene(db, signedInClient);
    const booked = appointmentDetailSchema.parse(
      (await book(scene, localInstant(localDay(5), '11:00'))).json(),
    );
    await amend(scene, booked.appointmentId, localInstant(localDay(5), '15:00'));
    await cancelByPractice(practiceBookingDeps(db), { onlineId: booked.appointmentId });

    const emails = await emailsTo(scene.client.email!);
    const read = emails.map((row) => readInvitation(row.attachments[0]!.content));
    expect(read.map((r) => [r.method, r.sequence, r.status])).toEqual([
      ['REQUEST', 0, 'CONFIRMED'],
      ['REQUEST', 1, 'CONFIRMED'],
      ['CANCEL', 2, 'CANCELLED'],
    ]);
    expect(new Set(read.map((r) => r.uid)).size).toBe(1);
    expect(emails.map((row) => row.attachments[0]!.contentType)).toEqual([
      'text/calendar; charset=utf-8; method=REQUEST',
      'text/calendar; charset=utf-8; method=REQUEST',
      'text/calendar; charset=utf-8; method=CANCEL',
    ]);
  });

  it('writes the UTC instant of a summer (BST) and a winter (GMT) appointment', async () => {
    const scene = await bookingScene(db, signedInClient);
    const reason = await createCancellationReason(db);
    // 10:00 in London: 09:00Z in summer time, 10:00Z in winter.
    const cases = [
      { local: localInstant('2027-06-15', '10:00'), utc: '2027-06-15T09:00:00.000Z', zone: 'BST' },
      { local: localInstant('2027-01-12', '10:00'), utc: '2027-01-12T10:00:00.000Z', zone: 'GMT' },
    ];
    for (const { local, utc, zone } of cases) {
      expect(local.toISOString()).toBe(utc);
      const appointment = await createAppointment(db, {
        practiceId: scene.practice.id,
        clinicianId: scene.vets[0]!.id,
        clientId: scene.client.id,
        petId: scene.pet.id,
        reasonId: scene.reason.id,
        startsAt: local,
        endsAt: new Date(local.getTime() + 30 * 60_000),
      });
      const cancel = await context.app.inject({
        method: 'PATCH',
        url: `/appointments/${appointment.id}/cancel?reasonId=${reason.id}`,
        headers: { authorization: scene.authorization },
      });
      expect(cancel.statusCode).toBe(200);
      const email = (await emailsTo(scene.client.email!)).at(-1)!;
      expect(email.text).toContain(`at 10:00 ${zone} (UK time)`);
      const { mimeMethod, invitation } = await sendAndRead(email);
      expect([mimeMethod, invitation.method, invitation.sequence]).toEqual(['CANCEL', 'CANCEL', 1]);
      expect(invitation.start.toISOString()).toBe(utc);
      expect(invitation.event.properties.find((p) => p.name === 'DTSTART')?.params).toEqual({});
    }
  });
});
