'use client';

import { useHomePractice } from '@/features/practices/api/get-home-practice';
import { HomePracticeDetails } from '@/features/practices/components/home-practice-details';
import { useProfile } from '@/features/profile/api/get-profile';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';

/** Your practice (/your-practice): the home practice from the practices feature, once linked (R4.2). */
export function YourPracticeView({ today, emergencyHref }: { today: string; emergencyHref: string }) {
  const profile = useProfile();
  const practice = useHomePractice(profile.data?.activationStatus);
  return (
    <Container maxWidth="md" spacing="page">
      <h1 className={typography.gutterBottom}>Your practice</h1>
      {practice.isError ? (
        <LoadError message="We could not load your practice." onRetry={() => void practice.refetch()} />
      ) : practice.data ? (
        <HomePracticeDetails practice={practice.data} today={today} emergencyHref={emergencyHref} />
      ) : (
        <LoadingSpinner label="Loading your practice" />
      )}
    </Container>
  );
}
