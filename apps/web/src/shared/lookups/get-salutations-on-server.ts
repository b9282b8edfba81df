import { salutationsResponseSchema, type Salutation } from '@vet/contracts/lookups';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /lookup/salutations while a page renders on the server, or undefined when it cannot be had (the
 * browser asks).
 */
export async function getSalutationsOnServer(): Promise<Salutation[] | undefined> {
  return (await getFromApiOnServer(['lookup', 'salutations'], salutationsResponseSchema)).data;
}
