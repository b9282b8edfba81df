import type { DevSms } from '@vet/contracts/dev-mailbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

const refreshEveryMs = 5_000;

/** GET /dev/sms: the newest text messages the portal has kept (development only; 404 in production). */
export function getDevSms(api: ApiClient, signal?: AbortSignal): Promise<DevSms[]> {
  return api.get<DevSms[]>('/dev/sms', { signal });
}

export function useDevSms() {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: ['dev-mailbox', 'sms'],
      queryFn: ({ signal }) => getDevSms(api, signal),
      staleTime: 0,
      refetchInterval: (query) => (query.state.status === 'error' ? false : refreshEveryMs),
    }),
  );
}
