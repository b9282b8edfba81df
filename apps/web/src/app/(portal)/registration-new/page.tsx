import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { onlinePracticesQueryKey } from '@/features/practices/api/online-practices-query-key';
import { onlinePracticesForPage } from '@/features/practices/server/online-practices-for-page';
import { getSalutationsOnServer } from '@/shared/lookups/get-salutations-on-server';
import { salutationsQueryKey } from '@/shared/lookups/salutations-query-key';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { firstData } from '@/shared/query/first-data';
import { NewClientScreen } from './_components/new-client-screen';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Register as a new client');

/**
 * /registration-new (R2.1, R4.19): a new client of the chosen practice (`practice`: see /registration's
 * page). The practices and titles the form offers come with the page (decision 0031).
 */
export default async function RegistrationNewPage({ searchParams }: PageSearchParams) {
  const practiceParam = firstValue((await searchParams).practice);
  const [practices, salutations] = await Promise.all([onlinePracticesForPage(), getSalutationsOnServer()]);
  const lists = firstData([
    [onlinePracticesQueryKey, practices],
    [salutationsQueryKey, salutations],
  ]);
  return (
    <OnboardingLayout
      title="Register as a new client"
      subtitle="Your details, so your practice can look after your pets and keep in touch."
    >
      <RequireAuth>
        <HydrationBoundary state={lists}>
          <NewClientScreen practiceParam={practiceParam} />
        </HydrationBoundary>
      </RequireAuth>
    </OnboardingLayout>
  );
}
