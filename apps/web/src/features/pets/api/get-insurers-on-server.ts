import { insurersResponseSchema, type Insurer } from '@vet/contracts/lookups';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/** GET /v2/insurers while a page renders on the server, or undefined when it cannot be had (the browser asks). */
export async function getInsurersOnServer(): Promise<Insurer[] | undefined> {
  return (await getFromApiOnServer(['v2', 'insurers'], insurersResponseSchema)).data;
}
