import type { Address, AddressCandidate } from '@vet/contracts/address-lookup';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** GET /address-lookup/{serviceId}/{addressId} (R3.8): a chosen candidate in full. */
export function getAddress(
  api: ApiClient,
  candidate: Pick<AddressCandidate, 'serviceId' | 'addressId'>,
): Promise<Address> {
  const path = `/address-lookup/${encodeURIComponent(candidate.serviceId)}/${encodeURIComponent(candidate.addressId)}`;
  return api.get<Address>(path);
}

/** Fetched once, when a candidate is chosen. */
export function useGetAddress() {
  const api = useApiClient();
  return useMutation({ mutationFn: (candidate: AddressCandidate) => getAddress(api, candidate) });
}
