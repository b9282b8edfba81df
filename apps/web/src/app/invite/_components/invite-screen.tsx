'use client';

import { AcceptInvitation } from '@/features/onboarding/components/accept-invitation';
import { useActivationState, useReplaceProfile } from '@/features/profile/api/get-profile';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';

/** /invite, signed in: the profile's status and cache around onboarding's invitation. */
export function InviteScreen() {
  const { activationStatus, failed, retry } = useActivationState();
  const replaceProfile = useReplaceProfile();
  if (failed) return <ProfileLoadError onRetry={retry} />;
  return (
    <AcceptInvitation
      activationStatus={activationStatus === null ? 'NOT_STARTED' : activationStatus}
      onLinked={replaceProfile}
    />
  );
}
