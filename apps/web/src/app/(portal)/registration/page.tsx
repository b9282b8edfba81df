import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { onlinePracticesFirstData } from '@/features/practices/server/online-practices-first-data';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { FindRecordScreen } from './_components/find-record-screen';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Find your record');

/**
 * /registration (R2.1): a signed-in person who is not linked yet finds their record at the practice.
 * `practice` is read here, on the server, rather than by useSearchParams in the browser: that hook needs
 * a Suspense boundary, and a boundary that hydrates after the profile has loaded renders differently
 * from the server's HTML (a hydration error).
 */
export default async function RegistrationPage({ searchParams }: PageSearchParams) {
  const practiceParam = firstValue((await searchParams).practice);
  return (
    <OnboardingLayout
      title="Find your record"
      subtitle="Tell us who you are at your practice, and we will link your account to your pets and appointments."
    >
      <RequireAuth>
        <HydrationBoundary state={await onlinePracticesFirstData()}>
          <FindRecordScreen practiceParam={practiceParam} />
        </HydrationBoundary>
      </RequireAuth>
    </OnboardingLayout>
  );
}
