import type { Metadata } from 'next';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { GuestView } from './_components/guest-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Book as a guest');

/**
 * /guest (R4.24): a guest holds an appointment time before signing up. No header (R2.12). `practice`
 * is read on the server, as /registration reads it, so the view needs no Suspense boundary for it.
 */
export default async function GuestPage({ searchParams }: PageSearchParams) {
  const practiceParam = firstValue((await searchParams).practice);
  return (
    <OnboardingLayout
      maxWidth="md"
      title="Book an appointment"
      subtitle="Choose a time now and create your account after: we hold the time for you for 15 minutes."
    >
      <GuestView practiceParam={practiceParam} />
    </OnboardingLayout>
  );
}
