import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { DashboardOverview } from './_components/dashboard-overview';
import { pageMetadata } from '@/shared/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Dashboard');

/** The dashboard (/): signed-in clients only. */
export default function DashboardPage() {
  return (
    <RequireAuth>
      <DashboardOverview />
    </RequireAuth>
  );
}
