import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getOnlineAppointmentReasonsOnServer } from '@/features/appointments/api/get-online-appointment-reasons-on-server';
import { onlineAppointmentReasonsQueryKey } from '@/features/appointments/api/online-appointment-reasons-query-key';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { pageMetadata } from '@/shared/page-metadata';
import { firstData } from '@/shared/query/first-data';
import { GuestCompleteScreen } from './_components/guest-complete-screen';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Book your held time');

/**
 * /guest/complete (R2.1, R4.25): after sign-up and linking, the guest's held time becomes an appointment.
 * The reasons that name the held visit come with the page (decision 0031).
 */
export default async function GuestCompletePage() {
  const reasons = firstData([
    [onlineAppointmentReasonsQueryKey, await getOnlineAppointmentReasonsOnServer()],
  ]);
  return (
    <OnboardingLayout
      maxWidth="md"
      title="Nearly done"
      subtitle="Your account is ready. Book the time you held, and we will register your pet with it."
    >
      <RequireAuth>
        <HydrationBoundary state={reasons}>
          <GuestCompleteScreen />
        </HydrationBoundary>
      </RequireAuth>
    </OnboardingLayout>
  );
}
