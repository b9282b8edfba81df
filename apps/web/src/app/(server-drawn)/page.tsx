import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { DashboardOverview } from './_components/dashboard-overview';
import { appointmentsFirstData } from '@/features/appointments/api/appointments-first-data';
import { pageMetadata } from '@/shared/page-metadata';
import { getProfileOnServer } from '@/features/profile/api/get-profile-on-server';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Dashboard');

/** The dashboard (/): signed-in clients only; its data is in the first HTML (signed-in-first-data.ts). */
export default async function DashboardPage() {
  return (
    <RequireAuth>
      <HydrationBoundary state={await appointmentsFirstData((await getProfileOnServer())?.activationStatus)}>
        <DashboardOverview />
      </HydrationBoundary>
    </RequireAuth>
  );
}
