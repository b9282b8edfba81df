import type { ClientDetails, UpdateClientDetailsBody } from '@vet/contracts/client-details';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { clientDetailsQueryKey } from './query-keys';

/** POST /client: saves the signed-in client's details; answers them as saved. */
export function updateClientDetails(api: ApiClient, body: UpdateClientDetailsBody): Promise<ClientDetails> {
  return api.post<ClientDetails>('/client', { body });
}

/**
 * Saves, puts the answer in the details cache at once, and calls `onSaved` (the route refreshes the
 * profile there: the header shows the name and the home practice comes from it).
 */
export function useUpdateClientDetails(onSaved: () => Promise<void>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientDetailsBody) => updateClientDetails(api, body),
    onSuccess: async (details) => {
      queryClient.setQueryData(clientDetailsQueryKey, details);
      await onSaved();
    },
  });
}
