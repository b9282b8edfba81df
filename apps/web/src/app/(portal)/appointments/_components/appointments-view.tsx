'use client';

import { isOnlineBookingOpen } from '@vet/contracts/practice-rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppointments } from '@/features/appointments/api/get-appointments';
import { groupAppointments } from '@/features/appointments/appointment-groups';
import type { CancelTarget } from '@/features/appointments/cancel-target';
import { AppointmentsList } from '@/features/appointments/components/appointments-list';
import { CancelledPaymentNotice } from '@/features/appointments/components/cancelled-payment-notice';
import { usePets } from '@/features/pets/api/get-pets';
import { useFeatureToggles } from '@/features/practices/api/get-feature-toggles';
import { useProfile } from '@/features/profile/api/get-profile';
import { ActionButton } from '@/shared/actions/action-button';
import { bookingOutcome, homePracticeOf } from '@/shared/actions/action-rules';
import { useActionDialog } from '@/shared/actions/use-action-dialog';
import { OnDemand } from '@/shared/components/on-demand';
import { trackAppointmentsLoaded } from '@/shared/telemetry/track-event';
import { useToast } from '@/shared/toast/use-toast';
import { Container } from '@/shared/ui/container';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import pageHeader from '@/shared/layout/page-header.module.css';
import styles from './appointments-view.module.css';

// Loaded the first time a person presses Cancel (its Dialog, select and reasons), not with the page (decision 0034).
const loadCancelDialog = () =>
  import('@/features/appointments/components/cancel-appointment-dialog').then(
    (module) => module.CancelAppointmentDialog,
  );

/**
 * Your appointments (/appointments): upcoming with Change and Cancel while the cut-off allows, then past
 * and cancelled ones; times on the practice's clocks, labelled GMT or BST. R1.7: the first load of the
 * list tracks Appointments Found (with the count) or Appointments Not Found.
 */
export function AppointmentsView() {
  const profile = useProfile();
  const activation = profile.data?.activationStatus;
  const appointments = useAppointments(activation);
  const pets = usePets(activation);
  const practiceId = profile.data?.homePracticeId ?? null;
  const toggles = useFeatureToggles(practiceId);
  const { openDialog, dialog } = useActionDialog(homePracticeOf(profile.data));
  const { showToast } = useToast();
  const [openedAt] = useState(() => new Date());
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  // The appointment last cancelled on its own: its deposit's refund or hold's release is shown (issue 64).
  const [cancelled, setCancelled] = useState<{ appointmentId: number; what: string; at: number } | null>(
    null,
  );
  const stopCancelling = useCallback(() => setCancelling(null), []);

  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current || !appointments.isSuccess) return;
    tracked.current = true;
    trackAppointmentsLoaded(appointments.data.length, 'AppointmentsPage');
  }, [appointments.isSuccess, appointments.data]);

  const rulesKnown =
    profile.data !== undefined && (practiceId === null || !toggles.isPending) && !pets.isPending;
  const booking = rulesKnown
    ? bookingOutcome({
        allowed: profile.data?.isAppointmentBookingAndPetRegistrationAllowed ?? false,
        toggles: toggles.data ?? [],
        pets: pets.data ?? null,
      })
    : undefined;

  return (
    <Container maxWidth="lg" spacing="page">
      <div className={pageHeader.header}>
        <h1>Your appointments</h1>
        <ActionButton label="Book an appointment" outcome={booking} primary onDialog={openDialog} />
      </div>
      <p className={cx(typography.secondary, styles.note)}>
        Times are UK time, as your practice’s clocks show them (GMT in winter, BST in summer).
      </p>
      {cancelled && (
        <CancelledPaymentNotice
          appointmentId={cancelled.appointmentId}
          what={cancelled.what}
          cancelledAt={cancelled.at}
        />
      )}
      <div className={styles.sections}>
        <AppointmentsList
          groups={appointments.data ? groupAppointments(appointments.data, openedAt) : undefined}
          error={appointments.isError}
          onRetry={() => void appointments.refetch()}
          now={openedAt}
          changeOpen={
            rulesKnown &&
            isOnlineBookingOpen({
              allowed: profile.data?.isAppointmentBookingAndPetRegistrationAllowed ?? false,
              toggles: toggles.data ?? [],
            })
          }
          onCancel={setCancelling}
        />
      </div>
      <OnDemand
        wanted={cancelling !== null}
        load={loadCancelDialog}
        onUnavailable={stopCancelling}
        props={{
          appointment: cancelling,
          onClose: stopCancelling,
          onCancelled: () => {
            const visit = cancelling?.visit !== undefined;
            const removed = cancelling?.removeFrom ? cancelling.petName : null;
            setCancelling(null);
            if (!visit && !removed && cancelling) {
              setCancelled({
                appointmentId: cancelling.appointmentId,
                what: `${cancelling.petName}’s ${cancelling.reasonName}`,
                at: Date.now(),
              });
            }
            showToast(
              removed
                ? `${removed} has been removed from the visit.`
                : `Your ${visit ? 'visit' : 'appointment'} has been cancelled.`,
              'success',
            );
          },
        }}
      />
      {dialog}
    </Container>
  );
}
