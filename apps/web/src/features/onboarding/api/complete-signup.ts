import type { checkTokenBodySchema } from '@vet/contracts/onboarding';
import type { ClientProfile } from '@vet/contracts/profile';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/**
 * POST /signup-v2/complete-signup (R7.10): the person confirms a ChooseEmail or ChoosePostcode offer; the
 * code goes out and the answer is the profile, now STARTED.
 */
export function completeSignup(
  api: ApiClient,
  body: z.input<typeof checkTokenBodySchema>,
): Promise<ClientProfile> {
  return api.post<ClientProfile>('/signup-v2/complete-signup', { body });
}

export function useCompleteSignup() {
  const api = useApiClient();
  return useMutation({ mutationFn: (checkToken: string) => completeSignup(api, { checkToken }) });
}
