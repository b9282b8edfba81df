import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RedirectScreen } from '@/features/auth/components/redirect-screen';
import { SignUpRedirect } from '@/features/auth/components/sign-up-redirect';

export const metadata: Metadata = { title: 'Sign up' };

/** Spec 2, sign-up redirect screen. */
export default function SignUpPage() {
  return (
    <Suspense fallback={<RedirectScreen heading="Sign up" label="Taking you to sign up" />}>
      <SignUpRedirect />
    </Suspense>
  );
}
