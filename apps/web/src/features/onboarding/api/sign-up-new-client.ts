import type { NewClientBody } from '@vet/contracts/onboarding';
import type { ClientProfile } from '@vet/contracts/profile';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** POST /client/signup (R4.19): creates the new client's record and links it; 201 with the profile. */
export function signUpNewClient(api: ApiClient, body: NewClientBody): Promise<ClientProfile> {
  return api.post<ClientProfile>('/client/signup', { body });
}

export function useSignUpNewClient() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: NewClientBody) => signUpNewClient(api, body) });
}
