import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RedirectScreen } from '@/features/auth/components/redirect-screen';
import { SignUpRedirect } from '@/features/auth/components/sign-up-redirect';
import { pageMetadata } from '@/shared/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Sign up');

/** The sign-up redirect screen (R2.17). */
export default function SignUpPage() {
  return (
    <Suspense fallback={<RedirectScreen heading="Sign up" label="Taking you to sign up" />}>
      <SignUpRedirect />
    </Suspense>
  );
}
