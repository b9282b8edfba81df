import type { BillsPage } from '@vet/contracts/bills';
import type { ActivationStatus } from '@vet/contracts/profile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { billsListQueryKey } from './bills-query-key';

/**
 * GET /v2/bills?petId&cursor: the client's estimates and bills, newest first, a page at a time ("Show
 * more" asks for the next cursor). The first page comes with /bills's HTML (bills-first-data.ts). R4.2:
 * asked only for a linked client, as the API refuses anyone else.
 */
export function useBills(petId: number | null, activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: billsListQueryKey(petId),
    queryFn: ({ signal, pageParam }) =>
      api.get<BillsPage>('/v2/bills', { signal, query: { petId: petId ?? undefined, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
