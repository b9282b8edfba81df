'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import {
  invitationFromQuery,
  storeInvitation,
  storeVerification,
  verificationFromQuery,
} from '@/features/onboarding/onboarding-storage';

/**
 * Keeps what a link carries in session storage before anything else happens (sign-in may leave the
 * portal and come back), then takes it out of the address bar, so the code is neither in the browser's
 * history nor in the address sign-in returns to. Renders its children once that is done; until then
 * (and on the server, which cannot see storage) a spinner.
 */
function useCapturedLink(keys: readonly string[], capture: (query: URLSearchParams) => void): boolean {
  const [captured, setCaptured] = useState(false);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    capture(query);
    if (keys.some((key) => query.has(key))) {
      for (const key of keys) query.delete(key);
      const search = query.toString();
      // Synchronous, unlike router.replace: a sign-in started next must already see the clean address.
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${search ? `?${search}` : ''}`,
      );
    }
    // A one-off step after hydration: storage and the address bar exist only in the browser, and the
    // server rendered the spinner, so the children can only appear through a state change here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCaptured(true);
  }, [keys, capture]);
  return captured;
}

const verificationKeys = ['code', 'clientId', 'mode'] as const;
const invitationKeys = ['rc', 'ln'] as const;

function captureVerification(query: URLSearchParams) {
  const values = verificationFromQuery(query);
  if (values) storeVerification(values);
}

function captureInvitation(query: URLSearchParams) {
  const values = invitationFromQuery(query);
  if (values) storeInvitation(values);
}

/** /verified?code=&clientId=&mode= (R2.1, R4.17): keeps vCode, vClientId and vMode. */
export function VerificationLinkCapture({ children }: { children: ReactNode }) {
  const captured = useCapturedLink(verificationKeys, captureVerification);
  return captured ? children : <LoadingSpinner label="Reading your link" />;
}

/** /invite?rc=&ln= (R4.18): keeps the invitation's parameters. */
export function InvitationLinkCapture({ children }: { children: ReactNode }) {
  const captured = useCapturedLink(invitationKeys, captureInvitation);
  return captured ? children : <LoadingSpinner label="Reading your invitation" />;
}
