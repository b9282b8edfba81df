'use client';

import { ClientRouting } from '@/features/onboarding/components/client-routing';
import { useActivationState } from '@/features/profile/api/get-profile';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';

/** /client-routing, signed in: the profile's status handed to onboarding's router. */
export function ClientRoutingScreen() {
  const { activationStatus, failed, retry } = useActivationState();
  if (failed) return <ProfileLoadError onRetry={retry} />;
  return <ClientRouting activationStatus={activationStatus} />;
}
