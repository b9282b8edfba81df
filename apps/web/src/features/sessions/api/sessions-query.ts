import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionList } from '@/shared/auth-session/session-list';

export const sessionsQueryKey = ['web-sessions'] as const;

/** The web's own routes (app/api/sessions): the sessions are the web's, not the API's. */
async function sessionsRequest(path: string, init: RequestInit = {}): Promise<SessionList> {
  const response = await fetch(path, {
    ...init,
    headers: { accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`The sessions request answered ${response.status}.`);
  return (await response.json()) as SessionList;
}

export function sessionsQueryOptions(initial: SessionList | null) {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => sessionsRequest('/api/sessions', { signal }),
    initialData: initial ?? undefined,
    retry: false,
  });
}

export function useSessions(initial: SessionList | null) {
  return useQuery(sessionsQueryOptions(initial));
}

/** "Sign out of the others": the answer is the list left, which replaces the shown one. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sessionsRequest('/api/sessions/sign-out-others', { method: 'POST' }),
    onSuccess: (list) => queryClient.setQueryData(sessionsQueryKey, list),
  });
}
