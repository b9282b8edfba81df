'use client';

import { useSession } from '@/shared/auth-session/session-client';
import { useState } from 'react';
import { GuestBookingFlow } from '@/features/appointments/components/guest-booking-flow';
import { startSignInOnDemand } from '@/features/auth/components/start-sign-in-on-demand';
import { guestKeepRequest } from '@/features/auth/sign-in-requests';
import { parsePracticeId, readStoredPractice } from '@/features/onboarding/stored-practice';
import { useSpecies } from '@/features/pets/api/get-species';
import { useOnlinePractices } from '@/features/practices/api/get-online-practices';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { useInBrowser } from '@/shared/components/use-in-browser';
import { Button } from '@/shared/ui/button';
import styles from './guest-view.module.css';

/**
 * Taller than the first step (a heading and two fields) at any width, so it fits inside. The flow's
 * own box reserves the same (guest-view.module.css).
 */
const reservedHeight = '60vh';

/**
 * /guest: the practices (practices feature) and species (pets feature) handed to the guest's booking
 * (appointments feature), with the provider's sign-up and sign-in as the ways to keep a held time. A
 * signed-in person books as a client instead: their pets and details are already known.
 *
 * The practices, species and reasons usually come with the page (its first data), so the booking starts
 * as soon as the page has hydrated, with no request first. It starts in the browser only: it reads the
 * held time and the practice chosen before from this browser's storage as it mounts.
 */
export function GuestView({ practiceParam }: { practiceParam: string | null }) {
  const { status } = useSession();
  const practices = useOnlinePractices();
  const species = useSpecies();
  const [initialPracticeId] = useState(() => parsePracticeId(practiceParam) ?? readStoredPractice());
  const inBrowser = useInBrowser();

  if (status === 'authenticated') {
    return (
      <div className={styles.signedIn}>
        <AppAlert severity="info">You are signed in, so you can book for your pets straight away.</AppAlert>
        <div>
          <Button href="/appointments/book" variant="contained" className={styles.book}>
            Book an appointment
          </Button>
        </div>
      </div>
    );
  }
  if (practices.isError || species.isError) {
    return (
      <LoadError
        message="We could not load the practices and species."
        onRetry={() => {
          if (practices.isError) void practices.refetch();
          if (species.isError) void species.refetch();
        }}
      />
    );
  }
  // The loading state and the first step take the same space, so the footer does not jump when the
  // practices and species arrive (Lighthouse measured a CLS of 0.36 on a phone).
  if (status === 'loading' || !inBrowser || !practices.data || !species.data) {
    return <LoadingSpinner label="Loading" height={reservedHeight} />;
  }
  return (
    <div className={styles.flow}>
      <GuestBookingFlow
        practices={practices.data}
        species={species.data}
        initialPracticeId={initialPracticeId}
        onSignUp={() => void startSignInOnDemand(guestKeepRequest(false))}
        onSignIn={() => void startSignInOnDemand(guestKeepRequest(true))}
      />
    </div>
  );
}
