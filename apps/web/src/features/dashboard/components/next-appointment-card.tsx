import type { AppointmentSummary } from '@vet/contracts/appointments';
import { clinicianPhrase } from '@vet/contracts/clinician-phrase';
import { useId } from 'react';
import { formatAppointmentTime } from '@/shared/dates/appointment-time';
import { LoadError } from '@/shared/components/load-error';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import styles from './next-appointment-card.module.css';

export interface NextAppointmentCardProps {
  /** The next Booked appointment; undefined when there is none. */
  appointment: AppointmentSummary | undefined;
  /** The appointments could not be loaded: the dashboard, drawn on the server, is loaded again to retry. */
  error: boolean;
}

function AppointmentDetails({ appointment }: { appointment: AppointmentSummary }) {
  // "With Kirsty Doyle" when the client named her, else "With a vet" (decision 0141).
  const phrase = clinicianPhrase(appointment);
  const who = phrase && `W${phrase.slice(1)}`;
  return (
    <>
      <p className={typography.h3}>
        <time dateTime={appointment.startsAt}>{formatAppointmentTime(appointment.startsAt)}</time>
      </p>
      <p className={styles.reason}>
        {appointment.reasonName} for {appointment.petName}
      </p>
      <p className={typography.secondary}>
        {appointment.practiceName}
        {who && ` · ${who}`}
      </p>
    </>
  );
}

/** The soonest upcoming appointment, or a friendly word when there is none. */
export function NextAppointmentCard({ appointment, error }: NextAppointmentCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cx(surface.outlined, styles.card)}>
      <h2 id={headingId} className={typography.gutterBottom}>
        Your next appointment
      </h2>
      {error ? (
        <LoadError message="We could not load your appointments." retryHref="/" />
      ) : appointment ? (
        <AppointmentDetails appointment={appointment} />
      ) : (
        <p>You have no upcoming appointments. When you book one, it will show here.</p>
      )}
      <div className={styles.more}>
        <TextLink href="/appointments">See all your appointments</TextLink>
      </div>
    </section>
  );
}
