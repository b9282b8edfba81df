import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { serverSession } from '@/features/auth/server/server-session';
import { pageMetadata } from '@/shared/page-metadata';
import { DashboardOverview } from './_components/dashboard-overview';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Dashboard');

/** The dashboard (/): signed-in clients only, drawn whole on the server (decision 0118). */
export default async function DashboardPage() {
  return <RequireAuth>{(await serverSession()) && <DashboardOverview />}</RequireAuth>;
}
