'use client';

import { bookingMessages, isOnlineBookingOpen } from '@vet/contracts/booking-rules';
import { notFound, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import { useOnlineAppointmentReasons } from '@/features/appointments/api/get-online-appointment-reasons';
import { usePracticePrices } from '@/features/appointments/api/get-practice-prices';
import { useVisit } from '@/features/appointments/api/get-visit';
import { readBookingParams } from '@/features/appointments/booking-params';
import { usePets } from '@/features/pets/api/get-pets';
import { useFeatureToggles } from '@/features/practices/api/get-feature-toggles';
import { useProfile } from '@/features/profile/api/get-profile';
import { homePracticeOf } from '@/shared/actions/action-rules';
import { EmergencyDialog, emergencyProceedDelayMs } from '@/shared/actions/emergency-dialog';
import { useActionDialog } from '@/shared/actions/use-action-dialog';
import { ApiError } from '@/shared/api/api-client';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { useOnDemand } from '@/shared/components/on-demand';
import { PortalLink } from '@/shared/navigation/portal-link';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './book-view.module.css';

// The steps load once the emergency information is accepted (its 500 ms pause covers the fetch): a page
// opened on the dialog does not carry them (decision 0149).
const loadBookingFlow = () =>
  import('@/features/appointments/components/booking-flow').then((module) => module.BookingFlow);

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container maxWidth="md" spacing="page">
      <h1 className={styles.title}>{title}</h1>
      {children}
    </Container>
  );
}

/**
 * Book an appointment: the profile, pets and the home practice's settings decide first. Booking off for the
 * client or at the practice → "Online appointment booking unavailable"; no living pet → "Register your
 * pet"; otherwise the emergency information comes first, and booking goes on 500 ms after it is accepted
 * (R2.28). A pet awaiting its initial consultation is offered that reason only. With
 * ?change=1&appointmentId it moves that appointment instead (no emergency dialog: it is already booked);
 * with ?change=1&visitId, the whole visit (decision 0117).
 */
export function BookView() {
  const { router } = usePortalRouter();
  const params = readBookingParams(useSearchParams());
  const profile = useProfile();
  const activation = profile.data?.activationStatus;
  const pets = usePets(activation);
  const practiceId = profile.data?.homePracticeId ?? null;
  const toggles = useFeatureToggles(practiceId);
  // Asked for while the emergency information is read, so the first step opens with its reasons and a
  // chosen reason's price at once, rather than each arriving later and pushing the page (issue 62).
  useOnlineAppointmentReasons();
  usePracticePrices(practiceId);
  const homePractice = homePracticeOf(profile.data);
  const { openDialog, dialog } = useActionDialog(homePractice);
  const movingVisit = params.amend && params.visitId !== null;
  const amending = params.amend && (params.appointmentId !== null || movingVisit);
  const existingOne = useAppointment(amending && !movingVisit ? params.appointmentId : null);
  const existingVisit = useVisit(movingVisit ? params.visitId : null);
  const existing = movingVisit ? existingVisit : existingOne;

  // A reload mid-flow (a reason chosen, a later step) does not ask again.
  const [emergency, setEmergency] = useState<'ask' | 'accepted' | 'proceeding'>(() =>
    amending || params.step !== 'choose' || params.reasonId !== null ? 'accepted' : 'ask',
  );
  const [flowUnavailable, setFlowUnavailable] = useState(false);
  const BookingFlow = useOnDemand(
    emergency !== 'ask' && !flowUnavailable,
    loadBookingFlow,
    useCallback(() => setFlowUnavailable(true), []),
  );
  useEffect(() => {
    if (emergency !== 'proceeding') return;
    const timer = setTimeout(() => setEmergency('accepted'), emergencyProceedDelayMs);
    return () => clearTimeout(timer);
  }, [emergency]);

  const rulesKnown = profile.data !== undefined && (practiceId === null || !toggles.isPending);
  const rules = {
    allowed: profile.data?.isAppointmentBookingAndPetRegistrationAllowed ?? false,
    toggles: toggles.data ?? [],
  };
  const open = rulesKnown && isOnlineBookingOpen(rules);
  const living = pets.data?.filter((pet) => pet.status === 'Active');
  const blocked: 'booking-unavailable' | 'register-your-pet' | null = !rulesKnown
    ? null
    : !open
      ? 'booking-unavailable'
      : living && living.length === 0 && !amending
        ? 'register-your-pet'
        : null;
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (blocked && shown.current !== blocked) {
      shown.current = blocked;
      openDialog(blocked);
    }
  }, [blocked, openDialog]);

  const title = movingVisit
    ? 'Change your visit'
    : amending
      ? 'Change your appointment'
      : 'Book an appointment';
  if (profile.isError) {
    return (
      <Frame title={title}>
        <LoadError message="We could not load your account." onRetry={() => void profile.refetch()} />
      </Frame>
    );
  }
  if (profile.data && profile.data.activationStatus !== 'COMPLETED') {
    return (
      <Frame title={title}>
        <AppAlert severity="info">
          Finish linking your account to your practice before booking online.{' '}
          <PortalLink href="/client-routing">Continue</PortalLink>
        </AppAlert>
      </Frame>
    );
  }
  if (existing.isError) {
    if (existing.error instanceof ApiError && existing.error.status === 404) notFound();
    return (
      <Frame title={title}>
        <LoadError
          message={`We could not load your ${movingVisit ? 'visit' : 'appointment'}.`}
          onRetry={() => void existing.refetch()}
        />
      </Frame>
    );
  }
  if (pets.isError) {
    return (
      <Frame title={title}>
        <LoadError message="We could not load your pets." onRetry={() => void pets.refetch()} />
      </Frame>
    );
  }
  if (!rulesKnown || !living || (amending && existing.isPending)) {
    return <LoadingSpinner label="Loading" />;
  }
  if (blocked || practiceId === null) {
    return (
      <Frame title={title}>
        <AppAlert severity="info">
          {blocked === 'register-your-pet'
            ? 'To book an appointment with us, please register your pet.'
            : bookingMessages.bookingUnavailable}
        </AppAlert>
        <div className={styles.blockedActions}>
          {blocked === 'register-your-pet' && (
            <Button href="/pets/register" variant="contained">
              Register your pet
            </Button>
          )}
          <Button href="/" variant="outlined">
            Back to the dashboard
          </Button>
        </div>
        {dialog}
      </Frame>
    );
  }
  return (
    <Frame title={title}>
      {flowUnavailable ? (
        <LoadError message="We could not open the booking." onRetry={() => setFlowUnavailable(false)} />
      ) : emergency === 'accepted' && BookingFlow ? (
        // eslint-disable-next-line react-hooks/static-components -- a module's own export, loaded once and kept
        <BookingFlow
          params={params}
          practice={{ practiceId, name: profile.data?.homePracticeName ?? 'Your practice' }}
          pets={living}
          rules={rules}
          existing={amending && !movingVisit ? (existingOne.data ?? null) : null}
          existingVisit={movingVisit ? (existingVisit.data ?? null) : null}
        />
      ) : (
        <p className={`${typography.secondary} ${styles.flowPending}`}>
          {emergency === 'ask' ? 'Please read the emergency information first.' : 'Opening the booking…'}
        </p>
      )}
      <EmergencyDialog
        open={emergency === 'ask'}
        practice={homePractice}
        onProceed={() => setEmergency('proceeding')}
        onCancel={() => router.push('/appointments')}
      />
      {dialog}
    </Frame>
  );
}
