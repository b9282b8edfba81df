import type { SignupCheckResponse, signupCheckQuerySchema } from '@vet/contracts/onboarding';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

export type SignupCheckQuery = z.output<typeof signupCheckQuerySchema>;

/**
 * GET /signup/check (R7.10): looks for the signed-in person's record at the practice. A GET, but not a
 * query to cache: a match e-mails a code (R4.16), so it runs once per submit, as a mutation.
 */
export function checkSignup(api: ApiClient, query: SignupCheckQuery): Promise<SignupCheckResponse> {
  return api.get<SignupCheckResponse>('/signup/check', { query });
}

export function useCheckSignup() {
  const api = useApiClient();
  return useMutation({ mutationFn: (query: SignupCheckQuery) => checkSignup(api, query) });
}
