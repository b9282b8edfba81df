import type { verifyBodySchema } from '@vet/contracts/onboarding';
import type { ClientProfile } from '@vet/contracts/profile';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

export type VerifyBody = z.input<typeof verifyBodySchema>;

/**
 * PATCH /client/verify (R4.17): the code (and the client id when it came with the e-mailed link) links
 * the signed-in identity to the client record; the answer is the profile, now COMPLETED.
 */
export function verifyClient(api: ApiClient, body: VerifyBody): Promise<ClientProfile> {
  return api.patch<ClientProfile>('/client/verify', { body });
}

export function useVerifyClient() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: VerifyBody) => verifyClient(api, body) });
}
