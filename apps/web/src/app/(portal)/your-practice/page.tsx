import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getRequestServerConfig } from '@/config/request-config';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { homePracticeFirstData } from '@/features/practices/server/home-practice-first-data';
import { requestToday } from '@/shared/dates/request-today';
import { pageMetadata } from '@/shared/page-metadata';
import { YourPracticeView } from './_components/your-practice-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your practice');

/**
 * Your practice (/your-practice, R2.33): signed-in, linked clients only. The practice is in the first
 * HTML (decision 0031), and today is the server's, on the practice's calendar, so the marked day is the
 * same in the server's render and the browser's.
 */
export default async function YourPracticePage() {
  const [practice, today, { links }] = await Promise.all([
    homePracticeFirstData(),
    requestToday(),
    getRequestServerConfig(),
  ]);
  return (
    <RequireAuth>
      <HydrationBoundary state={practice}>
        <YourPracticeView today={today} emergencyHref={links.emergencyVets} />
      </HydrationBoundary>
    </RequireAuth>
  );
}
