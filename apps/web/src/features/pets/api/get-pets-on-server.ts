import { petsResponseSchema, type Pet } from '@vet/contracts/pets';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /v2/pets while a page renders on the server, as the signed-in client: the pets, or undefined when
 * they cannot be known there (not linked yet, signed out, the API unreachable); the browser then asks.
 */
export async function getPetsOnServer(): Promise<Pet[] | undefined> {
  return (await getFromApiOnServer(['v2', 'pets'], petsResponseSchema)).data;
}
