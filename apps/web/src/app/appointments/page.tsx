import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { pageMetadata } from '@/shared/page-metadata';
import { AppointmentsView } from './_components/appointments-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your appointments');

/** Your appointments (/appointments, R2.1): signed-in clients only. */
export default function AppointmentsPage() {
  return (
    <RequireAuth>
      <AppointmentsView />
    </RequireAuth>
  );
}
