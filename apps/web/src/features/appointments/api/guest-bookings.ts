import type { AppointmentDetail, AppointmentSlots } from '@vet/contracts/appointment-booking';
import type {
  CompleteSoftBookingBody,
  CreateSoftBookingBody,
  ReplaceSoftBookingBody,
  SoftBooking,
  SoftBookingStatus,
} from '@vet/contracts/guest-bookings';
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentsQueryKey } from './appointments-query-key';

/** R4.24, R4.25: a guest's slot search, hold, replace, extend, and the completion after sign-up. */

export interface GuestSlotSearch {
  practiceId: number;
  appointmentReasonId: number;
  speciesId: number;
  /** Moving a hold: its own time counts as free. */
  existingSoftBookingId?: string;
}

/** GET /guest/practices/{practiceId}/appointment-slots. */
export function guestSlotsQueryOptions(api: ApiClient, search: GuestSlotSearch | null) {
  return queryOptions({
    queryKey: ['guest-appointment-slots', search],
    queryFn: search
      ? ({ signal }) => {
          const { practiceId, ...query } = search;
          return api.get<AppointmentSlots>(`/guest/practices/${practiceId}/appointment-slots`, {
            query: { ...query },
            signal,
          });
        }
      : skipToken,
    staleTime: 60_000,
    // A 403 (booking off at the practice) or 400 is an answer, not a blip.
    retry: false,
  });
}

export function useGuestSlots(search: GuestSlotSearch | null) {
  return useQuery(guestSlotsQueryOptions(useApiClient(), search));
}

/**
 * The guest's own answers a hold carries. The page keeps them in memory only (never in storage), so that
 * an ended hold can be held again in one press while the page is open.
 */
export type GuestDetails = Omit<
  CreateSoftBookingBody,
  'practiceId' | 'appointmentReasonId' | 'speciesId' | 'startsAt'
>;

/**
 * GET /guest/soft-bookings/{id}/state: how the hold stands now. Read whenever the guest comes back to the
 * page (mount, the tab in focus again), so a time the practice gave away meanwhile (decision 0063) is
 * said plainly before the guest presses anything.
 */
export function guestHoldStateQueryOptions(api: ApiClient, holdId: string) {
  return queryOptions({
    queryKey: ['guest-hold-state', holdId],
    queryFn: ({ signal }) =>
      api.get<SoftBookingStatus>(`/guest/soft-bookings/${encodeURIComponent(holdId)}/state`, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    // A 404 or 409 (the hold gone) is an answer: the page's own presses say what it means.
    retry: false,
  });
}

export function useGuestHoldState(holdId: string) {
  return useQuery(guestHoldStateQueryOptions(useApiClient(), holdId));
}

/** POST /guest/soft-bookings: 201 with the hold; 409 with alternatives; 429 past the live-hold limits. */
export function useCreateGuestHold() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: CreateSoftBookingBody) => api.post<SoftBooking>('/guest/soft-bookings', { body }),
  });
}

/**
 * POST /guest/soft-bookings/{originalSoftBookingId}: a NEW hold (new id) replaces a live original, keeping
 * its expiry; an ended hold is not replaced (409), it is held again.
 */
export function useReplaceGuestHold() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ holdId, body }: { holdId: string; body: ReplaceSoftBookingBody }) =>
      api.post<SoftBooking>(`/guest/soft-bookings/${encodeURIComponent(holdId)}`, { body }),
  });
}

/** POST /guest/soft-bookings/{id}/extend: another 15 minutes from now, a limited number of times. */
export function useExtendGuestHold() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (holdId: string) =>
      api.post<SoftBooking>(`/guest/soft-bookings/${encodeURIComponent(holdId)}/extend`),
  });
}

/**
 * POST /guest/soft-bookings/{id}/complete (signed in and linked): the hold becomes an appointment, at its
 * time or (`startsAt`) at one of the nearest free times offered when its time went.
 */
export function useCompleteGuestHold() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ holdId, body }: { holdId: string; body: CompleteSoftBookingBody }) =>
      api.post<AppointmentDetail>(`/guest/soft-bookings/${encodeURIComponent(holdId)}/complete`, {
        body,
      }),
    onSuccess: (appointment) => {
      queryClient.setQueryData(['appointments', appointment.appointmentId], appointment);
      // The new pet and the new appointment: the lists are read again.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: ['pets'] }),
      ]);
    },
  });
}
