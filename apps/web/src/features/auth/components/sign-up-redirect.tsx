'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { signUpScreenRequest } from '@/features/auth/sign-in-requests';
import { RedirectScreen } from './redirect-screen';
import { startSignIn } from './start-sign-in';

/** The sign-up redirect screen (R2.17): straight to the provider's sign-up page (provider id auth0). */
export function SignUpRedirect() {
  const practice = useSearchParams().get('practice');
  const started = useRef(false);

  useEffect(() => {
    // Once only: a second sign-in would replace the state and PKCE cookies of the first.
    if (started.current) return;
    started.current = true;
    void startSignIn(signUpScreenRequest(practice));
  }, [practice]);

  return <RedirectScreen heading="Sign up" label="Taking you to sign up" />;
}
