import type { DehydratedState } from '@tanstack/react-query';
import type { ActivationStatus } from '@vet/contracts/profile';
import { getSalutationsOnServer } from '@/shared/lookups/get-salutations-on-server';
import { salutationsQueryKey } from '@/shared/lookups/salutations-query-key';
import { firstData } from '@/shared/query/first-data';
import { getClientDetailsOnServer } from './get-client-details-on-server';
import { getContactPreferencesOnServer } from './get-contact-preferences-on-server';
import { clientDetailsQueryKey, contactPreferencesQueryKey } from './query-keys';

/**
 * Your details' first data (decision 0031): the client's record and the titles its form offers in the
 * first HTML, so the form is part of the first paint (no spinner, no title field waiting for its list,
 * no footer moving when they arrive); each left out when the API refuses (not linked yet) or cannot
 * answer, and the browser asks as before.
 */
export async function clientDetailsFirstData(): Promise<DehydratedState> {
  const [details, salutations] = await Promise.all([getClientDetailsOnServer(), getSalutationsOnServer()]);
  return firstData([
    [clientDetailsQueryKey, details],
    [salutationsQueryKey, salutations],
  ]);
}

/**
 * The contact preferences page's first data: the client's preferences, where R4.3's redirect lands
 * straight after sign-in, so the form arrives with the page rather than after a spinner. Asked only once
 * activation is COMPLETED, as the browser's query waits for it (R4.2; the page passes the profile's status).
 */
export async function contactPreferencesFirstData(
  activationStatus: ActivationStatus | undefined,
): Promise<DehydratedState> {
  if (activationStatus !== 'COMPLETED') return firstData([]);
  return firstData([[contactPreferencesQueryKey, await getContactPreferencesOnServer()]]);
}
