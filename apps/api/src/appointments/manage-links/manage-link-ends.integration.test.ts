import { randomInt } from 'node:crypto';
import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { manageLinkAppointmentSchema, manageLinkMessages } from '@vet/contracts/manage-link';
import { appointments } from '@vet/db/schema/appointments';
import { createCancellationReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingHelpers, bookingScene, localDay, localInstant } from '../booking/testing/booking-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/**
 * Security round three, finding 3 (decision 0095): the ways a manage link ends. Each one answers exactly
 * as a tampered link does (decision 0084's one message), and nothing else about the appointment changes.
 */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, amend, latestEmailTo } = bookingHelpers(context, db);

let address = '';
beforeEach(() => {
  address = `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
});
const post = (path: string, payload: object) =>
  context.app.inject({ method: 'POST', url: `/manage-link/${path}`, payload, remoteAddress: address });

/** The token of the manage link in the newest e-mail to an address. */
async function linkInLatestEmailTo(to: string): Promise<string> {
  const email = await latestEmailTo(to);
  const match = /\/manage#(\S+)/.exec(email?.text ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

async function booked(scene: Awaited<ReturnType<typeof bookingScene>>, day: number, time = '10:00') {
  const response = await book(scene, localInstant(localDay(day), time));
  expect(response.statusCode).toBe(201);
  const appointment = appointmentDetailSchema.parse(response.json());
  return { appointment, token: await linkInLatestEmailTo(scene.client.email!) };
}

const opens = async (token: string) => (await post('appointment', { token })).statusCode;

/** The link answers the one refusal, for a read and for both presses. */
async function expectEnded(token: string) {
  const reason = await createCancellationReason(db);
  for (const [path, payload] of [
    ['appointment', { token }],
    ['attendance', { token }],
    ['cancellation', { token, reasonId: reason.id }],
  ] as const) {
    const response = await post(path, payload);
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json())).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: manageLinkMessages.notValid,
    });
  }
}

/** As the practice system may write the row (its PUT, an import): straight to the table. */
const rewrite = (appointmentId: number, values: Partial<typeof appointments.$inferInsert>) =>
  db.update(appointments).set(values).where(eq(appointments.id, appointmentId));

describe('a manage link ends (decision 0095)', () => {
  it('when it is used to cancel: it stays ended, even if the practice books the appointment again', async () => {
    const scene = await bookingScene(db, signedInClient);
    const { appointment, token } = await booked(scene, 3);
    const reason = await createCancellationReason(db);
    expect((await post('cancellation', { token, reasonId: reason.id })).statusCode).toBe(200);
    await expectEnded(token);
    await rewrite(appointment.appointmentId, { status: 'Booked', cancelledAt: null });
    await expectEnded(token);
  });

  it('not when it says “I’ll be there”: the same link can still cancel later', async () => {
    const scene = await bookingScene(db, signedInClient);
    const { token } = await booked(scene, 3);
    expect((await post('attendance', { token })).statusCode).toBe(200);
    expect((await post('attendance', { token })).statusCode).toBe(200);
    const reason = await createCancellationReason(db);
    const cancelled = await post('cancellation', { token, reasonId: reason.id });
    expect(cancelled.statusCode).toBe(200);
    expect(manageLinkAppointmentSchema.parse(cancelled.json())).toMatchObject({
      status: 'Cancelled',
      attendanceConfirmed: true,
    });
  });

  it('when a newer link is sent: the change e-mail’s link works, the confirmation’s does not', async () => {
    const scene = await bookingScene(db, signedInClient);
    const { appointment, token: first } = await booked(scene, 4);
    const newStart = localInstant(localDay(5), '11:00');
    expect((await amend(scene, appointment.appointmentId, newStart)).statusCode).toBe(200);
    const second = await linkInLatestEmailTo(scene.client.email!);
    expect(second).not.toBe(first);
    await expectEnded(first);
    const opened = manageLinkAppointmentSchema.parse((await post('appointment', { token: second })).json());
    expect(opened.startsAt).toBe(newStart.toISOString());
  });

  it('when the appointment moves, whoever moves it, with row triggers off as the practice import runs', async () => {
    const scene = await bookingScene(db, signedInClient);
    const byPractice = await booked(scene, 3, '10:00');
    const byImport = await booked(scene, 3, '14:00');
    expect(await opens(byPractice.token)).toBe(200);
    const later = (at: string) => ({
      startsAt: localInstant(localDay(6), at),
      endsAt: localInstant(localDay(6), at.replace(':00', ':30')),
    });
    await rewrite(byPractice.appointment.appointmentId, later('10:00'));
    await expectEnded(byPractice.token);

    // The practice import's upserts run with session_replication_role = replica (decision 0061).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(appointments)
        .set(later('14:00'))
        .where(eq(appointments.id, byImport.appointment.appointmentId));
    });
    await expectEnded(byImport.token);
  });

  it('when the appointment is cancelled another way, and stays ended if it is booked again', async () => {
    const scene = await bookingScene(db, signedInClient);
    const { appointment, token } = await booked(scene, 3);
    const reason = await createCancellationReason(db);
    const cancel = await context.app.inject({
      method: 'PATCH',
      url: `/appointments/${appointment.appointmentId}/cancel?reasonId=${reason.id}`,
      headers: { authorization: scene.authorization },
    });
    expect(cancel.statusCode).toBe(200);
    await expectEnded(token);
    await rewrite(appointment.appointmentId, { status: 'Booked', cancelledAt: null });
    await expectEnded(token);
  });

  it('when the signed-in client ends all their links, and only theirs', async () => {
    const mine = await bookingScene(db, signedInClient);
    const theirs = await bookingScene(db, signedInClient);
    const [first, second] = [await booked(mine, 3), await booked(mine, 4)];
    const other = await booked(theirs, 3);
    const end = (authorization?: string) =>
      context.app.inject({
        method: 'POST',
        url: '/client/manage-links/end',
        ...(authorization ? { headers: { authorization } } : {}),
      });

    expect((await end()).statusCode).toBe(401);
    const theirsEnded = await end(theirs.authorization);
    expect(theirsEnded.statusCode).toBe(200);
    expect(theirsEnded.json()).toEqual({ ended: 1 });
    await expectEnded(other.token);
    for (const { token } of [first, second]) expect(await opens(token)).toBe(200);

    const mineEnded = await end(mine.authorization);
    expect(mineEnded.json()).toEqual({ ended: 2 });
    for (const { token } of [first, second]) await expectEnded(token);
    expect(
      (await db.select().from(appointments).where(eq(appointments.clientId, mine.client.id))).map(
        (row) => row.status,
      ),
    ).toEqual(['Booked', 'Booked']);

    // The next e-mail about the appointment carries a new link, which works.
    const moved = await amend(mine, first.appointment.appointmentId, localInstant(localDay(5), '09:00'));
    expect(moved.statusCode).toBe(200);
    expect(await opens(await linkInLatestEmailTo(mine.client.email!))).toBe(200);
    await expectEnded(first.token);
  });
});
