import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { DashboardOverview } from './_components/dashboard-overview';

export const metadata: Metadata = { title: 'Dashboard' };

/** The dashboard (/): signed-in clients only. */
export default function DashboardPage() {
  return (
    <RequireAuth>
      <DashboardOverview />
    </RequireAuth>
  );
}
