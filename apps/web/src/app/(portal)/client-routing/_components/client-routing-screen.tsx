'use client';

import { useQueryClient } from '@tanstack/react-query';
import { ClientRouting } from '@/features/onboarding/components/client-routing';
import { useActivationState } from '@/features/profile/api/get-profile';
import { profileQueryKey } from '@/features/profile/api/profile-response';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';

/**
 * /client-routing, signed in: the profile's status handed to onboarding's router, and the profile read
 * again once a new code went out (STARTED, so /verified shows the code entry).
 */
export function ClientRoutingScreen() {
  const { activationStatus, failed, retry } = useActivationState();
  const queryClient = useQueryClient();
  if (failed) return <ProfileLoadError onRetry={retry} />;
  return (
    <ClientRouting
      activationStatus={activationStatus}
      onCodeSent={() => queryClient.invalidateQueries({ queryKey: profileQueryKey })}
    />
  );
}
