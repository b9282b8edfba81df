import { apiErrorSchema } from '@vet/contracts/errors';
import { mergeSchema } from '@vet/contracts/integration-acknowledgements';
import { appointments } from '@vet/db/schema/appointments';
import { clients, contactPreferences, pets } from '@vet/db/schema/clients';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { vaccinations } from '@vet/db/schema/vaccinations';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createReason,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { mergeRequest } from './testing/merge-request.ts';
import { clientRowsOnMerge, petRowsOnMerge } from './merge-repository.ts';

/**
 * Decision 0113: the practice says a client (or pet) born online is its own record of a reference. With
 * no record of it, the reference is stored; with the practice's duplicate, that is merged into the record
 * born online, which keeps its id, sign-in and details; with any other holder, 409 naming only the code.
 */
const database = useTestDatabase();
const { db } = database;
const app = useSignedInTestApp(database);
const { context, signedInClient } = app;
const unique = () => crypto.randomUUID().slice(0, 8);

const merge = mergeRequest(app);

/** The practice's own client of this reference (imported: no online account), its pet and appointment. */
async function practiceClient(practiceId: number, ref = `C-${unique()}`) {
  const client = await createClient(db, { pmsRef: ref, homePracticeId: practiceId, firstName: 'Imported' });
  const pet = await createPet(db, { clientId: client.id, pmsRef: `P-${unique()}` });
  const clinician = await createClinician(db, { practiceId });
  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  const appointment = await createAppointment(db, {
    practiceId,
    clinicianId: clinician.id,
    clientId: client.id,
    petId: pet.id,
    reasonId: (await createReason(db)).id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 15 * 60_000),
  });
  return { client, pet, appointment, ref };
}

const clientRow = async (id: number) => (await db.select().from(clients).where(eq(clients.id, id)))[0];
const codeOf = (response: { json: () => unknown }) => apiErrorSchema.parse(response.json()).code;

describe('POST /integration/v1/clients/online/{client_id}/merge', () => {
  it('merges the practice’s client into the one born online: their pets and appointments move, the client’s sign-in and details stay', async () => {
    const { client: online, authorization } = await signedInClient();
    await db
      .insert(contactPreferences)
      .values({ clientId: online.id, purpose: 'reminders', channel: 'email', optedIn: true });
    const onlinePet = await createPet(db, { clientId: online.id, registeredOnline: true });
    const duplicate = await practiceClient(online.homePracticeId);
    const before = await context.app.inject({ method: 'GET', url: '/client', headers: { authorization } });
    const rowBefore = await clientRow(online.id);

    const response = await merge('clients', online.id, duplicate.ref);
    expect(response.statusCode, response.body).toBe(200);
    expect(mergeSchema.parse(response.json())).toEqual({
      outcome: 'merged',
      id: online.id,
      ref: duplicate.ref,
      merged_id: duplicate.client.id,
    });

    expect(await clientRow(duplicate.client.id)).toBeUndefined();
    const rowAfter = await clientRow(online.id);
    expect(rowAfter).toMatchObject({ pmsRef: duplicate.ref, firstName: rowBefore!.firstName });
    expect(rowAfter?.updatedAt).toEqual(rowBefore!.updatedAt);
    const petsNow = await db.select({ id: pets.id }).from(pets).where(eq(pets.clientId, online.id));
    expect(petsNow.map((p) => p.id).sort()).toEqual([onlinePet.id, duplicate.pet.id].sort());
    const [moved] = await db
      .select({ clientId: appointments.clientId })
      .from(appointments)
      .where(eq(appointments.id, duplicate.appointment.id));
    expect(moved).toEqual({ clientId: online.id });
    const preferences = await db
      .select({ optedIn: contactPreferences.optedIn })
      .from(contactPreferences)
      .where(eq(contactPreferences.clientId, online.id));
    expect(preferences).toEqual([{ optedIn: true }]);

    // The client signs in as before and sees their own details as they were.
    const after = await context.app.inject({ method: 'GET', url: '/client', headers: { authorization } });
    expect([after.statusCode, after.json()]).toEqual([200, before.json()]);
    const linked = await db
      .select({ data: practiceEvents.data })
      .from(practiceEvents)
      .where(and(eq(practiceEvents.type, 'client.linked'), eq(practiceEvents.recordId, online.id)));
    expect(linked).toEqual([{ data: expect.objectContaining({ client_ref: duplicate.ref }) as unknown }]);

    const again = await merge('clients', online.id, duplicate.ref);
    expect(again.json()).toEqual({
      outcome: 'unchanged',
      id: online.id,
      ref: duplicate.ref,
      merged_id: null,
    });
  });

  it('stores a reference no record has, as an acknowledgement does', async () => {
    const { client } = await signedInClient();
    const ref = `C-${unique()}`;
    const response = await merge('clients', client.id, ref);
    expect(response.json()).toEqual({ outcome: 'applied', id: client.id, ref, merged_id: null });
    expect((await clientRow(client.id))?.pmsRef).toBe(ref);
  });

  it('refuses a reference another online client holds (409 reference_taken), naming only the code', async () => {
    const ref = `C-${unique()}`;
    const { client: holder } = await signedInClient({ pmsRef: ref });
    const { client } = await signedInClient();
    const response = await merge('clients', client.id, ref);
    expect(response.statusCode).toBe(409);
    // Only the code and fixed words: neither the reference nor anything of the record holding it.
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Another client already has this reference: a reference names one record.',
      code: 'reference_taken',
    });
    expect((await clientRow(client.id))?.pmsRef).toBeNull();
    expect((await clientRow(holder.id))?.pmsRef).toBe(ref);
  });

  it('refuses a client with another reference (409 reference_differs), and answers 404 for an unknown id', async () => {
    const { client } = await signedInClient({ pmsRef: `C-${unique()}` });
    const duplicate = await practiceClient(client.homePracticeId);
    expect(codeOf(await merge('clients', client.id, duplicate.ref))).toBe('reference_differs');
    expect(await clientRow(duplicate.client.id)).toBeDefined();
    const unknown = await merge('clients', 2147483000, duplicate.ref);
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'not_found']);
  });
});

describe('POST /integration/v1/pets/online/{pet_id}/merge', () => {
  it('merges the client’s pet the practice has into the one registered online: its appointments and vaccinations move', async () => {
    const { client } = await signedInClient();
    const onlinePet = await createPet(db, { clientId: client.id, registeredOnline: true });
    const duplicate = await practiceClient(client.homePracticeId);
    expect((await merge('clients', client.id, duplicate.ref)).json()).toMatchObject({ outcome: 'merged' });
    const petRef = duplicate.pet.pmsRef!;
    await db.insert(vaccinations).values({
      pmsRef: `V-${unique()}`,
      petId: duplicate.pet.id,
      vaccine: 'Rabies',
      givenOn: '2026-01-10',
    });

    const response = await merge('pets', onlinePet.id, petRef);
    expect(response.json()).toEqual({
      outcome: 'merged',
      id: onlinePet.id,
      ref: petRef,
      merged_id: duplicate.pet.id,
    });
    expect(await db.select().from(pets).where(eq(pets.id, duplicate.pet.id))).toEqual([]);
    const [kept] = await db.select().from(pets).where(eq(pets.id, onlinePet.id));
    expect(kept).toMatchObject({ pmsRef: petRef, name: onlinePet.name });
    const [moved] = await db
      .select({ petId: appointments.petId })
      .from(appointments)
      .where(eq(appointments.id, duplicate.appointment.id));
    expect(moved).toEqual({ petId: onlinePet.id });
    const jabs = await db.select().from(vaccinations).where(eq(vaccinations.petId, onlinePet.id));
    expect(jabs).toHaveLength(1);
  });

  it('refuses the reference of another client’s pet (409 reference_taken) and moves nothing', async () => {
    const { client } = await signedInClient();
    const onlinePet = await createPet(db, { clientId: client.id, registeredOnline: true });
    const other = await practiceClient(client.homePracticeId);
    const response = await merge('pets', onlinePet.id, other.pet.pmsRef!);
    expect([response.statusCode, codeOf(response)]).toEqual([409, 'reference_taken']);
    const [still] = await db.select({ clientId: pets.clientId }).from(pets).where(eq(pets.id, other.pet.id));
    expect(still).toEqual({ clientId: other.client.id });
  });
});

describe('what a merge does with each table of a client’s or a pet’s rows', () => {
  it('names every table whose foreign key points at clients or pets', async () => {
    const referencing = async (table: string) =>
      (
        await database.pool.query<{ name: string }>(
          `select distinct conrelid::regclass::text as name from pg_constraint
            where contype = 'f' and confrelid = $1::regclass order by 1`,
          [table],
        )
      ).rows.map((row) => row.name);
    const named = (rows: { moved: readonly string[]; removed: readonly string[] }) =>
      [...rows.moved, ...rows.removed].sort();
    expect(await referencing('clients')).toEqual(named(clientRowsOnMerge));
    expect(await referencing('pets')).toEqual(named(petRowsOnMerge));
  });
});
