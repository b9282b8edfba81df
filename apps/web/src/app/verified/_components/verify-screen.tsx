'use client';

import { VerifyAccount } from '@/features/onboarding/components/verify-account';
import { useActivationState, useReplaceProfile } from '@/features/profile/api/get-profile';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';

/** /verified, signed in: the profile's status and cache around onboarding's verification. */
export function VerifyScreen() {
  const { activationStatus, failed, retry } = useActivationState();
  const replaceProfile = useReplaceProfile();
  if (failed) return <ProfileLoadError onRetry={retry} />;
  return (
    <VerifyAccount
      activationStatus={activationStatus === null ? 'NOT_STARTED' : activationStatus}
      onLinked={replaceProfile}
    />
  );
}
