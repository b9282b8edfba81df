'use client';

import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import { visitPetNames } from '@vet/contracts/booking-rules';
import type { ReactNode } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { formatPracticeClock } from '@/shared/dates/appointment-time';
import { appointmentCalendarHref } from '@/features/appointments/calendar-file';
import { actionButtonClassName } from '@/shared/actions/action-button';
import { Button } from '@/shared/ui/button';
import { TextLink } from '@/shared/ui/text-link';
import styles from './booking-done.module.css';
import { Section, StepHeading } from './booking-parts';
import { BookingSummary } from './booking-summary';
import { QuotedPrice } from './quoted-price';

/**
 * The end of booking, changing, and of a visit's (decision 0117): what is booked, each pet's time, one
 * calendar file from the first start to the last end (as the confirmation e-mail's), and the ways on.
 */
export function BookedAppointments(props: {
  heading: string;
  /** First to last; one for an appointment of its own. */
  appointments: readonly [AppointmentDetail, ...AppointmentDetail[]];
  /** Below the summary, inside its section (an appointment's earlier-times control). */
  children?: ReactNode;
}) {
  const { appointments } = props;
  const [first] = appointments;
  const last = appointments.at(-1) ?? first;
  const visit = appointments.length > 1;
  const whole = visit
    ? { ...first, petName: visitPetNames(appointments.map((a) => a.petName)), endsAt: last.endsAt }
    : first;
  return (
    <div className={styles.steps}>
      <Section>
        <StepHeading focusKey="done">{props.heading}</StepHeading>
        <div className={styles.booked}>
          <AppAlert severity="success">
            {visit
              ? appointments.map((a) => `${a.petName} at ${formatPracticeClock(a.startsAt)}`).join(', then ')
              : `${first.petName} is booked in at ${formatPracticeClock(first.startsAt)}`}{' '}
            UK time. We have e-mailed you the details.
          </AppAlert>
        </div>
        <BookingSummary {...whole} />
        <QuotedPrice quotes={appointments.map(({ petName, price }) => ({ petName, price }))} />
        {props.children}
      </Section>
      <div className={styles.actions}>
        <Button
          href={appointmentCalendarHref(whole)}
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
