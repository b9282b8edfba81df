import type { AddressCandidate } from '@vet/contracts/address-lookup';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** GET /address-lookup?text= (R3.8): address candidates by postcode or part of the first line. */
export async function searchAddresses(api: ApiClient, text: string): Promise<AddressCandidate[]> {
  const { addresses } = await api.get<{ addresses: AddressCandidate[] }>('/address-lookup', {
    query: { text },
  });
  return addresses;
}

/** Run when the person asks ("Find address"), not on every keystroke. */
export function useSearchAddresses() {
  const api = useApiClient();
  return useMutation({ mutationFn: (text: string) => searchAddresses(api, text) });
}
