import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { getAppointmentsOnServer } from '@/features/appointments/api/get-appointments-on-server';
import { appointmentsQueryKey } from '@/features/appointments/api/appointments-query-key';
import { getPetsOnServer } from '@/features/pets/api/get-pets-on-server';
import { petsQueryKey } from '@/features/pets/api/pets-query-key';
import { featureTogglesQueryKey } from '@/features/practices/api/feature-toggles-query-key';
import { getFeatureTogglesOnServer } from '@/features/practices/api/get-feature-toggles-on-server';
import { getProfileOnServer } from '@/features/profile/api/get-profile-on-server';
import { profileQueryKey } from '@/features/profile/api/profile-response';

/**
 * A page's first data, fetched while it renders on the server (issue 14: no client fetch waterfall before
 * the first paint), as the browser's cache would hold it: TanStack Query's hydration puts each answer
 * under the key the browser's query reads, which refetches it only once it is stale, as any other answer.
 * What the server could not get (signed out, not linked, the API unreachable) is left out, and the
 * browser asks for it as before.
 */
type Entry = readonly [queryKey: readonly unknown[], data: unknown];

function dehydrated(entries: readonly (Entry | undefined)[]): DehydratedState {
  const queryClient = new QueryClient();
  for (const entry of entries) {
    if (entry && entry[1] !== undefined) queryClient.setQueryData(entry[0], entry[1]);
  }
  return dehydrate(queryClient);
}

/**
 * Every signed-in page (the root layout): the profile (the header, the activation guard), and for a
 * linked client the pets (the drawer) and the home practice's feature settings (the rules every page's
 * actions follow).
 */
export async function signedInFirstData(): Promise<DehydratedState> {
  const profile = await getProfileOnServer();
  // Pets and settings only for a linked client (R4.2; the API refuses the others).
  if (profile?.activationStatus !== 'COMPLETED') return dehydrated([[profileQueryKey, profile]]);
  const practiceId = profile.homePracticeId;
  const [pets, toggles] = await Promise.all([
    getPetsOnServer(),
    typeof practiceId === 'number' ? getFeatureTogglesOnServer(practiceId) : undefined,
  ]);
  return dehydrated([
    [profileQueryKey, profile],
    [petsQueryKey, pets],
    [featureTogglesQueryKey(practiceId), toggles],
  ]);
}

/** The pages that list appointments (the dashboard, /appointments, a pet's page), for a linked client. */
export async function appointmentsFirstData(): Promise<DehydratedState> {
  const profile = await getProfileOnServer();
  if (profile?.activationStatus !== 'COMPLETED') return dehydrated([]);
  return dehydrated([[appointmentsQueryKey, await getAppointmentsOnServer()]]);
}
