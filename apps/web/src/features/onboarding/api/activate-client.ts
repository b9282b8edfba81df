import type { activateBodySchema } from '@vet/contracts/onboarding';
import type { ClientProfile } from '@vet/contracts/profile';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

export type ActivateBody = z.input<typeof activateBodySchema>;

/** PATCH /client/activate (R4.18): the practice's invitation links the signed-in identity; the profile. */
export function activateClient(api: ApiClient, body: ActivateBody): Promise<ClientProfile> {
  return api.patch<ClientProfile>('/client/activate', { body });
}

export function useActivateClient() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: ActivateBody) => activateClient(api, body) });
}
