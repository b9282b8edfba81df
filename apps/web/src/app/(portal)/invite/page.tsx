import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { InvitationLinkCapture } from '@/features/onboarding/components/link-capture';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { pageMetadata } from '@/shared/page-metadata';
import { InviteScreen } from './_components/invite-screen';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your invitation');

/**
 * /invite?rc=&ln= (R2.1, R4.18): the practice's invitation is kept first, then sign-up (or sign-in)
 * returns here, and the invitation links the account when the person presses "Link my account"
 * (decision 0059).
 */
export default function InvitePage() {
  return (
    <OnboardingLayout title="Your invitation" subtitle="Your practice has invited you to the client portal.">
      <InvitationLinkCapture>
        <RequireAuth>
          <InviteScreen />
        </RequireAuth>
      </InvitationLinkCapture>
    </OnboardingLayout>
  );
}
