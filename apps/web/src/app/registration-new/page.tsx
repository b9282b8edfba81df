import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { onlinePracticesFirstData } from '@/features/practices/server/online-practices-first-data';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { NewClientScreen } from './_components/new-client-screen';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Register as a new client');

/** /registration-new (R2.1, R4.19): a new client of the chosen practice (`practice`: see /registration's page). */
export default async function RegistrationNewPage({ searchParams }: PageSearchParams) {
  const practiceParam = firstValue((await searchParams).practice);
  return (
    <OnboardingLayout
      title="Register as a new client"
      subtitle="Your details, so your practice can look after your pets and keep in touch."
    >
      <RequireAuth>
        <HydrationBoundary state={await onlinePracticesFirstData()}>
          <NewClientScreen practiceParam={practiceParam} />
        </HydrationBoundary>
      </RequireAuth>
    </OnboardingLayout>
  );
}
