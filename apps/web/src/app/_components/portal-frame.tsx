'use client';

import { sortAndSlicePets } from '@vet/contracts/pets';
import { useSession } from 'next-auth/react';
import { useMemo, type ReactNode } from 'react';
import { startSignIn } from '@/features/auth/components/start-sign-in';
import { portalSignInRequest } from '@/features/auth/sign-in-requests';
import { usePets } from '@/features/pets/api/get-pets';
import { useProfile } from '@/features/profile/api/get-profile';
import { useLogout } from '@/shared/auth-session/logout-context';
import { drawerPetLimit } from '@/shared/layout/drawer-pets';
import { PortalShell } from '@/shared/layout/portal-shell';
import type { SiteLinks } from '@/shared/site-links';

/**
 * The shell with the signed-in client in it: the name from the profile, the drawer's first three pets
 * by name (and the total, for See All), pet names for the breadcrumbs on a pet's page, the confirmed
 * logout, and sign-in from the logo.
 */
export function PortalFrame({
  brandName,
  links,
  children,
}: {
  brandName: string;
  links: SiteLinks;
  children: ReactNode;
}) {
  const { status } = useSession();
  const { requestLogout } = useLogout();
  const profile = useProfile();
  const pets = usePets(profile.data?.activationStatus);
  const signedIn = status === 'authenticated';

  const menu = useMemo(() => pets.data && sortAndSlicePets(pets.data, 'name', drawerPetLimit), [pets.data]);
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
      pets={menu?.slicedData}
      petTotal={menu?.total}
      petsLoading={signedIn && (profile.isPending || pets.isLoading)}
      breadcrumbNames={petNames}
      onLogout={requestLogout}
      onSignIn={() => void startSignIn(portalSignInRequest())}
    >
      {children}
    </PortalShell>
  );
}
