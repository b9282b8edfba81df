import { speciesResponseSchema, type Species } from '@vet/contracts/lookups';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/** GET /v2/species while a page renders on the server, or undefined when it cannot be had (the browser asks). */
export async function getSpeciesOnServer(): Promise<Species[] | undefined> {
  return (await getFromApiOnServer(['v2', 'species'], speciesResponseSchema)).data;
}
