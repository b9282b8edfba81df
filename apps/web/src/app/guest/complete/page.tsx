import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { pageMetadata } from '@/shared/page-metadata';
import { GuestCompleteScreen } from './_components/guest-complete-screen';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Book your held time');

/** /guest/complete (R2.1, R4.25): after sign-up and linking, the guest's held time becomes an appointment. */
export default function GuestCompletePage() {
  return (
    <OnboardingLayout
      maxWidth="md"
      title="Nearly done"
      subtitle="Your account is ready. Book the time you held, and we will register your pet with it."
    >
      <RequireAuth>
        <GuestCompleteScreen />
      </RequireAuth>
    </OnboardingLayout>
  );
}
