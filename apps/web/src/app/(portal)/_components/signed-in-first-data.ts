import type { DehydratedState } from '@tanstack/react-query';
import { getPetsOnServer } from '@/features/pets/api/get-pets-on-server';
import { petsQueryKey } from '@/features/pets/api/pets-query-key';
import { featureTogglesQueryKey } from '@/features/practices/api/feature-toggles-query-key';
import { getFeatureTogglesOnServer } from '@/features/practices/api/get-feature-toggles-on-server';
import { getProfileOnServer } from '@/features/profile/api/get-profile-on-server';
import { profileQueryKey } from '@/features/profile/api/profile-response';
import { firstData } from '@/shared/query/first-data';

/**
 * Every signed-in page (the root layout): the profile (the header, the activation guard), and for a
 * linked client the pets (the drawer) and the home practice's feature settings (the rules every page's
 * actions follow).
 */
export async function signedInFirstData(): Promise<DehydratedState> {
  const profile = await getProfileOnServer();
  // Pets and settings only for a linked client (R4.2; the API refuses the others).
  if (profile?.activationStatus !== 'COMPLETED') return firstData([[profileQueryKey, profile]]);
  const practiceId = profile.homePracticeId;
  const [pets, toggles] = await Promise.all([
    getPetsOnServer(),
    typeof practiceId === 'number' ? getFeatureTogglesOnServer(practiceId) : undefined,
  ]);
  return firstData([
    [profileQueryKey, profile],
    [petsQueryKey, pets],
    [featureTogglesQueryKey(practiceId), toggles],
  ]);
}
