import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { pageMetadata } from '@/shared/page-metadata';
import { ClientRoutingScreen } from './_components/client-routing-screen';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Setting up your account');

/**
 * /client-routing (R2.1): decides where a signed-in person who is not linked yet goes, a spinner
 * meanwhile; where their link stands, and the next step, when that is not "find your record" (decision
 * 0077).
 */
export default function ClientRoutingPage() {
  return (
    <OnboardingLayout title="Setting up your account">
      <RequireAuth>
        <ClientRoutingScreen />
      </RequireAuth>
    </OnboardingLayout>
  );
}
