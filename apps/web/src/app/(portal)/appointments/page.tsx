import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { pageMetadata } from '@/shared/page-metadata';
import { appointmentsFirstData } from '@/features/appointments/api/appointments-first-data';
import { AppointmentsView } from './_components/appointments-view';
import { getProfileOnServer } from '@/features/profile/api/get-profile-on-server';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your appointments');

/**
 * Your appointments (/appointments, R2.1): signed-in clients only; the list, and what decides each upcoming
 * appointment's Change and Cancel, are in the first HTML.
 */
export default async function AppointmentsPage() {
  return (
    <RequireAuth>
      <HydrationBoundary
        state={await appointmentsFirstData((await getProfileOnServer())?.activationStatus, {
          upcomingDetails: true,
        })}
      >
        <AppointmentsView />
      </HydrationBoundary>
    </RequireAuth>
  );
}
