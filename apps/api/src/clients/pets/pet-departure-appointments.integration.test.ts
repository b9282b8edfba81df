import { appointmentsResponseSchema } from '@vet/contracts/appointments';
import { bookingMessages } from '@vet/contracts/booking-rules';
import { apiErrorSchema } from '@vet/contracts/errors';
import { editablePetSchema, type PetDeparture } from '@vet/contracts/pet-changes';
import { appointments } from '@vet/db/schema/appointments';
import { pets } from '@vet/db/schema/clients';
import { earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { createAppointment } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
} from '../../appointments/booking/testing/booking-fixtures.ts';
import { eventsAbout } from '../../practice-system/events/testing/event-probe.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/** Decision 0099: a pet that has died or has a new home keeps no booked appointment, watch or action. */
const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, amend, latestEmailTo } = bookingHelpers(context, db);

/**
 * The portal's own reasons for it, as `npm run lists` loads them from cancellation-reasons.csv. The run's
 * database is shared: another file may have loaded the lists already, so an entry is taken if it is there.
 */
async function portalReason(description: string, code: string): Promise<number> {
  await database.pool.query(
    `insert into cancellation_reasons (description, source, code) values ($1, 'portal', $2)
     on conflict do nothing`,
    [description, code],
  );
  const { rows } = await database.pool.query<{ id: number }>(
    `select id from cancellation_reasons where source = 'portal' and code = $1`,
    [code],
  );
  return rows[0]!.id;
}
const reasons = {} as Record<PetDeparture, number>;
beforeAll(async () => {
  reasons.Deceased = await portalReason('My pet has passed away', 'pet-passed-away');
  reasons.Rehomed = await portalReason('My pet has gone to a new home', 'pet-rehomed');
});

const editable = async (authorization: string, petId: number) => {
  const response = await context.app.inject({ url: `/v2/pets/${petId}/edit`, headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return editablePetSchema.parse(response.json());
};
const depart = async (authorization: string, petId: number, status: PetDeparture) => {
  const { version } = await editable(authorization, petId);
  return context.app.inject({
    method: 'PUT',
    url: `/v2/pets/${petId}/status`,
    headers: { authorization },
    payload: { version, status },
  });
};
const watch = (authorization: string, appointmentId: number, latestDate: string) =>
  context.app.inject({
    method: 'PUT',
    url: `/appointments/${appointmentId}/earlier-times`,
    headers: { authorization },
    payload: { latestDate },
  });
const stored = async (appointmentId: number) =>
  (await db.select().from(appointments).where(eq(appointments.id, appointmentId)))[0]!;

describe('a pet’s death or new home and its appointments', () => {
  it.each(['Deceased', 'Rehomed'] as const)(
    'cancels its booked appointments to come (%s) as a client cancels them, ends their watches, keeps the past',
    async (status) => {
      const scene = await bookingScene(db, signedInClient);
      const { authorization, client, pet, practice, vets, reason } = scene;
      const first = await book(scene, localInstant(localDay(3), '10:00'));
      const second = await book(scene, localInstant(localDay(5), '11:00'));
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      const ids = [first.json<{ appointmentId: number }>(), second.json<{ appointmentId: number }>()].map(
        (body) => body.appointmentId,
      );
      expect((await watch(authorization, ids[1]!, localDay(4))).statusCode).toBe(200);
      const past = await createAppointment(db, {
        practiceId: practice.id,
        clinicianId: vets[0]!.id,
        clientId: client.id,
        petId: pet.id,
        reasonId: reason.id,
        startsAt: new Date(Date.now() - 7 * 86_400_000),
        endsAt: new Date(Date.now() - 7 * 86_400_000 + 30 * 60_000),
      });
      // The dialog says how many it will cancel.
      expect((await editable(authorization, pet.id)).bookedAppointments).toBe(2);

      const response = await depart(authorization, pet.id, status);

      expect(response.statusCode).toBe(200);
      expect(editablePetSchema.parse(response.json()).bookedAppointments).toBe(0);
      for (const id of ids) {
        expect(await stored(id)).toMatchObject({
          status: 'Cancelled',
          cancellationReasonId: reasons[status],
        });
        expect(await eventsAbout(db, 'appointment.cancelled', id)).toHaveLength(1);
      }
      expect((await stored(past.id)).status).toBe('Booked');
      const [request] = await db
        .select({ status: earlierTimeRequests.status })
        .from(earlierTimeRequests)
        .where(eq(earlierTimeRequests.appointmentId, ids[1]!));
      expect(request?.status).toBe('Ended');
      expect((await latestEmailTo(client.email!))?.subject).toMatch(/cancel/i);

      const list = await context.app.inject({ url: '/appointments', headers: { authorization } });
      const listed = appointmentsResponseSchema.parse(list.json());
      expect(listed.filter((row) => ids.includes(row.appointmentId))).toEqual([
        expect.objectContaining({ status: 'Cancelled', petStatus: status, earlierTimes: null }),
        expect.objectContaining({ status: 'Cancelled', petStatus: status, earlierTimes: null }),
      ]);
    },
  );

  it('refuses to move or watch an appointment that remains for the pet (403), and still cancels it', async () => {
    const scene = await bookingScene(db, signedInClient);
    const { authorization, client, pet, practice, vets, reason } = scene;
    expect((await depart(authorization, pet.id, 'Deceased')).statusCode).toBe(200);
    // One the practice booked at its desk afterwards, and keeps.
    const startsAt = localInstant(localDay(4), '14:00');
    const kept = await createAppointment(db, {
      practiceId: practice.id,
      clinicianId: vets[0]!.id,
      clientId: client.id,
      petId: pet.id,
      reasonId: reason.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    });

    const moved = await amend(scene, kept.id, localInstant(localDay(5), '10:00'));
    const watched = await watch(authorization, kept.id, localDay(3));

    for (const refused of [moved, watched]) {
      expect(refused.statusCode).toBe(403);
      expect(apiErrorSchema.parse(refused.json()).message).toBe(bookingMessages.petDeceased);
    }
    expect(await stored(kept.id)).toMatchObject({ status: 'Booked', startsAt });
    const [request] = await db
      .select({ id: earlierTimeRequests.id })
      .from(earlierTimeRequests)
      .where(eq(earlierTimeRequests.appointmentId, kept.id));
    expect(request).toBeUndefined();
    const booking = await book(scene, localInstant(localDay(6), '10:00'));
    expect(booking.statusCode).toBe(403);
    expect((await db.select().from(pets).where(eq(pets.id, pet.id)))[0]!.status).toBe('Deceased');

    // Cancelling frees the time and tells the practice, as for any pet (decision 0066).
    const cancelled = await context.app.inject({
      method: 'PATCH',
      url: `/appointments/${kept.id}/cancel?reasonId=${reasons.Deceased}`,
      headers: { authorization },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await eventsAbout(db, 'appointment.cancelled', kept.id)).toHaveLength(1);
  });
});
