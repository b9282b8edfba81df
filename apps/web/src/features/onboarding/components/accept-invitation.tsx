'use client';

import type { ActivationStatus, ClientProfile } from '@vet/contracts/profile';
import { useEffect, useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { trackEvent } from '@/shared/telemetry/track-event';
import { useActivateClient } from '@/features/onboarding/api/activate-client';
import { apiProblem } from '@/shared/api/api-problem';
import { failureDescription, failureMessage } from '@/shared/api/failure-message';
import { clearStoredInvitation, readStoredInvitation } from '@/features/onboarding/onboarding-storage';
import { AlreadyLinked } from './already-linked';
import { ConfirmLink } from './confirm-link';
import { afterLinkingDestination } from '@/shared/storage/after-linking';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { Button } from '@/shared/ui/button';
import styles from './accept-invitation.module.css';

export interface AcceptInvitationProps {
  activationStatus: ActivationStatus | undefined;
  /** The signed-in identity's e-mail, shown before the invitation is used. */
  email?: string | null;
  onLinked: (profile: ClientProfile) => void;
}

type Failure =
  /** Expired, used, unknown or not matching the last name (400): this invitation will never work. */
  | { kind: 'refused'; message: string }
  | { kind: 'already-linked'; message: string }
  /** No answer, or the API failed: the same invitation may work in a moment. */
  | { kind: 'retry'; message: string };

/**
 * /invite, signed in (R4.18): it asks first, and the press links the account with the stored invitation
 * (PATCH /client/activate, decision 0059), then the dashboard. An invitation that cannot work, or that the
 * person declines, is forgotten at once, or the activation guard would bring them back here from every
 * page; they are offered the other ways in.
 */
export function AcceptInvitation({ activationStatus, email = null, onLinked }: AcceptInvitationProps) {
  const { router } = usePortalRouter();
  const { mutateAsync: activate } = useActivateClient();
  const [invitation] = useState(readStoredInvitation);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [linking, setLinking] = useState(false);
  const [declined, setDeclined] = useState(false);

  useEffect(() => {
    if (activationStatus !== 'COMPLETED' || !invitation) return;
    clearStoredInvitation();
    router.replace(afterLinkingDestination());
  }, [activationStatus, invitation, router]);

  if (declined) return <OtherWaysIn heading="We have not linked your account" />;
  if (!invitation) return <OtherWaysIn heading="This invitation link is not complete" />;

  const accept = () => {
    setFailure(null);
    setLinking(true);
    activate(invitation).then(
      (profile) => {
        clearStoredInvitation();
        onLinked(profile);
        trackEvent('Sign Up Succeeded', { signUpSucceeded: true });
        router.replace(afterLinkingDestination());
      },
      (error: unknown) => {
        setLinking(false);
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
  };
  const decline = () => {
    clearStoredInvitation();
    setDeclined(true);
  };

  if (activationStatus === undefined || activationStatus === 'COMPLETED') {
    return <LoadingSpinner label="Loading your account" />;
  }
  switch (failure?.kind) {
    case undefined:
      return (
        <ConfirmLink email={email} linking={linking} onConfirm={accept} onDecline={decline}>
          <p>
            Your practice&apos;s invitation connects the account you are signed in with to your client record
            there: your pets, appointments and details.
          </p>
          <p>Link only if your practice sent this invitation to you.</p>
        </ConfirmLink>
      );
    case 'already-linked':
      return <AlreadyLinked message={failure.message} />;
    case 'refused':
      return <OtherWaysIn heading="We could not accept this invitation" message={failure.message} />;
    case 'retry':
      return (
        <AppAlert severity="error">
          {failure.message}
          <div className={styles.retry}>
            <Button variant="outlined" color="inherit" onClick={accept}>
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
