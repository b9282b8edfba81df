'use client';

import { useEffect } from 'react';
import { bookingHref } from '@/features/appointments/booking-params';
import { GuestCompletion } from '@/features/appointments/components/guest-completion';
import { useOnlinePractices } from '@/features/practices/api/get-online-practices';
import { useActivationState } from '@/features/profile/api/get-profile';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';

/**
 * /guest/complete is one of R4.1's unguarded pages, so it sends a person who is not linked yet through
 * onboarding itself (/client-routing decides where); onboarding brings them back here once linked
 * (afterLinkingDestination). Once booked, the booking's own "done" step shows the appointment, so a
 * reload shows it too.
 */
export function GuestCompleteScreen() {
  const { router } = usePortalRouter();
  const { activationStatus, failed, retry } = useActivationState();
  const practices = useOnlinePractices();
  const linked = activationStatus === 'COMPLETED';

  useEffect(() => {
    if (activationStatus !== undefined && !linked) router.replace('/client-routing');
  }, [activationStatus, linked, router]);

  if (failed) return <ProfileLoadError onRetry={retry} />;
  if (!linked) return <LoadingSpinner label="Loading your account" />;
  return (
    <GuestCompletion
      practiceName={(practiceId) =>
        practices.data?.find((practice) => practice.id === practiceId)?.name ?? 'your practice'
      }
      onBooked={(appointment) =>
        router.replace(bookingHref({ step: 'done', appointmentId: appointment.appointmentId }))
      }
    />
  );
}
