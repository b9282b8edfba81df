import { acknowledgementSchema } from '@vet/contracts/integration-acknowledgements';
import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { createAppointment, createClinician, createPet, createReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/** Decision 0067: the practice system's reference for a record born online, by the portal's id. */
const database = useTestDatabase();
const { db } = database;
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database);

const unique = () => crypto.randomUUID().slice(0, 8);

async function put(path: string, payload: unknown) {
  return context.app.inject({
    method: 'PUT',
    url: `${integrationPathPrefix}${path}`,
    headers: { authorization: await machineAuthorization() },
    payload: payload as object,
  });
}

/** A client who signed up online, their pet registered online and an appointment they booked. */
async function bornOnline() {
  const { client } = await signedInClient();
  const pet = await createPet(db, { clientId: client.id, registeredOnline: true });
  const clinician = await createClinician(db, { practiceId: client.homePracticeId });
  const reason = await createReason(db);
  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  const appointment = await createAppointment(db, {
    practiceId: client.homePracticeId,
    clinicianId: clinician.id,
    clientId: client.id,
    petId: pet.id,
    reasonId: reason.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 15 * 60_000),
  });
  return { client, pet, appointment };
}

const storedRef = {
  clients: async (id: number) =>
    (await db.select({ ref: clients.pmsRef }).from(clients).where(eq(clients.id, id)))[0]?.ref,
  pets: async (id: number) =>
    (await db.select({ ref: pets.pmsRef }).from(pets).where(eq(pets.id, id)))[0]?.ref,
  appointments: async (id: number) =>
    (await db.select({ ref: appointments.pmsRef }).from(appointments).where(eq(appointments.id, id)))[0]?.ref,
};

const kinds = [
  { kind: 'clients', field: 'client_ref', idOf: (r: Awaited<ReturnType<typeof bornOnline>>) => r.client.id },
  { kind: 'pets', field: 'pet_ref', idOf: (r: Awaited<ReturnType<typeof bornOnline>>) => r.pet.id },
  {
    kind: 'appointments',
    field: 'appointment_ref',
    idOf: (r: Awaited<ReturnType<typeof bornOnline>>) => r.appointment.id,
  },
] as const;

describe.each(kinds)('PUT /integration/v1/$kind/online/{id}/ref', ({ kind, field, idOf }) => {
  it('stores the reference (applied), and the same again changes nothing (unchanged)', async () => {
    const id = idOf(await bornOnline());
    const ref = `ACK-${unique()}`;

    const first = await put(`/${kind}/online/${id}/ref`, { [field]: ref });
    const again = await put(`/${kind}/online/${id}/ref`, { [field]: ` ${ref} ` });

    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(acknowledgementSchema.parse(first.json())).toEqual({ outcome: 'applied', id, ref });
    expect(acknowledgementSchema.parse(again.json())).toEqual({ outcome: 'unchanged', id, ref });
    expect(await storedRef[kind](id)).toBe(ref);
  });

  it('refuses another reference for an acknowledged record (409) and keeps the first', async () => {
    const id = idOf(await bornOnline());
    const ref = `ACK-${unique()}`;
    await put(`/${kind}/online/${id}/ref`, { [field]: ref });

    const other = await put(`/${kind}/online/${id}/ref`, { [field]: `ACK-${unique()}` });

    expect(other.statusCode).toBe(409);
    expect(apiErrorSchema.parse(other.json()).message).toMatch(/already has another/);
    expect(apiErrorSchema.parse(other.json()).code).toBe('reference_differs');
    expect(await storedRef[kind](id)).toBe(ref);
  });

  it('refuses a reference another record of the kind has (409) and stores nothing', async () => {
    const [holder, record] = [idOf(await bornOnline()), idOf(await bornOnline())];
    const ref = `ACK-${unique()}`;
    await put(`/${kind}/online/${holder}/ref`, { [field]: ref });

    const taken = await put(`/${kind}/online/${record}/ref`, { [field]: ref });

    expect(taken.statusCode).toBe(409);
    expect(apiErrorSchema.parse(taken.json()).message).toMatch(/Another .* already has this reference/);
    expect(apiErrorSchema.parse(taken.json()).code).toBe('reference_taken');
    expect(await storedRef[kind](record)).toBeNull();
  });

  it('gives one of two records racing for one reference the reference, and the other 409', async () => {
    const ids = [idOf(await bornOnline()), idOf(await bornOnline())];
    const ref = `ACK-${unique()}`;

    const answers = await Promise.all(ids.map((id) => put(`/${kind}/online/${id}/ref`, { [field]: ref })));

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'reference_taken' });
    const refs = await Promise.all(ids.map((id) => storedRef[kind](id)));
    expect(refs.filter((stored) => stored === ref)).toHaveLength(1);
  });

  it('answers 404 for an unknown id, and 400 naming the field for a bad body or id', async () => {
    const unknown = await put(`/${kind}/online/2147483000/ref`, { [field]: `ACK-${unique()}` });
    const noRef = await put(`/${kind}/online/1/ref`, { other_ref: 'X' });
    const blank = await put(`/${kind}/online/1/ref`, { [field]: '   ' });
    const badId = await put(`/${kind}/online/abc/ref`, { [field]: 'X' });

    expect(unknown.statusCode).toBe(404);
    expect([noRef.statusCode, blank.statusCode, badId.statusCode]).toEqual([400, 400, 400]);
    for (const refused of [noRef, blank])
      expect(apiErrorSchema.parse(refused.json()).issues?.map((issue) => issue.path)).toEqual([field]);
  });
});

describe('acknowledgement access', () => {
  it('refuses a signed-in client (403) and nobody (401)', async () => {
    const { client, authorization } = await signedInClient();
    const url = `${integrationPathPrefix}/clients/online/${client.id}/ref`;
    const payload = { client_ref: `ACK-${unique()}` };

    const asClient = await context.app.inject({ method: 'PUT', url, headers: { authorization }, payload });
    const asNobody = await context.app.inject({ method: 'PUT', url, payload });

    expect([asClient.statusCode, asNobody.statusCode]).toEqual([403, 401]);
    expect(await storedRef.clients(client.id)).toBeNull();
  });
});
