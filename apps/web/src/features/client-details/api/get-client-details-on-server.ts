import { clientDetailsSchema, type ClientDetails } from '@vet/contracts/client-details';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /client while a page renders on the server, as the signed-in client: the details, or undefined
 * when they cannot be known there (not linked yet, signed out, the API unreachable); the browser then asks.
 */
export async function getClientDetailsOnServer(): Promise<ClientDetails | undefined> {
  return (await getFromApiOnServer(['client'], clientDetailsSchema)).data;
}
