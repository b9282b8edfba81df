import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getOnlineAppointmentReasonsOnServer } from '@/features/appointments/api/get-online-appointment-reasons-on-server';
import { onlineAppointmentReasonsQueryKey } from '@/features/appointments/api/online-appointment-reasons-query-key';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { getSpeciesOnServer } from '@/features/pets/api/get-species-on-server';
import { speciesQueryKey } from '@/features/pets/api/species-query-key';
import { onlinePracticesQueryKey } from '@/features/practices/api/online-practices-query-key';
import { onlinePracticesForPage } from '@/features/practices/server/online-practices-for-page';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { firstData } from '@/shared/query/first-data';
import { GuestView } from './_components/guest-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Book as a guest');

/**
 * /guest (R4.24): a guest holds an appointment time before signing up. No header (R2.12). `practice`
 * is read on the server, as /registration reads it, so the view needs no Suspense boundary for it. The
 * practices, species and reasons the first step offers come with the page (decisions 0031, 0046): a
 * guest on a slow connection waits for no request after the scripts before choosing.
 */
export default async function GuestPage({ searchParams }: PageSearchParams) {
  const practiceParam = firstValue((await searchParams).practice);
  const [practices, species, reasons] = await Promise.all([
    onlinePracticesForPage(),
    getSpeciesOnServer(),
    getOnlineAppointmentReasonsOnServer(),
  ]);
  const lists = firstData([
    [onlinePracticesQueryKey, practices],
    [speciesQueryKey, species],
    [onlineAppointmentReasonsQueryKey, reasons],
  ]);
  return (
    <OnboardingLayout
      maxWidth="md"
      title="Book an appointment"
      subtitle="Choose a time now and create your account after: we hold the time for you for 15 minutes."
    >
      <HydrationBoundary state={lists}>
        <GuestView practiceParam={practiceParam} />
      </HydrationBoundary>
    </OnboardingLayout>
  );
}
