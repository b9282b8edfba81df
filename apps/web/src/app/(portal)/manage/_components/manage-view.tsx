'use client';

import type { ManageLinkAppointment } from '@vet/contracts/manage-link';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCancellationReasons } from '@/features/appointments/api/get-cancellation-reasons';
import {
  CancellationReasonField,
  useCancellationReasonChoice,
} from '@/features/appointments/components/cancellation-reason-field';
import { useManageLink, useManageLinkPress } from '@/features/appointments/api/manage-link';
import { changeAppointmentHref } from '@/features/appointments/booking-params';
import { BookingSummary } from '@/features/appointments/components/booking-summary';
import { QuotedPrice } from '@/features/appointments/components/quoted-price';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Button } from '@/shared/ui/button';
import { forgetLinkToken, useLinkToken } from '@/shared/navigation/use-link-token';
import { TextLink } from '@/shared/ui/text-link';
import { WrittenPrescriptionNotice } from '@/shared/components/written-prescription-notice';
import styles from '@/features/appointments/components/link-page.module.css';

/**
 * One plain answer for a link that is tampered, expired, used up, replaced or ended, and for a moved or
 * cancelled appointment's (decisions 0084, 0095). The tab's copy of the token goes with it.
 */
function NotValid() {
  useEffect(() => forgetLinkToken('manage'), []);
  return (
    <div className={styles.stack}>
      <AppAlert severity="info" title="This link no longer works">
        It has expired or been replaced by a newer link, or the appointment has changed or been cancelled.
        Nothing has been changed.
      </AppAlert>
      <p>
        To see or book your appointments, <TextLink href="/appointments">sign in to the portal</TextLink>, or
        call your practice.
      </p>
    </div>
  );
}

/**
 * /manage: the appointment of the link, and the presses that act on it (decision 0084). The token leaves
 * the address bar once read and stays with the tab until the link is used up or found not valid
 * (decision 0095), so a reload or the back button keeps the page working.
 */
export function ManageView() {
  const token = useLinkToken('manage');
  if (token === null) return <LoadingSpinner height="30vh" label="Loading your appointment" />;
  if (token === '') return <NotValid />;
  return <ManageAppointment key={token} token={token} />;
}

function ManageAppointment({ token }: { token: string }) {
  const link = useManageLink(token);
  if (link.isPending) return <LoadingSpinner height="30vh" label="Loading your appointment" />;
  if (link.isError) {
    const problem = apiProblem(link.error);
    if (problem.status === 404) return <NotValid />;
    if (problem.status === 429 && problem.message)
      return <AppAlert severity="error">{problem.message}</AppAlert>;
    return <LoadError message="We could not load your appointment." onRetry={() => void link.refetch()} />;
  }
  return <AppointmentActions token={token} appointment={link.data} />;
}

function AppointmentActions({ token, appointment }: { token: string; appointment: ManageLinkAppointment }) {
  const press = useManageLinkPress(token);
  // The time the page was read: the cut-off is the API's rule; this only chooses what to offer.
  const [openedAt] = useState(() => Date.now());
  const problem = press.isError ? apiProblem(press.error) : null;
  if (problem?.status === 404) return <NotValid />;
  const cancelled = appointment.status === 'Cancelled';
  // Decision 0099: a pet that has died or has a new home leaves its appointment to the practice.
  const petHere = appointment.petStatus === 'Active';
  const changeable = !cancelled && openedAt < Date.parse(appointment.changeableUntil);
  return (
    <div className={styles.stack}>
      {cancelled && (
        <AppAlert severity="success" title="Your appointment is cancelled">
          We have e-mailed you to confirm it. The time is free for someone else.
        </AppAlert>
      )}
      <section aria-labelledby="manage-appointment-heading" className={styles.section}>
        <h2 id="manage-appointment-heading">
          {cancelled ? 'The cancelled appointment' : 'Your appointment'}
        </h2>
        <BookingSummary {...appointment} />
        <QuotedPrice quotes={[{ petName: appointment.petName, price: appointment.price }]} />
        <p className={styles.secondary}>
          {appointment.practiceAddress}. Phone{' '}
          <TextLink href={`tel:${appointment.practicePhone.replace(/\s+/g, '')}`}>
            {appointment.practicePhone}
          </TextLink>
          .
        </p>
        {/* Where a booking is discussed, the written prescription notice (issue 62, decision 0148). */}
        {!cancelled && <WrittenPrescriptionNotice fees={appointment.writtenPrescriptionFees} />}
      </section>
      {problem && (
        <AppAlert severity="error">
          {(problem.status === 409 || problem.status === 429) && problem.message
            ? problem.message
            : submissionFailedMessage}
        </AppAlert>
      )}
      {!cancelled && (
        <>
          <Attendance
            confirmed={appointment.attendanceConfirmed}
            pending={press.isPending && press.variables.kind === 'attendance'}
            disabled={press.isPending}
            onConfirm={() => press.mutate({ kind: 'attendance' })}
          />
          {changeable ? (
            <>
              {!petHere && (
                <p>
                  {appointment.petName} is no longer with you, so this appointment cannot be moved online. You
                  can still cancel it, or call {appointment.practiceName} on {appointment.practicePhone}.
                </p>
              )}
              {petHere && (
                <section aria-labelledby="manage-change-heading" className={styles.section}>
                  <h2 id="manage-change-heading">Change the time</h2>
                  <p>You sign in to the portal to choose a new time.</p>
                  <div>
                    <Button
                      href={changeAppointmentHref(appointment.appointmentId)}
                      variant="outlined"
                      className={styles.action}
                    >
                      Change the time
                    </Button>
                  </div>
                </section>
              )}
              <CancelForm
                pending={press.isPending && press.variables.kind === 'cancellation'}
                disabled={press.isPending}
                onCancel={(reasonId) =>
                  // A cancellation uses the link up (decision 0095): the tab forgets it.
                  press.mutate(
                    { kind: 'cancellation', reasonId },
                    { onSuccess: () => forgetLinkToken('manage') },
                  )
                }
              />
            </>
          ) : (
            <p>
              It starts too soon to change or cancel online. Please call {appointment.practiceName} on{' '}
              {appointment.practicePhone}.
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** A form's one button, on a line of its own, pending while its request is on its way. */
function SubmitAction(props: {
  variant: 'contained' | 'outlined';
  pending: boolean;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <Button
        type="submit"
        variant={props.variant}
        loading={props.pending}
        disabled={props.disabled}
        className={styles.action}
      >
        {props.children}
      </Button>
    </div>
  );
}

function Attendance(props: {
  confirmed: boolean;
  pending: boolean;
  disabled: boolean;
  onConfirm: () => void;
}) {
  if (props.confirmed)
    return (
      <AppAlert severity="success" title="Thank you">
        You have told the practice you will be there.
      </AppAlert>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onConfirm();
  };
  return (
    <form onSubmit={submit} className={styles.section} aria-labelledby="manage-attend-heading">
      <h2 id="manage-attend-heading">Coming along?</h2>
      <p>Let the practice know you will be there. Nothing else is sent.</p>
      <SubmitAction variant="contained" pending={props.pending} disabled={props.disabled}>
        I&rsquo;ll be there
      </SubmitAction>
    </form>
  );
}

function CancelForm(props: { pending: boolean; disabled: boolean; onCancel: (reasonId: number) => void }) {
  const headingId = useId();
  const reasons = useCancellationReasons(true);
  const reason = useCancellationReasonChoice();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reasonId = reason.take();
    if (reasonId !== null) props.onCancel(reasonId);
  };
  return (
    <form onSubmit={submit} noValidate className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Cancel the appointment</h2>
      <CancellationReasonField reasons={reasons} {...reason.field} />
      <SubmitAction variant="outlined" pending={props.pending} disabled={props.disabled}>
        Cancel appointment
      </SubmitAction>
    </form>
  );
}
