'use client';

import { useSession } from '@/shared/auth-session/session-client';
import { useMemo } from 'react';
import { startSignIn } from '@/features/auth/components/start-sign-in';
import { portalSignInRequest } from '@/features/auth/sign-in-requests';
import { usePets } from '@/features/pets/api/get-pets';
import { useProfile } from '@/features/profile/api/get-profile';
import { useLogout } from '@/shared/auth-session/logout-context';
import { PortalShell, type FrameProps } from '@/shared/layout/portal-shell';
import { ActivationGuard } from './activation-guard';

/**
 * The shell with the signed-in client in it: the name from the profile, the pets in the API's order (the
 * drawer shows the first three, and See All past them), pet names for the breadcrumbs on a pet's page, the confirmed
 * logout, and sign-in from the logo. Every page sits inside the activation guard (R4.1).
 */
export function PortalFrame({ brandName, links, footer, children }: FrameProps) {
  const { status } = useSession();
  const { requestLogout } = useLogout();
  const profile = useProfile();
  const pets = usePets(profile.data?.activationStatus);
  const signedIn = status === 'authenticated';

  const petNames = useMemo(
    () => pets.data && Object.fromEntries(pets.data.map((pet) => [String(pet.petId), pet.name])),
    [pets.data],
  );
  const { firstName, lastName } = profile.data ?? {};
  const user = firstName || lastName ? { firstName: firstName ?? '', lastName: lastName ?? '' } : null;

  return (
    <PortalShell
      brandName={brandName}
      links={links}
      signedIn={signedIn}
      user={user}
      practiceName={profile.data?.homePracticeName}
      pets={pets.data}
      petsLoading={signedIn && (profile.isPending || pets.isLoading)}
      breadcrumbNames={petNames}
      onLogout={requestLogout}
      onSignIn={() => void startSignIn(portalSignInRequest())}
      footer={footer}
    >
      <ActivationGuard>{children}</ActivationGuard>
    </PortalShell>
  );
}
