'use client';

import { visitPetNames } from '@vet/contracts/booking-rules';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { formatPracticeClock } from '@/shared/dates/appointment-time';
import { useVisit } from '@/features/appointments/api/get-visit';
import { appointmentCalendarHref } from '@/features/appointments/calendar-file';
import { actionButtonClassName } from '@/shared/actions/action-button';
import { Button } from '@/shared/ui/button';
import { TextLink } from '@/shared/ui/text-link';
import styles from './booking-done.module.css';
import { Pending, Section, StepHeading } from './booking-parts';
import { BookingSummary } from './booking-summary';

/**
 * A visit's last step (decision 0117): the pets, each one's time, and one calendar file spanning the
 * visit, as the confirmation e-mail's. Survives a reload.
 */
export function VisitDone({ visitId }: { visitId: string }) {
  const visit = useVisit(visitId);
  if (visit.isError) {
    return <LoadError message="We could not load your visit." onRetry={() => void visit.refetch()} />;
  }
  if (visit.isPending) return <Pending label="Loading your visit…" />;
  const { appointments } = visit.data;
  const first = appointments[0]!;
  const last = appointments.at(-1)!;
  const names = visitPetNames(appointments.map((appointment) => appointment.petName));
  const whole = { ...first, petName: names, endsAt: last.endsAt };
  return (
    <div className={styles.steps}>
      <Section>
        <StepHeading focusKey="done">Your visit is booked</StepHeading>
        <div className={styles.booked}>
          <AppAlert severity="success">
            {appointments
              .map((appointment) => `${appointment.petName} at ${formatPracticeClock(appointment.startsAt)}`)
              .join(', then ')}{' '}
            UK time. We have e-mailed you the details.
          </AppAlert>
        </div>
        <BookingSummary {...whole} />
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
