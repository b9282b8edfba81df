'use client';

import type { ActivationStatus, ClientProfile } from '@vet/contracts/profile';
import { useEffect, useRef, useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { trackEvent } from '@/shared/telemetry/track-event';
import { useActivateClient } from '@/features/onboarding/api/activate-client';
import { apiProblem } from '@/shared/api/api-problem';
import { failureDescription, failureMessage } from '@/shared/api/failure-message';
import { clearStoredInvitation, readStoredInvitation } from '@/features/onboarding/onboarding-storage';
import { AlreadyLinked } from './already-linked';
import { afterLinkingDestination } from '@/shared/storage/guest-hold-storage';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { Button } from '@/shared/ui/button';
import styles from './accept-invitation.module.css';

export interface AcceptInvitationProps {
  activationStatus: ActivationStatus | undefined;
  onLinked: (profile: ClientProfile) => void;
}

type Failure =
  /** Expired, used, unknown or not matching the last name (400): this invitation will never work. */
  | { kind: 'refused'; message: string }
  | { kind: 'already-linked'; message: string }
  /** No answer, or the API failed: the same invitation may work in a moment. */
  | { kind: 'retry'; message: string };

/**
 * /invite, signed in (R4.18): the stored invitation links the account (PATCH /client/activate), then the
 * dashboard. An invitation that cannot work is forgotten at once, or the activation guard would bring the
 * person back here from every page; they are offered the other ways in.
 */
export function AcceptInvitation({ activationStatus, onLinked }: AcceptInvitationProps) {
  const { router } = usePortalRouter();
  const { mutateAsync: activate } = useActivateClient();
  const [invitation] = useState(readStoredInvitation);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const tried = useRef(-1);

  useEffect(() => {
    if (activationStatus === undefined || !invitation || tried.current === attempt) return;
    if (activationStatus === 'COMPLETED') {
      clearStoredInvitation();
      router.replace(afterLinkingDestination());
      return;
    }
    tried.current = attempt;
    activate(invitation).then(
      (profile) => {
        clearStoredInvitation();
        onLinked(profile);
        trackEvent('Sign Up Succeeded', { signUpSucceeded: true });
        router.replace(afterLinkingDestination());
      },
      (error: unknown) => {
        trackEvent('Sign Up Failed', {
          signUpFailedReason: 'InvitationFailed',
          errorMessage: failureDescription(error),
        });
        const { status } = apiProblem(error);
        const message = failureMessage(error);
        if (status === 400 || status === 409) clearStoredInvitation();
        setFailure(
          status === 400
            ? { kind: 'refused', message }
            : status === 409
              ? { kind: 'already-linked', message }
              : { kind: 'retry', message },
        );
      },
    );
  }, [activationStatus, invitation, attempt, activate, onLinked, router]);

  if (!invitation) return <OtherWaysIn heading="This invitation link is not complete" />;
  if (!failure) return <LoadingSpinner label="Accepting your invitation" />;
  switch (failure.kind) {
    case 'already-linked':
      return <AlreadyLinked message={failure.message} />;
    case 'refused':
      return <OtherWaysIn heading="We could not accept this invitation" message={failure.message} />;
    case 'retry':
      return (
        <AppAlert severity="error">
          {failure.message}
          <div className={styles.retry}>
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => {
                setFailure(null);
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          </div>
        </AppAlert>
      );
  }
}

/** The ways in without an invitation: ask the practice for a new one, or find the record by its details. */
function OtherWaysIn({ heading, message }: { heading: string; message?: string }) {
  return (
    <div className={styles.otherWays}>
      <h2>{heading}</h2>
      {message && <AppAlert severity="error">{message}</AppAlert>}
      <p>
        Ask your practice to send you a new invitation, or find your record yourself with your last name,
        postcode and e-mail address.
      </p>
      <div>
        <Button href="/registration" variant="contained" size="large">
          Find your record
        </Button>
      </div>
    </div>
  );
}
