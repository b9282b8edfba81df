import { appointmentSummarySchema } from '@vet/contracts/appointments';
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
import { useSignedInTestApp } from '../testing/signed-in-app.ts';

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
    const body = appointmentSummarySchema.strict().array().parse(response.json());
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
      startsAt: '2031-03-01T10:00:00.000Z',
      endsAt: '2031-03-01T10:15:00.000Z',
      status: 'Booked',
    });
    expect(JSON.stringify(body)).not.toContain(clinician.lastName);
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
