import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { VerificationLinkCapture } from '@/features/onboarding/components/link-capture';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { pageMetadata } from '@/shared/page-metadata';
import { VerifyScreen } from './_components/verify-screen';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Link your account');

/**
 * /verified?code=&clientId=&mode= (R2.1, R4.17): the e-mailed link's values are kept first, then sign-up
 * or sign-in (by vMode, R4.4) returns here, and the code links the account when the person presses
 * "Link my account" (decision 0059).
 */
export default function VerifiedPage() {
  return (
    <OnboardingLayout title="Link your account">
      <VerificationLinkCapture>
        <RequireAuth>
          <VerifyScreen />
        </RequireAuth>
      </VerificationLinkCapture>
    </OnboardingLayout>
  );
}
