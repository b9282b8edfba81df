'use client';

import { useMemo } from 'react';
import { ClientFrame } from '@/app/_components/client-frame';
import { usePets } from '@/features/pets/api/get-pets';
import { useActivationState, useProfile } from '@/features/profile/api/get-profile';
import { useSession } from '@/shared/auth-session/session-client';
import { headerUserOf } from '@/shared/layout/header-user';
import type { FrameProps } from '@/shared/layout/portal-shell';

/**
 * The frame of the pages that read the API from the browser: the name from the profile, the pets in the
 * API's order (the drawer shows the first three, and See All past them), and pet names for the
 * breadcrumbs on a pet's page, each from its query, so a change made on a page shows in the header at once.
 * No unread-messages count here: it would load on every one of these pages, each at its 1.4x budget
 * (decision 0149); the frames drawn on the server (the dashboard, the messages pages) show it.
 */
export function PortalFrame({ children, ...frame }: FrameProps) {
  const { status } = useSession();
  const profile = useProfile();
  const activation = useActivationState();
  const pets = usePets(profile.data?.activationStatus);
  const signedIn = status === 'authenticated';

  const petNames = useMemo(
    () => pets.data && Object.fromEntries(pets.data.map((pet) => [String(pet.petId), pet.name])),
    [pets.data],
  );

  return (
    <ClientFrame
      {...frame}
      user={headerUserOf(profile.data)}
      practiceName={profile.data?.homePracticeName}
      pets={pets.data}
      petsLoading={signedIn && (profile.isPending || pets.isLoading)}
      breadcrumbNames={petNames}
      profile={{
        ...activation,
        requireContactPreferencesUpdate: profile.data?.requireContactPreferencesUpdate,
      }}
    >
      {children}
    </ClientFrame>
  );
}
