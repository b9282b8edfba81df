import type {
  ContactPreferencesResponse,
  UpdateContactPreferencesBody,
} from '@vet/contracts/contact-preferences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { clientDetailsQueryKey, contactPreferencesQueryKey } from './query-keys';

/** PUT /client/contact-preferences: saves (or confirms unchanged) every purpose × channel. */
export function updateContactPreferences(
  api: ApiClient,
  body: UpdateContactPreferencesBody,
): Promise<ContactPreferencesResponse> {
  return api.put<ContactPreferencesResponse>('/client/contact-preferences', { body });
}

/**
 * R7.4: afterwards the client-details and preferences caches are refreshed, exactly those two, and the
 * profile through `onSaved` (its requireContactPreferencesUpdate has just turned false).
 */
export function useUpdateContactPreferences(onSaved: () => Promise<void>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContactPreferencesBody) => updateContactPreferences(api, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(contactPreferencesQueryKey, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientDetailsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: contactPreferencesQueryKey, exact: true }),
        onSaved(),
      ]);
    },
  });
}
