'use client';

import type { CancelTarget } from '@/features/appointments/cancel-target';
import { visitPetNames } from '@vet/contracts/booking-rules';
import { useId } from 'react';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { formatLabelledAppointmentTime } from '@/shared/dates/appointment-time';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import { Dialog } from '@/shared/ui/dialog';
import dialog from '@/shared/ui/dialog.module.css';
import { useCancelAppointment } from '@/features/appointments/api/cancel-appointment';
import { useCancelVisit } from '@/features/appointments/api/cancel-visit';
import { useCancellationReasons } from '@/features/appointments/api/get-cancellation-reasons';
import { useAppointmentPayment } from '@/features/appointments/api/get-appointment-payment';
import { CancelPaymentOutcome } from './cancel-payment-outcome';
import { CancellationReasonField, useCancellationReasonChoice } from './cancellation-reason-field';
import styles from './cancel-appointment-dialog.module.css';

export interface CancelAppointmentDialogProps {
  /** With `visit`, the whole visit is cancelled; with `removeFrom`, one pet leaves it (decision 0117). */
  appointment: CancelTarget | null;
  onClose: () => void;
  onCancelled: () => void;
}

/**
 * Cancelling asks why (R4.22: a cancellation reason id). The confirm dialog's look (R2.26: no backdrop
 * close, the Dialog's own 300/400 px minimum width), with a reason to choose; a refusal (past the cut-off) says so in the dialog.
 */
export function CancelAppointmentDialog({ appointment, onClose, onCancelled }: CancelAppointmentDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const reasons = useCancellationReasons(appointment !== null);
  const cancelOne = useCancelAppointment();
  const cancelVisit = useCancelVisit();
  const visit = appointment?.visit;
  const removeFrom = appointment?.removeFrom;
  const cancel = visit ? cancelVisit : cancelOne;
  const noun = visit ? 'visit' : 'appointment';
  // Removing a pet names it: "Remove Biscuit from this visit", "Keep Biscuit in it".
  const petName = appointment?.petName ?? '';
  const title = removeFrom ? `Remove ${petName} from this visit` : `Cancel ${noun}`;
  const reason = useCancellationReasonChoice();
  // A deposit or card hold is taken with one appointment, never a visit's (issue 64): said before the press.
  const payment = useAppointmentPayment(
    appointment && !visit && !removeFrom ? appointment.appointmentId : null,
  );
  const close = () => {
    if (cancel.isPending) return;
    reason.reset();
    cancel.reset();
    onClose();
  };
  const submit = () => {
    if (!appointment) return;
    const reasonId = reason.take();
    if (reasonId === null) return;
    const onSuccess = () => {
      reason.reset();
      onCancelled();
    };
    if (visit) cancelVisit.mutate({ visitId: visit.visitId, reasonId }, { onSuccess });
    else cancelOne.mutate({ appointmentId: appointment.appointmentId, reasonId }, { onSuccess });
  };
  const problem = cancel.isError ? apiProblem(cancel.error) : null;
  return (
    <Dialog
      open={appointment !== null}
      // Only Escape reaches here: a click on the dimmed page closes nothing (R2.26).
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <h2 id={titleId} className={dialog.title}>
        {title}
      </h2>
      <div className={dialog.content}>
        {appointment && (
          <p id={descriptionId} className={cx(dialog.contentText, styles.description)}>
            {visit ? `The visit of ${visit.petNames}: ` : `${appointment.petName}’s `}
            {appointment.reasonName} on {formatLabelledAppointmentTime(appointment.startsAt)} at{' '}
            {appointment.practiceName}.{visit && ' Every pet’s appointment in it is cancelled.'}
            {removeFrom &&
              ` ${petName}’s appointment is cancelled; ${visitPetNames(removeFrom.otherPets)} ${
                removeFrom.otherPets.length > 1 ? 'keep their times' : 'keeps its time'
              }.`}
          </p>
        )}
        {/* Judged at the moment it was read, as the dialog opened. */}
        <CancelPaymentOutcome payment={payment} now={payment.dataUpdatedAt} />
        <CancellationReasonField reasons={reasons} {...reason.field} />
        {problem && (
          <div className={styles.problem}>
            <AppAlert severity="error">
              {problem.status === 409 && problem.message ? problem.message : submissionFailedMessage}
            </AppAlert>
          </div>
        )}
      </div>
      <div className={cx(dialog.actions, styles.actions)}>
        <Button variant="outlined" onClick={close} disabled={cancel.isPending}>
          {removeFrom ? `Keep ${petName} in the visit` : `Keep ${noun}`}
        </Button>
        <Button variant="contained" onClick={submit} loading={cancel.isPending || payment.isLoading}>
          {removeFrom ? `Remove ${petName}` : `Cancel ${noun}`}
        </Button>
      </div>
    </Dialog>
  );
}
