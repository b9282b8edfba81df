import { listedAppointmentSchema } from '@vet/contracts/appointments';
import { earlierTimeRequests } from '@vet/db/schema/earlier-times';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

const database = useTestDatabase();
const { context, bearerForNewIdentity, signedInClient } = useSignedInTestApp(database);

describe('GET /appointments', () => {
  it('lists the signed-in client’s appointments oldest first, without the clinician', async () => {
    const practice = await createPractice(database.db);
    const clinician = await createClinician(database.db, { practiceId: practice.id, type: 'Nurse' });
    const reason = await createReason(database.db, {
      clinicianType: 'Nurse',
      name: `Nail clip ${crypto.randomUUID()}`,
    });
    const { client, authorization } = await signedInClient();
    const other = await createClient(database.db);
    const pet = await createPet(database.db, { clientId: client.id, name: 'Biscuit' });
    const otherPet = await createPet(database.db, { clientId: other.id });
    const at = (iso: string, minutes = 15) => ({
      startsAt: new Date(iso),
      endsAt: new Date(Date.parse(iso) + minutes * 60_000),
    });
    const common = { practiceId: practice.id, clinicianId: clinician.id, reasonId: reason.id };
    const later = await createAppointment(database.db, {
      ...common,
      clientId: client.id,
      petId: pet.id,
      ...at('2031-03-02T10:00:00Z'),
    });
    const sooner = await createAppointment(database.db, {
      ...common,
      clientId: client.id,
      petId: pet.id,
      ...at('2031-03-01T10:00:00Z'),
    });
    await createAppointment(database.db, {
      ...common,
      clientId: other.id,
      petId: otherPet.id,
      ...at('2031-03-01T11:00:00Z'),
    });

    const response = await context.app.inject({ url: '/appointments', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    const body = listedAppointmentSchema.strict().array().parse(response.json());
    expect(body.map((a) => a.appointmentId)).toEqual([sooner.id, later.id]);
    expect(body[0]).toEqual({
      appointmentId: sooner.id,
      petId: pet.id,
      petName: 'Biscuit',
      practiceId: practice.id,
      practiceName: practice.name,
      appointmentReasonId: reason.id,
      reasonName: reason.name,
      clinicianType: 'Nurse',
      // Booked without naming the clinician (decision 0141): nobody is named.
      clinicianName: null,
      startsAt: '2031-03-01T10:00:00.000Z',
      endsAt: '2031-03-01T10:15:00.000Z',
      status: 'Booked',
      earlierTimes: null,
      visitId: null,
      petStatus: 'Active',
    });
    expect(JSON.stringify(body)).not.toContain(clinician.lastName);
  });

  it('carries each appointment’s live earlier-times request, in the same answer (decision 0086)', async () => {
    const practice = await createPractice(database.db);
    const clinician = await createClinician(database.db, { practiceId: practice.id, type: 'Vet' });
    const reason = await createReason(database.db, { clinicianType: 'Vet' });
    const { client, authorization } = await signedInClient();
    const other = await createClient(database.db);
    const pet = await createPet(database.db, { clientId: client.id });
    const otherPet = await createPet(database.db, { clientId: other.id });
    const common = { practiceId: practice.id, clinicianId: clinician.id, reasonId: reason.id };
    const on = async (clientId: number, petId: number, day: number) =>
      createAppointment(database.db, {
        ...common,
        clientId,
        petId,
        startsAt: new Date(`2031-04-0${day}T10:00:00Z`),
        endsAt: new Date(`2031-04-0${day}T10:15:00Z`),
      });
    const waiting = await on(client.id, pet.id, 2);
    const offered = await on(client.id, pet.id, 3);
    const ended = await on(client.id, pet.id, 4);
    const neverAsked = await on(client.id, pet.id, 5);
    const othersWaiting = await on(other.id, otherPet.id, 6);
    const request = (
      appointmentId: number,
      clientId: number,
      latestDate: string,
      status: 'Waiting' | 'Offered' | 'Taken' | 'Ended',
    ) => ({ appointmentId, clientId, practiceId: practice.id, latestDate, status });
    await database.db.insert(earlierTimeRequests).values([
      // An ended request stays in the table beside the live one: the list answers the live one, once.
      request(waiting.id, client.id, '2031-03-20', 'Ended'),
      request(waiting.id, client.id, '2031-03-31', 'Waiting'),
      request(offered.id, client.id, '2031-04-01', 'Offered'),
      request(ended.id, client.id, '2031-04-02', 'Ended'),
      request(ended.id, client.id, '2031-04-03', 'Taken'),
      request(othersWaiting.id, other.id, '2031-04-04', 'Waiting'),
    ]);

    const response = await context.app.inject({ url: '/appointments', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    const body = listedAppointmentSchema.strict().array().parse(response.json());
    expect(body.map((a) => [a.appointmentId, a.earlierTimes])).toEqual([
      [waiting.id, { latestDate: '2031-03-31' }],
      [offered.id, { latestDate: '2031-04-01' }],
      [ended.id, null],
      [neverAsked.id, null],
    ]);

    // The same as each appointment's own GET /appointments/{id}/earlier-times answers.
    for (const appointment of body) {
      const own = await context.app.inject({
        url: `/appointments/${appointment.appointmentId}/earlier-times`,
        headers: { authorization },
      });
      expect(own.json<{ request: { latestDate: string } | null }>().request?.latestDate ?? null).toBe(
        appointment.earlierTimes?.latestDate ?? null,
      );
    }
  });

  it('answers an empty list for a linked client with no appointments', async () => {
    const { authorization } = await signedInClient();
    const response = await context.app.inject({ url: '/appointments', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses anonymous callers, and unlinked identities as every client route does', async () => {
    expect((await context.app.inject({ url: '/appointments' })).statusCode).toBe(401);
    const authorization = await bearerForNewIdentity();
    const response = await context.app.inject({ url: '/appointments', headers: { authorization } });
    const elsewhere = await context.app.inject({ url: '/v2/pets/slice', headers: { authorization } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(elsewhere.json());
  });
});
