'use client';

import { useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { formatPracticeClock } from '@/shared/dates/appointment-time';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import { appointmentCalendarHref } from '@/features/appointments/calendar-file';
import { actionButtonClassName } from '@/shared/actions/action-button';
import { Button } from '@/shared/ui/button';
import { TextLink } from '@/shared/ui/text-link';
import styles from './booking-done.module.css';
import { Pending, Section, StepHeading } from './booking-parts';
import { BookingSummary } from './booking-summary';
import { FetchingEarlierTimesControl } from './earlier-times-control';

/** Booking's last step: the appointment as the API keeps it, with its calendar file. Survives a reload. */
export function BookingDone({ appointmentId, amended }: { appointmentId: number; amended: boolean }) {
  const appointment = useAppointment(appointmentId);
  const [openedAt] = useState(() => new Date());
  if (appointment.isError) {
    return (
      <LoadError message="We could not load your appointment." onRetry={() => void appointment.refetch()} />
    );
  }
  if (appointment.isPending) {
    return <Pending label="Loading your appointment…" />;
  }
  const booked = appointment.data;
  return (
    <div className={styles.steps}>
      <Section>
        <StepHeading focusKey="done">
          {amended ? 'Your appointment has been changed' : 'Your appointment is booked'}
        </StepHeading>
        <div className={styles.booked}>
          <AppAlert severity="success">
            {booked.petName} is booked in at {formatPracticeClock(booked.startsAt)} UK time. We have e-mailed
            you the details.
          </AppAlert>
        </div>
        <BookingSummary {...booked} />
        {/* Nothing sooner was free: the client can wait for an earlier time (decision 0086). One request,
            after the appointment's: a changed (amended) appointment may already be waiting. */}
        {booked.status === 'Booked' && <FetchingEarlierTimesControl appointment={booked} now={openedAt} />}
      </Section>
      <div className={styles.actions}>
        <Button
          href={appointmentCalendarHref(booked)}
          download="appointment.ics"
          variant="contained"
          className={actionButtonClassName}
        >
          Add to calendar
        </Button>
        <Button href="/appointments" variant="outlined" className={actionButtonClassName}>
          See your appointments
        </Button>
        <TextLink href="/" className={styles.dashboardLink}>
          Back to the dashboard
        </TextLink>
      </div>
    </div>
  );
}
