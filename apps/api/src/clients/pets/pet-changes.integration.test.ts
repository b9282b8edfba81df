import { bookingMessages } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import {
  editablePetSchema,
  petChangeMessages,
  petChangedConflictSchema,
  type EditablePet,
} from '@vet/contracts/pet-changes';
import { petFieldMessages } from '@vet/contracts/pet-field-messages';
import { pets } from '@vet/db/schema/clients';
import { createAppointment, createInsurer } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
} from '../../appointments/booking/testing/booking-fixtures.ts';
import {
  eventsAbout,
  probeTransactions,
  theEventWrittenWithItsRecord,
} from '../../practice-system/events/testing/event-probe.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/** R2.40 (decision 0083): editing a pet, and recording that it has died or has a new home. */
const database = useTestDatabase({ max: 20 });
const probe = probeTransactions(database.db);
const { context, signedInClient } = useSignedInTestApp({ ...database, db: probe.db });
const { db } = database;
const { book } = bookingHelpers(context, db);

const editable = async (authorization: string, petId: number) => {
  const response = await context.app.inject({ url: `/v2/pets/${petId}/edit`, headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return editablePetSchema.strict().parse(response.json());
};
const patch = (authorization: string, petId: number, payload: unknown) =>
  context.app.inject({
    method: 'PATCH',
    url: `/v2/pets/${petId}`,
    headers: { authorization },
    payload: payload as object,
  });
const depart = (authorization: string, petId: number, payload: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: `/v2/pets/${petId}/status`,
    headers: { authorization },
    payload: payload as object,
  });
const detailsOf = (pet: EditablePet) => ({
  name: pet.name,
  neutered: pet.neutered,
  microchipNumber: pet.microchipNumber,
  insurerId: pet.insurerId,
  policyNumber: pet.policyNumber,
});
const storedPet = async (petId: number) => (await db.select().from(pets).where(eq(pets.id, petId)))[0]!;

/** A signed-in client who can book, with a pet the practice knows by a reference. */
async function scene() {
  const booking = await bookingScene(db, signedInClient);
  const petRef = `P-${crypto.randomUUID().slice(0, 8)}`;
  await db
    .update(pets)
    .set({ pmsRef: petRef, microchipNumber: '941000024680135' })
    .where(eq(pets.id, booking.pet.id));
  return { ...booking, petRef };
}

describe('PATCH /v2/pets/{petId}', () => {
  it('changes the details by the registration rules and sends only what changed, in the same transaction', async () => {
    const { authorization, pet, client, petRef } = await scene();
    const insurer = await createInsurer(db);
    const before = await editable(authorization, pet.id);
    expect(before).toMatchObject({ name: 'Biscuit', neutered: false, status: 'Active' });

    const response = await patch(authorization, pet.id, {
      version: before.version,
      details: {
        ...detailsOf(before),
        name: '  Biscuit Junior ',
        neutered: true,
        insurerId: insurer.id,
        policyNumber: 'PP-123/45',
        // The species, sex and owner are not the client's to change here: dropped.
        speciesId: 999,
        sex: 'Male',
        clientId: 1,
      },
    });

    expect(response.statusCode).toBe(200);
    const after = editablePetSchema.strict().parse(response.json());
    expect(after).toMatchObject({
      name: 'Biscuit Junior',
      neutered: true,
      microchipNumber: '941000024680135',
      insurerName: insurer.name,
      policyNumber: 'PP-123/45',
      sex: before.sex,
      speciesId: before.speciesId,
    });
    expect(after.version).not.toBe(before.version);
    expect((await storedPet(pet.id)).clientId).toBe(client.id);
    const data = await theEventWrittenWithItsRecord(probe, 'pet.details_changed', pet.id);
    expect(data).toEqual({
      pet_id: pet.id,
      pet_ref: petRef,
      client_id: client.id,
      client_ref: client.pmsRef,
      changed: { name: 'Biscuit Junior', neutered: true, insurer: insurer.name, policy_number: 'PP-123/45' },
    });
  });

  it('clears a microchip, and writes nothing (no event, same version) when nothing changed', async () => {
    const { authorization, pet } = await scene();
    const before = await editable(authorization, pet.id);

    const same = await patch(authorization, pet.id, { version: before.version, details: detailsOf(before) });
    expect(same.statusCode).toBe(200);
    expect(editablePetSchema.parse(same.json()).version).toBe(before.version);
    expect(await eventsAbout(db, 'pet.details_changed', pet.id)).toEqual([]);

    const cleared = await patch(authorization, pet.id, {
      version: before.version,
      details: { ...detailsOf(before), microchipNumber: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(editablePetSchema.parse(cleared.json()).microchipNumber).toBeNull();
    const [event] = await eventsAbout(db, 'pet.details_changed', pet.id);
    expect(event!.data).toMatchObject({ changed: { microchip: null } });
  });

  it('refuses what registration refuses, field by field, and changes nothing', async () => {
    const { authorization, pet } = await scene();
    const before = await editable(authorization, pet.id);
    const refused = async (details: object, path: string, message: string) => {
      const response = await patch(authorization, pet.id, {
        version: before.version,
        details: { ...detailsOf(before), ...details },
      });
      expect(response.statusCode, JSON.stringify(details)).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues).toContainEqual({ path, message });
    };

    await refused({ name: '   ' }, 'details.name', petFieldMessages.nameRequired);
    await refused({ name: 'x'.repeat(41) }, 'details.name', petFieldMessages.nameTooLong);
    await refused({ neutered: null }, 'details.neutered', petFieldMessages.neuteredRequired);
    await refused(
      { microchipNumber: '94100002468013' },
      'details.microchipNumber',
      petFieldMessages.microchipLength(14),
    );
    await refused(
      { microchipNumber: '94100002468013A' },
      'details.microchipNumber',
      petFieldMessages.microchipDigitsOnly,
    );
    await refused(
      { policyNumber: 'PP-1', insurerId: null },
      'details.insurerId',
      petFieldMessages.insurerForPolicy,
    );
    await refused({ policyNumber: 'PP<1>' }, 'details.policyNumber', petFieldMessages.policyNumberCharacters);
    await refused({ insurerId: 2_000_000_000 }, 'details.insurerId', petFieldMessages.insurerUnknown);
    const notAVersion = await patch(authorization, pet.id, { version: 'abc', details: detailsOf(before) });
    expect(notAVersion.statusCode).toBe(400);

    expect((await editable(authorization, pet.id)).version).toBe(before.version);
    expect(await eventsAbout(db, 'pet.details_changed', pet.id)).toEqual([]);
  });

  it('answers another client’s pet exactly like a missing one, and leaves it alone', async () => {
    const mine = await scene();
    const theirs = await scene();
    const theirVersion = (await editable(theirs.authorization, theirs.pet.id)).version;
    const body = {
      version: theirVersion,
      details: { name: 'Stolen', neutered: true, microchipNumber: null, insurerId: null, policyNumber: null },
    };
    const missingId = 2_000_000_000;

    for (const [of, missing] of [
      [
        await context.app.inject({
          url: `/v2/pets/${theirs.pet.id}/edit`,
          headers: { authorization: mine.authorization },
        }),
        await context.app.inject({
          url: `/v2/pets/${missingId}/edit`,
          headers: { authorization: mine.authorization },
        }),
      ],
      [
        await patch(mine.authorization, theirs.pet.id, body),
        await patch(mine.authorization, missingId, body),
      ],
      [
        await depart(mine.authorization, theirs.pet.id, { version: theirVersion, status: 'Rehomed' }),
        await depart(mine.authorization, missingId, { version: theirVersion, status: 'Rehomed' }),
      ],
    ] as const) {
      expect(of.statusCode).toBe(404);
      expect(of.json()).toEqual(missing.json());
    }
    expect(await storedPet(theirs.pet.id)).toMatchObject({ name: 'Biscuit', status: 'Active' });
    expect((await editable(theirs.authorization, theirs.pet.id)).version).toBe(theirVersion);
  });

  it('refuses a change read before another session’s with the pet as it now is (409), not overwriting it', async () => {
    const { authorization, pet } = await scene();
    const opened = await editable(authorization, pet.id);
    const first = await patch(authorization, pet.id, {
      version: opened.version,
      details: { ...detailsOf(opened), name: 'Biscuit the First' },
    });
    expect(first.statusCode).toBe(200);

    const second = await patch(authorization, pet.id, {
      version: opened.version,
      details: { ...detailsOf(opened), neutered: true },
    });

    expect(second.statusCode).toBe(409);
    const conflict = petChangedConflictSchema.strict().parse(second.json());
    expect(conflict.message).toBe(petChangeMessages.changedElsewhere);
    expect(conflict.current).toEqual(editablePetSchema.parse(first.json()));
    expect(await storedPet(pet.id)).toMatchObject({ name: 'Biscuit the First', neutered: false });
    expect(await eventsAbout(db, 'pet.details_changed', pet.id)).toHaveLength(1);
  });

  it('lets one of two changes at the same version through; the other is refused with its result', async () => {
    const { authorization, pet } = await scene();
    const opened = await editable(authorization, pet.id);
    const answers = await Promise.all(
      ['Two', 'Three'].map((name) =>
        patch(authorization, pet.id, { version: opened.version, details: { ...detailsOf(opened), name } }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = editablePetSchema.parse(answers.find((answer) => answer.statusCode === 200)!.json());
    const lost = petChangedConflictSchema.parse(answers.find((answer) => answer.statusCode === 409)!.json());
    expect(lost.current).toEqual(won);
    expect((await storedPet(pet.id)).name).toBe(won.name);
  });

  it('treats a change the practice’s system made since the page opened as another session’s', async () => {
    const { authorization, pet } = await scene();
    const opened = await editable(authorization, pet.id);
    await db.update(pets).set({ neutered: true }).where(eq(pets.id, pet.id));

    const response = await patch(authorization, pet.id, {
      version: opened.version,
      details: { ...detailsOf(opened), name: 'Late' },
    });

    expect(response.statusCode).toBe(409);
    expect(petChangedConflictSchema.parse(response.json()).current).toMatchObject({
      neutered: true,
      name: 'Biscuit',
    });
  });
});

describe('PUT /v2/pets/{petId}/status', () => {
  it.each([
    ['Deceased', 'pet.died', bookingMessages.petDeceased],
    ['Rehomed', 'pet.rehomed', bookingMessages.petRehomed],
  ] as const)(
    'records %s with its event, keeps the pet and its history, and refuses booking and edits after',
    async (status, type, bookingRefusal) => {
      const booked = await scene();
      const { authorization, pet, client, petRef, practice, vets, reason } = booked;
      const past = await createAppointment(db, {
        practiceId: practice.id,
        clinicianId: vets[0]!.id,
        clientId: client.id,
        petId: pet.id,
        reasonId: reason.id,
        startsAt: new Date(Date.now() - 30 * 86_400_000),
        endsAt: new Date(Date.now() - 30 * 86_400_000 + 30 * 60_000),
      });
      const opened = await editable(authorization, pet.id);

      const response = await depart(authorization, pet.id, { version: opened.version, status });

      expect(response.statusCode).toBe(200);
      expect(editablePetSchema.parse(response.json())).toMatchObject({
        petId: pet.id,
        status,
        name: 'Biscuit',
      });
      const data = await theEventWrittenWithItsRecord(probe, type, pet.id);
      expect(data).toEqual({
        pet_id: pet.id,
        pet_ref: petRef,
        client_id: client.id,
        client_ref: client.pmsRef,
        status,
        recorded_at: (await storedPet(pet.id)).updatedAt.toISOString(),
      });

      const booking = await book(booked, localInstant(localDay(3), '10:00'));
      expect(booking.statusCode).toBe(403);
      expect(apiErrorSchema.parse(booking.json()).message).toBe(bookingRefusal);

      const list = await context.app.inject({ url: '/v2/pets', headers: { authorization } });
      expect(list.json()).toContainEqual(expect.objectContaining({ petId: pet.id, status }));
      const history = await context.app.inject({ url: '/appointments', headers: { authorization } });
      expect(JSON.stringify(history.json())).toContain(`"appointmentId":${past.id}`);

      const now = await editable(authorization, pet.id);
      const edit = await patch(authorization, pet.id, {
        version: now.version,
        details: { ...detailsOf(now), name: 'Again' },
      });
      expect(edit.statusCode).toBe(403);
      expect(apiErrorSchema.parse(edit.json()).message).toBe(petChangeMessages.noLongerActive);
      const again = await depart(authorization, pet.id, { version: now.version, status: 'Deceased' });
      expect(again.statusCode).toBe(403);
      expect(await eventsAbout(db, 'pet.details_changed', pet.id)).toEqual([]);
    },
  );

  it('refuses a stale version with the current pet, and a status other than died or rehomed', async () => {
    const { authorization, pet } = await scene();
    const opened = await editable(authorization, pet.id);
    await patch(authorization, pet.id, {
      version: opened.version,
      details: { ...detailsOf(opened), name: 'Newer' },
    });

    const stale = await depart(authorization, pet.id, { version: opened.version, status: 'Rehomed' });
    expect(stale.statusCode).toBe(409);
    expect(petChangedConflictSchema.parse(stale.json()).current).toMatchObject({
      name: 'Newer',
      status: 'Active',
    });

    const current = await editable(authorization, pet.id);
    const active = await depart(authorization, pet.id, { version: current.version, status: 'Active' });
    expect(active.statusCode).toBe(400);
    expect((await storedPet(pet.id)).status).toBe('Active');
    expect(await eventsAbout(db, 'pet.rehomed', pet.id)).toEqual([]);
  });
});
