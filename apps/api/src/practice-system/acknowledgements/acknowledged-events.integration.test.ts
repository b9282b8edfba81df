import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { addDays } from '@vet/contracts/practice-clock';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { createCancellationReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingHelpers,
  bookingScene,
  firstBookableDay,
  localInstant,
} from '../../appointments/booking/testing/booking-fixtures.ts';
import { feedEnd, readFeed, readUntil, untilSequenced } from '../event-feed/testing/feed-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/**
 * Decision 0067: once the practice system has acknowledged a client, pet and appointment born online,
 * the events the client's own changes write carry its references; those written before carry none.
 */
const database = useTestDatabase();
const { db } = database;
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database);
const { book, amend } = bookingHelpers(context, db);

const at = (time: string) => localInstant(addDays(firstBookableDay(), 2), time);
const unique = () => crypto.randomUUID().slice(0, 8);

async function acknowledge(path: string, payload: Record<string, string>) {
  const response = await context.app.inject({
    method: 'PUT',
    url: `${integrationPathPrefix}${path}`,
    headers: { authorization: await machineAuthorization() },
    payload,
  });
  expect(response.statusCode, path).toBe(200);
}

describe('events after an acknowledgement', () => {
  it('carry the practice system’s references of the client, pet and appointment', async () => {
    const after = await feedEnd(db);
    const scene = await bookingScene(db, signedInClient);
    const booked = await book(scene, at('10:00'));
    expect(booked.statusCode).toBe(201);
    const { appointmentId } = appointmentDetailSchema.parse(booked.json());
    const refs = { client_ref: `C-${unique()}`, pet_ref: `P-${unique()}`, appointment_ref: `A-${unique()}` };

    await acknowledge(`/clients/online/${scene.client.id}/ref`, { client_ref: refs.client_ref });
    await acknowledge(`/pets/online/${scene.pet.id}/ref`, { pet_ref: refs.pet_ref });
    await acknowledge(`/appointments/online/${appointmentId}/ref`, { appointment_ref: refs.appointment_ref });
    expect((await amend(scene, appointmentId, at('11:00'))).statusCode).toBe(200);
    const reason = await createCancellationReason(db);
    const cancelled = await context.app.inject({
      method: 'PATCH',
      url: `/appointments/${appointmentId}/cancel?reasonId=${reason.id}`,
      headers: { authorization: scene.authorization },
    });
    expect(cancelled.statusCode).toBe(200);

    const written = await db
      .select({ id: practiceEvents.id })
      .from(practiceEvents)
      .where(and(eq(practiceEvents.recordKind, 'appointment'), eq(practiceEvents.recordId, appointmentId)))
      .orderBy(asc(practiceEvents.id));
    await untilSequenced(
      db,
      written.map((event) => event.id),
    );
    const authorization = await machineAuthorization();
    const read = await readUntil(
      async (cursor) => readFeed(context.app, authorization, { after: cursor, limit: 1000 }),
      after,
      (events) => events.filter((event) => event.data.appointment_id === appointmentId).length >= 3,
    );
    const events = read.filter((event) => event.data.appointment_id === appointmentId);

    expect(events.map((event) => event.type)).toEqual([
      'appointment.booked',
      'appointment.amended',
      'appointment.cancelled',
    ]);
    expect(events[0]!.data).toMatchObject({ client_ref: null, pet_ref: null, appointment_ref: null });
    expect(events[1]!.data).toMatchObject(refs);
    expect(events[2]!.data).toMatchObject(refs);
  });
});
