import type { EditablePet } from '@vet/contracts/pet-changes';
import type { Pet, PetSlice, PetSortField, RegisterPetBody } from '@vet/contracts/pets';
import type { Database, Executor } from '@vet/db/connection';
import { clients, pets } from '@vet/db/schema/clients';
import { recordedText } from '@vet/db/schema/practice-list-values';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { type Identity, linkedToIdentity, recordsOfLinkedClient } from '../../platform/index.ts';
import { type LookupIds, type LookupNames, withLookupNames } from '../../reference/index.ts';

/**
 * R7.8: each sort field ascending, then the id: the one place pets are sorted; every screen shows them
 * in the order the API gives. Names ignore case; pets without a date of birth come last.
 */
const orderings: Record<PetSortField, SQL[]> = {
  name: [asc(sql`lower(${pets.name})`)],
  dateOfBirth: [asc(pets.dateOfBirth)],
  petId: [],
};
const orderBy = (sortBy: PetSortField) => [...orderings[sortBy], asc(pets.id)];

/** A pet as read, before its lookups are named. */
type PetRow = Omit<Pet, 'speciesName' | 'breedName' | 'colourName' | 'insurerName'>;

/** A pet's own columns: its lookups' names come from the lists held in process (decision 0090). */
const petColumns = {
  petId: pets.id,
  name: pets.name,
  speciesId: pets.speciesId,
  breedId: pets.breedId,
  colourId: pets.colourId,
  sex: pets.sex,
  neutered: pets.neutered,
  dateOfBirth: pets.dateOfBirth,
  microchipNumber: pets.microchipNumber,
  insurerId: pets.insurerId,
  policyNumber: pets.policyNumber,
  awaitingInitialConsultation: pets.awaitingInitialConsultation,
  status: pets.status,
  breedCross: pets.breedCross,
  recorded: {
    species: recordedText(pets.speciesValueId),
    breed: recordedText(pets.breedValueId),
    colour: recordedText(pets.colourValueId),
    insurer: recordedText(pets.insurerValueId),
  },
};

/** A client's pets. Every query takes the owning client's id: nothing here reaches another's pets. */
export function createPetsRepository(db: Database, lookupNames: LookupNames) {
  const query = <T extends SelectedFields>(extra: T) => db.select({ ...petColumns, ...extra }).from(pets);
  /** The rows with their lookups' names (every id a pet refers to exists: foreign keys). */
  const named = async <Row extends LookupIds>(rows: Row[]) => {
    const names = await lookupNames.naming(rows);
    return rows.map((row) => withLookupNames(row, names));
  };

  // The pets list is read on most pages: prepared statements, one per order, built once, that find the
  // client from the signed-in identity (decision 0037): the linked client (at most one,
  // clients_identity_uq) left-joined to its pets, so a linked client without pets is one row of nulls and
  // an identity not linked is no row at all.
  const prepareListOfIdentity = (sortBy: PetSortField) =>
    db
      .select({ ...petColumns, linkedClientId: clients.id })
      .from(clients)
      .leftJoin(pets, eq(pets.clientId, clients.id))
      .where(linkedToIdentity())
      .orderBy(...orderBy(sortBy))
      .prepare(`pets_of_identity_by_${sortBy}`);
  const listOfIdentityQueries = {
    name: prepareListOfIdentity('name'),
    dateOfBirth: prepareListOfIdentity('dateOfBirth'),
    petId: prepareListOfIdentity('petId'),
  } satisfies Record<PetSortField, unknown>;

  return {
    /**
     * The pets of the client linked to the identity, in the order asked for; undefined when the identity
     * is not linked to a client. The identity's own issuer and subject scope the statement.
     */
    async listForIdentity(identity: Identity, sortBy: PetSortField = 'name'): Promise<Pet[] | undefined> {
      const rows = await listOfIdentityQueries[sortBy].execute({
        issuer: identity.issuer,
        subject: identity.subject,
      });
      // A pet's species is never null: pets.species_id is NOT NULL, with a foreign key.
      const records = recordsOfLinkedClient(rows, 'petId') as PetRow[] | undefined;
      return records && named(records);
    },

    /** R3.6: the first `take` pets in that order, and how many the client has in all (one query). */
    async sliceForClient(clientId: number, sortBy: PetSortField, take: number): Promise<PetSlice> {
      // The window counts every row of the client before the limit cuts the slice.
      const rows = await query({ total: sql<number>`cast(count(*) over () as integer)` })
        .where(eq(pets.clientId, clientId))
        .orderBy(...orderBy(sortBy))
        .limit(take);
      return {
        total: rows[0]?.total ?? 0,
        slicedData: await named(rows.map(({ total: _total, ...pet }) => pet)),
      };
    },

    async findForClient(clientId: number, petId: number): Promise<Pet | undefined> {
      const [row] = await query({})
        .where(and(eq(pets.clientId, clientId), eq(pets.id, petId)))
        .limit(1);
      return row && (await named([row]))[0];
    },

    /**
     * The client's pet with its version (xmin: decision 0083), as a change must name it, and its booked
     * appointments still to come, which its departure would cancel (decision 0099).
     */
    async findEditableForClient(clientId: number, petId: number): Promise<EditablePet | undefined> {
      const [row] = await query({
        version: sql<string>`${pets}.xmin::text`,
        // The table named: inside a select list drizzle writes a column without it.
        bookedAppointments: sql<number>`(select cast(count(*) as integer) from appointments a
          where a.pet_id = ${pets}.id and a.status = 'Booked' and a.starts_at > now())`,
      })
        .where(and(eq(pets.clientId, clientId), eq(pets.id, petId)))
        .limit(1);
      return row && (await named([row]))[0];
    },
  };
}

export type PetsRepository = ReturnType<typeof createPetsRepository>;

/** What an owner tells of a pet they register online; the guest flow knows only the first three. */
export type OnlineRegisteredPet = Pick<RegisterPetBody, 'name' | 'speciesId' | 'sex'> &
  Partial<Omit<RegisterPetBody, 'name' | 'speciesId' | 'sex'>>;

/**
 * A pet registered online by its owner (R3.5), in the caller's transaction: active, and awaiting its
 * initial consultation until that has taken place. Only the known fields are written; the owner is the
 * caller's client. Online registration and a completed guest hold both register their pet here, within
 * the new pets of a day (registerNewPet, new-pets.ts).
 */
export async function insertPetRegisteredOnline(
  executor: Executor,
  clientId: number,
  pet: OnlineRegisteredPet,
) {
  const [row] = await executor
    .insert(pets)
    .values({
      clientId,
      name: pet.name,
      speciesId: pet.speciesId,
      breedId: pet.breedId,
      colourId: pet.colourId,
      sex: pet.sex,
      neutered: pet.neutered,
      dateOfBirth: pet.dateOfBirth,
      microchipNumber: pet.microchipNumber,
      insurerId: pet.insurerId,
      policyNumber: pet.policyNumber,
      status: 'Active',
      awaitingInitialConsultation: true,
      registeredOnline: true,
    })
    .returning(registeredOnlineColumns);
  if (!row) throw new Error('pet not inserted');
  return row;
}

/**
 * A name (of a species, breed, colour, insurer) or the owner's practice-system reference, read by the
 * pet's insert for its pet.registered event (pets.csv names lists by name). Written out in full: inside
 * `returning`, drizzle names columns without their table.
 */
const nameOf = (table: string, column: string, field = 'name') =>
  sql<string | null>`(select ${sql.raw(field)} from ${sql.raw(table)} where id = pets.${sql.raw(column)})`;

/** What a pet registered online is, as its event tells the practice system. */
const registeredOnlineColumns = {
  id: pets.id,
  pmsRef: pets.pmsRef,
  clientId: pets.clientId,
  clientRef: nameOf('clients', 'client_id', 'pms_ref'),
  name: pets.name,
  species: sql<string>`(select name from species where id = pets.species_id)`,
  breed: nameOf('breeds', 'breed_id'),
  colour: nameOf('colours', 'colour_id'),
  sex: pets.sex,
  neutered: pets.neutered,
  dateOfBirth: pets.dateOfBirth,
  microchip: pets.microchipNumber,
  insurer: nameOf('insurers', 'insurer_id'),
  policyNumber: pets.policyNumber,
  awaitingInitialConsultation: pets.awaitingInitialConsultation,
};
export type RegisteredOnlineRow = Awaited<ReturnType<typeof insertPetRegisteredOnline>>;
