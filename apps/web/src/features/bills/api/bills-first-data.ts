import type { DehydratedState } from '@tanstack/react-query';
import { billsPageSchema, estimateDetailSchema } from '@vet/contracts/bills';
import type { ActivationStatus } from '@vet/contracts/profile';
import { getFromApiOnServer } from '@/shared/bff/server-api';
import { firstData } from '@/shared/query/first-data';
import { billsListQueryKey, estimateQueryKey } from './bills-query-key';

/**
 * /bills's first page for its HTML (decision 0031), as the browser's infinite query holds it (one page,
 * asked without a cursor), for the pet in the URL's filter. R4.2: asked only for a linked client; left
 * out when the API cannot give it, and the browser asks.
 */
export async function billsFirstData(
  activationStatus: ActivationStatus | undefined,
  petId: number | null,
): Promise<DehydratedState> {
  if (activationStatus !== 'COMPLETED') return firstData([]);
  const query = petId === null ? undefined : { petId: String(petId) };
  const { data } = await getFromApiOnServer(['v2', 'bills'], billsPageSchema, query);
  return firstData([[billsListQueryKey(petId), data && { pages: [data], pageParams: [undefined] }]]);
}

/**
 * An estimate for its page's HTML: 'not-found' for an id that is not the client's (missing, another
 * client's, not an id: the API answers 404 alike), so the page is the 404 before anything is sent.
 */
export async function estimateFirstData(
  estimateId: number | null,
): Promise<{ state: DehydratedState; notFound: boolean }> {
  if (estimateId === null) return { state: firstData([]), notFound: true };
  const { status, data } = await getFromApiOnServer(
    ['v2', 'bills', 'estimates', String(estimateId)],
    estimateDetailSchema,
  );
  return { state: firstData([[estimateQueryKey(estimateId), data]]), notFound: status === 404 };
}

/** A positive whole number from a URL, or null (the API's serial ids). */
export function billIdOf(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
