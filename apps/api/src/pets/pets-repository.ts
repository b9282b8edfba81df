import type { Pet } from '@vet/contracts/pets';
import type { Database } from '@vet/db/connection';
import { pets } from '@vet/db/schema/clients';
import { breeds, colours, insurers, species } from '@vet/db/schema/lookups';
import { and, asc, eq } from 'drizzle-orm';

/** A client's pets. Every query takes the owning client's id: nothing here reaches another's pets. */
export function createPetsRepository(db: Database) {
  const query = () =>
    db
      .select({
        petId: pets.id,
        name: pets.name,
        speciesId: pets.speciesId,
        speciesName: species.name,
        breedId: pets.breedId,
        breedName: breeds.name,
        colourId: pets.colourId,
        colourName: colours.name,
        sex: pets.sex,
        neutered: pets.neutered,
        dateOfBirth: pets.dateOfBirth,
        microchipNumber: pets.microchipNumber,
        insurerId: pets.insurerId,
        insurerName: insurers.name,
        policyNumber: pets.policyNumber,
        awaitingInitialConsultation: pets.awaitingInitialConsultation,
        status: pets.status,
      })
      .from(pets)
      .innerJoin(species, eq(species.id, pets.speciesId))
      .leftJoin(breeds, eq(breeds.id, pets.breedId))
      .leftJoin(colours, eq(colours.id, pets.colourId))
      .leftJoin(insurers, eq(insurers.id, pets.insurerId));

  return {
    /** By name, ties by id (spec 7's default order). */
    listForClient(clientId: number): Promise<Pet[]> {
      return query().where(eq(pets.clientId, clientId)).orderBy(asc(pets.name), asc(pets.id));
    },

    async findForClient(clientId: number, petId: number): Promise<Pet | undefined> {
      const [row] = await query()
        .where(and(eq(pets.clientId, clientId), eq(pets.id, petId)))
        .limit(1);
      return row;
    },
  };
}
