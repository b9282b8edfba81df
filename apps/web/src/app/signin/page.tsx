import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RedirectScreen } from '@/features/auth/components/redirect-screen';
import { SignInRedirect } from '@/features/auth/components/sign-in-redirect';

export const metadata: Metadata = { title: 'Sign in' };

/** Spec 2, sign-in redirect screen; also next-auth's sign-in page (pages.signIn). */
export default function SignInPage() {
  return (
    <Suspense fallback={<RedirectScreen heading="Sign in" label="Signing you in" />}>
      <SignInRedirect />
    </Suspense>
  );
}
