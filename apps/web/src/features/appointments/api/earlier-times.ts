import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import type { ListedAppointment } from '@vet/contracts/appointments';
import type { EarlierTimeOffer, EarlierTimeRequest } from '@vet/contracts/earlier-times';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentsQueryKey } from './appointments-query-key';

/**
 * Decision 0086: an appointment's place in the earlier-times line (client-owned). The appointments list
 * carries it for each appointment (`earlierTimes`), so the list's pages never ask this; booking's last
 * step, which has no list, does.
 */
const requestKey = (appointmentId: number) => ['earlier-times', appointmentId] as const;

export function useEarlierTimes(appointmentId: number) {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: requestKey(appointmentId),
      queryFn: ({ signal }) =>
        api.get<{ request: EarlierTimeRequest | null }>(`/appointments/${appointmentId}/earlier-times`, {
          signal,
        }),
    }),
  );
}

/** Joins the line (or changes the latest date), or leaves it. */
export function useEarlierTimesChange(appointmentId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (latestDate: string | null) => {
      const path = `/appointments/${appointmentId}/earlier-times`;
      if (latestDate === null) {
        await api.delete<null>(path);
        return { request: null };
      }
      return { request: await api.put<EarlierTimeRequest>(path, { body: { latestDate } }) };
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(requestKey(appointmentId), answer);
      // The list's entry too, which its pages render the control from: changed in place, not asked again.
      const earlierTimes = answer.request && { latestDate: answer.request.latestDate };
      queryClient.setQueryData<ListedAppointment[]>(appointmentsQueryKey, (list) =>
        list?.map((listed) =>
          listed.appointmentId === appointmentId ? { ...listed, earlierTimes } : listed,
        ),
      );
    },
  });
}

/**
 * A held earlier time's offer (decision 0086): the token is the link's fragment, sent in POST bodies only,
 * so no address, log or Referer holds it. Reading changes nothing.
 */
const offerKey = (token: string) => ['earlier-time-offer', token] as const;

export function useEarlierTimeOffer(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: offerKey(token),
    queryFn: ({ signal }) => api.post<EarlierTimeOffer>('/earlier-time-offer', { body: { token }, signal }),
    retry: false,
    staleTime: Infinity,
    enabled: token !== '',
  });
}

/** The one press: the appointment moves to the held time. */
export function useTakeEarlierTimeOffer(token: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: () => api.post<AppointmentDetail>('/earlier-time-offer/take', { body: { token } }),
  });
}
