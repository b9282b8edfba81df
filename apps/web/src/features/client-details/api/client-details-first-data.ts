import type { DehydratedState } from '@tanstack/react-query';
import { firstData } from '@/shared/query/first-data';
import { getClientDetailsOnServer } from './get-client-details-on-server';
import { clientDetailsQueryKey } from './query-keys';

/**
 * Your details' first data (decision 0031): the client's record in the first HTML, so the form is part
 * of the first paint (no spinner, no footer moving when it arrives); left out when the API refuses (not
 * linked yet) or cannot answer, and the browser asks as before.
 */
export async function clientDetailsFirstData(): Promise<DehydratedState> {
  return firstData([[clientDetailsQueryKey, await getClientDetailsOnServer()]]);
}
