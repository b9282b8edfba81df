'use client';

import { AcceptInvitation } from '@/features/onboarding/components/accept-invitation';
import { useActivationState, useReplaceProfile } from '@/features/profile/api/get-profile';
import { useSession } from '@/shared/auth-session/session-client';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';

/**
 * /invite, signed in: the profile's status and cache, and the session's e-mail (the account a
 * press would link), around onboarding's invitation.
 */
export function InviteScreen() {
  const { activationStatus, failed, retry } = useActivationState();
  const replaceProfile = useReplaceProfile();
  const email = useSession().data?.user?.email ?? null;
  if (failed) return <ProfileLoadError onRetry={retry} />;
  return (
    <AcceptInvitation
      activationStatus={activationStatus === null ? 'NOT_STARTED' : activationStatus}
      email={email}
      onLinked={replaceProfile}
    />
  );
}
