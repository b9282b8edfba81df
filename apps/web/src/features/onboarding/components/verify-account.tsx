'use client';

import type { ActivationStatus, ClientProfile } from '@vet/contracts/profile';
import { useCallback, useEffect, useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { trackEvent } from '@/shared/telemetry/track-event';
import { useVerifyClient } from '@/features/onboarding/api/verify-client';
import { apiProblem } from '@/shared/api/api-problem';
import { failureDescription, failureMessage } from '@/shared/api/failure-message';
import {
  clearStoredVerification,
  readStoredVerification,
  type VerificationValues,
} from '@/features/onboarding/onboarding-storage';
import { AlreadyLinked } from './already-linked';
import { CodeEntry } from './code-entry';
import { ConfirmLink } from './confirm-link';
import { afterLinkingDestination } from '@/shared/storage/after-linking';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { Button } from '@/shared/ui/button';
import typography from '@/shared/ui/typography.module.css';
import styles from './verify-account.module.css';

export interface VerifyAccountProps {
  /** The signed-in person's status; undefined while the profile loads. */
  activationStatus: ActivationStatus | undefined;
  /** The signed-in identity's e-mail, shown before a link's code is used. */
  email?: string | null;
  /** The profile the API answered, now COMPLETED: the caller puts it in the cache. */
  onLinked: (profile: ClientProfile) => void;
}

type LinkFailure = { alreadyLinked: boolean; message: string };

/**
 * /verified, signed in (R4.17). With a code from the e-mailed link (kept in session storage), it asks
 * first and links on the press (decision 0059); otherwise a STARTED person types the code in. Linked: the
 * keys are cleared, the profile refreshed, and the dashboard opens.
 */
export function VerifyAccount({ activationStatus, email = null, onLinked }: VerifyAccountProps) {
  const { router } = usePortalRouter();
  const { mutateAsync: verify } = useVerifyClient();
  // Rendered only in the browser (below the link capture), so storage can be read at once.
  const [stored, setStored] = useState(readStoredVerification);
  const [linking, setLinking] = useState(false);
  const [linkFailure, setLinkFailure] = useState<LinkFailure | null>(null);

  const linked = useCallback(
    (profile: ClientProfile) => {
      clearStoredVerification();
      onLinked(profile);
      trackEvent('Sign Up Succeeded', { signUpSucceeded: true });
      router.replace(afterLinkingDestination());
    },
    [onLinked, router],
  );

  useEffect(() => {
    if (activationStatus !== 'COMPLETED') return;
    // Linked already (another tab, an earlier visit): a code from a link has nothing left to do.
    clearStoredVerification();
    router.replace(afterLinkingDestination());
  }, [activationStatus, router]);

  const forgetLink = () => {
    clearStoredVerification();
    setStored(null);
  };

  const linkWithCode = ({ code, clientId }: VerificationValues) => {
    setLinking(true);
    verify({ code, ...(clientId !== undefined && { clientId }) }).then(linked, (error: unknown) => {
      // This link's code is spent either way: it is not offered again.
      forgetLink();
      setLinking(false);
      trackEvent('Sign Up Failed', {
        signUpFailedReason: 'VerificationFailed',
        errorMessage: failureDescription(error),
      });
      const { status } = apiProblem(error);
      setLinkFailure({ alreadyLinked: status === 409, message: failureMessage(error) });
    });
  };

  if (activationStatus === undefined || activationStatus === 'COMPLETED') {
    return <LoadingSpinner label="Loading your account" />;
  }
  if (stored) {
    return (
      <ConfirmLink
        email={email}
        linking={linking}
        onConfirm={() => linkWithCode(stored)}
        onDecline={forgetLink}
      >
        <p>
          The link in your e-mail connects the account you are signed in with to your client record at your
          practice: your pets, appointments and details.
        </p>
        <p>Link only if you asked for that e-mail yourself.</p>
      </ConfirmLink>
    );
  }

  return (
    <div className={styles.root}>
      {linkFailure?.alreadyLinked && <AlreadyLinked message={linkFailure.message} />}
      {linkFailure && !linkFailure.alreadyLinked && (
        <AppAlert severity="error" title="The link in your e-mail did not work">
          {linkFailure.message}
        </AppAlert>
      )}
      {activationStatus === 'STARTED' ? <CodeEntry onLinked={linked} /> : <NoCodeWaiting />}
    </div>
  );
}

/** NOT_STARTED: no code is out for this account; finding the record sends one. */
function NoCodeWaiting() {
  return (
    <div>
      <h2 className={typography.gutterBottom}>No code is waiting for your account</h2>
      <p className={styles.noCodeText}>
        To link your account to your pets and appointments, tell us who you are at your practice, and we will
        e-mail you a code.
      </p>
      <Button href="/registration" variant="contained" size="large">
        Find your record
      </Button>
    </div>
  );
}
