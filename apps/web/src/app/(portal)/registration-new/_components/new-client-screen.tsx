'use client';

import { useSession } from '@/shared/auth-session/session-client';
import { useEffect, useState } from 'react';
import { NewClientForm } from '@/features/onboarding/components/new-client-form';
import { parsePracticeId, readStoredPractice } from '@/features/onboarding/stored-practice';
import { useOnlinePractices } from '@/features/practices/api/get-online-practices';
import { useActivationState, useReplaceProfile } from '@/features/profile/api/get-profile';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { usePracticeOptions } from '@/features/onboarding/practice-options';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';
import { afterLinkingDestination } from '@/shared/storage/after-linking';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';

/** /registration-new: the practices, the identity's e-mail and the profile cache around the new-client form. */
export function NewClientScreen({ practiceParam }: { practiceParam: string | null }) {
  const { router } = usePortalRouter();
  const email = useSession().data?.user?.email ?? null;
  const practices = useOnlinePractices();
  const replaceProfile = useReplaceProfile();
  const { activationStatus, failed, retry } = useActivationState();
  const [registered, setRegistered] = useState(false);

  useEffect(() => {
    // A linked client has nothing to register (unless this form just linked them: it goes on itself).
    if (activationStatus === 'COMPLETED' && !registered) router.replace(afterLinkingDestination());
  }, [activationStatus, registered, router]);

  if (failed) return <ProfileLoadError onRetry={retry} />;
  if (activationStatus === undefined || (activationStatus === 'COMPLETED' && !registered)) {
    return <LoadingSpinner label="Loading your account" />;
  }
  return (
    <NewClientWithPractice
      practiceParam={practiceParam}
      email={email}
      practices={practices}
      onRegistered={(profile) => {
        setRegistered(true);
        replaceProfile(profile);
      }}
    />
  );
}

function NewClientWithPractice(props: {
  practiceParam: string | null;
  email: string | null;
  practices: ReturnType<typeof useOnlinePractices>;
  onRegistered: Parameters<typeof NewClientForm>[0]['onRegistered'];
}) {
  const [initialPracticeId] = useState(() => parsePracticeId(props.practiceParam) ?? readStoredPractice());
  const practices = usePracticeOptions(props.practices);
  return (
    <NewClientForm
      practices={practices}
      email={props.email}
      initialPracticeId={initialPracticeId}
      onRegistered={props.onRegistered}
    />
  );
}
