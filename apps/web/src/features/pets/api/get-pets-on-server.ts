import { petsResponseSchema, type Pet } from '@vet/contracts/pets';
import { cache } from 'react';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /v2/pets while a page renders on the server, as the signed-in client: the pets, or undefined when
 * they cannot be known there (not linked yet, signed out, the API unreachable); the browser then asks.
 * Asked once per request (the frame's drawer and the dashboard both read them).
 */
export const getPetsOnServer = cache(async (): Promise<Pet[] | undefined> => {
  return (await getFromApiOnServer(['v2', 'pets'], petsResponseSchema)).data;
});
