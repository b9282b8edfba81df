'use client';

import { useSession } from '@/shared/auth-session/session-client';
import { useEffect, useState } from 'react';
import { FindRecord } from '@/features/onboarding/components/find-record';
import { SignedInAs } from '@/features/onboarding/components/signed-in-as';
import { parsePracticeId, readStoredPractice } from '@/features/onboarding/stored-practice';
import { useOnlinePractices } from '@/features/practices/api/get-online-practices';
import { useActivationState, useProfile } from '@/features/profile/api/get-profile';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { usePracticeOptions } from '@/features/onboarding/practice-options';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';
import { afterLinkingDestination } from '@/shared/storage/after-linking';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';

/**
 * /registration: the practices (practices feature), the identity's e-mail (session) and the profile
 * (profile feature) handed to onboarding's "Find your record". A linked client has nothing to find.
 */
export function FindRecordScreen({ practiceParam }: { practiceParam: string | null }) {
  const { router } = usePortalRouter();
  const email = useSession().data?.user?.email ?? null;
  const practices = useOnlinePractices();
  const profile = useProfile();
  const { activationStatus, failed, retry } = useActivationState();

  useEffect(() => {
    if (activationStatus === 'COMPLETED') router.replace(afterLinkingDestination());
  }, [activationStatus, router]);

  // The form starts once the profile is known: in the browser, where the stored practice can be read.
  if (failed) return <ProfileLoadError onRetry={retry} />;
  if (activationStatus === undefined || activationStatus === 'COMPLETED') {
    return <LoadingSpinner label="Loading your account" />;
  }
  return (
    <>
      <SignedInAs email={email} />
      <FindRecordWithPractice
        practiceParam={practiceParam}
        email={email}
        practices={practices}
        refreshProfile={() => profile.refetch()}
      />
    </>
  );
}

function FindRecordWithPractice(props: {
  practiceParam: string | null;
  email: string | null;
  practices: ReturnType<typeof useOnlinePractices>;
  refreshProfile: () => Promise<unknown>;
}) {
  const [initialPracticeId] = useState(() => parsePracticeId(props.practiceParam) ?? readStoredPractice());
  const practices = usePracticeOptions(props.practices);
  return (
    <FindRecord
      practices={practices}
      initialEmail={props.email ?? ''}
      initialPracticeId={initialPracticeId}
      refreshProfile={props.refreshProfile}
    />
  );
}
