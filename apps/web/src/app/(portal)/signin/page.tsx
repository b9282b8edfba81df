import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RedirectScreen } from '@/features/auth/components/redirect-screen';
import { SignInRedirect } from '@/features/auth/components/sign-in-redirect';
import { pageMetadata } from '@/shared/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Sign in');

/** The sign-in redirect screen (R2.16); also next-auth's sign-in page (pages.signIn). */
export default function SignInPage() {
  return (
    <Suspense fallback={<RedirectScreen heading="Sign in" label="Signing you in" />}>
      <SignInRedirect />
    </Suspense>
  );
}
