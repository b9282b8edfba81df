import { petSchema, type Pet } from '@vet/contracts/pets';
import { cache } from 'react';
import { getFromApiOnServer } from '@/shared/bff/server-api';
import { parsePetId } from '@/features/pets/pet-id';

/**
 * GET /v2/pets/{petId} while the page renders on the server (for its title): the pet; 'not-found' when
 * the id is not one of the client's pets (missing, another client's, or not an id at all); undefined
 * when it cannot be known there (signed out, the API unreachable). Asked once per request (the title and
 * the page both want it).
 */
export const getPetOnServer = cache(async (id: string): Promise<Pet | 'not-found' | undefined> => {
  const petId = parsePetId(id);
  if (petId === null) return 'not-found';
  const { status, data } = await getFromApiOnServer(['v2', 'pets', String(petId)], petSchema);
  if (status === 404) return 'not-found';
  return data;
});
