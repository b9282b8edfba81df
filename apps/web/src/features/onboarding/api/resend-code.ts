import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** POST /signup/resend (R7.10, no body): a new code for the signed-in person's pending verification. 204. */
export function resendCode(api: ApiClient): Promise<undefined> {
  return api.post<undefined>('/signup/resend');
}

export function useResendCode() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => resendCode(api) });
}
