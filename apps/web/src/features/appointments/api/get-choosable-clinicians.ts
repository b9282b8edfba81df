import type { ChoosableClinician } from '@vet/contracts/appointment-booking';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

export interface ClinicianSearch {
  practiceId: number;
  appointmentReasonId: number;
}

/**
 * GET /practices/{practiceId}/clinicians: the vets a client may name for a reason (decision 0101); none
 * when the practice has switched naming off.
 */
export function getChoosableClinicians(
  api: ApiClient,
  { practiceId, appointmentReasonId }: ClinicianSearch,
  signal?: AbortSignal,
): Promise<ChoosableClinician[]> {
  return api.get<ChoosableClinician[]>(`/practices/${practiceId}/clinicians`, {
    query: { appointmentReasonId },
    signal,
  });
}

export function choosableCliniciansQueryOptions(api: ApiClient, search: ClinicianSearch | null) {
  return queryOptions({
    queryKey: ['choosable-clinicians', search],
    queryFn: search ? ({ signal }) => getChoosableClinicians(api, search, signal) : skipToken,
    staleTime: 5 * 60_000,
  });
}

export function useChoosableClinicians(search: ClinicianSearch | null) {
  return useQuery(choosableCliniciansQueryOptions(useApiClient(), search));
}
