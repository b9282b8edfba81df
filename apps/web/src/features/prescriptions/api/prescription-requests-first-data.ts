import type { DehydratedState } from '@tanstack/react-query';
import type { ActivationStatus } from '@vet/contracts/profile';
import { prescriptionRequestsSchema } from '@vet/contracts/prescription-requests';
import { getFromApiOnServer } from '@/shared/bff/server-api';
import { firstData } from '@/shared/query/first-data';
import { prescriptionRequestsQueryKey } from './prescription-requests-query-key';

/**
 * The client's repeat prescription requests for /drug-request's first HTML (decision 0031), under the key
 * the browser's query reads. R4.2: asked for only once activation is COMPLETED (the page passes the
 * profile's status), as the API would refuse anyone else; left out when the API cannot give them, and
 * the browser asks as before.
 */
export async function prescriptionRequestsFirstData(
  activationStatus: ActivationStatus | undefined,
): Promise<DehydratedState> {
  if (activationStatus !== 'COMPLETED') return firstData([]);
  const { data } = await getFromApiOnServer(['prescription-requests'], prescriptionRequestsSchema);
  return firstData([[prescriptionRequestsQueryKey, data]]);
}
