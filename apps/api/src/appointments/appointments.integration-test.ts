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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp } from '../testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../testing/test-identity-provider.ts';

const database = useTestDatabase();
let provider: TestIdentityProvider;
let app: App;

beforeAll(async () => {
  provider = await startTestIdentityProvider();
  app = await buildTestApp(database, { env: trustingEnv(provider) });
});
afterAll(async () => {
  await app.close();
  await provider.close();
});

describe('GET /appointments', () => {
  it('lists the signed-in client’s appointments oldest first, without the clinician', async () => {
    const practice = await createPractice(database.db);
    const clinician = await createClinician(database.db, { practiceId: practice.id, type: 'Nurse' });
    const reason = await createReason(database.db, {
      clinicianType: 'Nurse',
      name: `Nail clip ${crypto.randomUUID()}`,
    });
    const subject = `subject-${crypto.randomUUID()}`;
    const client = await createClient(database.db, {
      identityIssuer: provider.issuer,
      identitySubject: subject,
    });
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

    const token = await provider.sign({ claims: { sub: subject } });
    const response = await app.inject({
      url: '/appointments',
      headers: { authorization: `Bearer ${token}` },
    });
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

  it('refuses anonymous callers and unlinked identities', async () => {
    expect((await app.inject({ url: '/appointments' })).statusCode).toBe(401);
    const token = await provider.sign({ claims: { sub: `subject-${crypto.randomUUID()}` } });
    const response = await app.inject({
      url: '/appointments',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
  });
});
