import type { AppointmentSummary } from '@vet/contracts/appointments';
import { clinicianPhrase } from '@vet/contracts/clinician-phrase';
import { gridSkeletonHeight } from '@/shared/components/grid-wrapper';
import { LoadError } from '@/shared/components/load-error';
import { formatAppointmentTime } from '@/shared/dates/appointment-time';
import { cx } from '@/shared/ui/cx';
import { Skeleton } from '@/shared/ui/skeleton';
import typography from '@/shared/ui/typography.module.css';
import type { PetAppointments } from '@/features/pets/pet-appointments';
import { ListSection } from '@/shared/components/titled-section';
import styles from './pet-appointments-list.module.css';

const statusNote: Record<AppointmentSummary['status'], string | null> = {
  Booked: null,
  Completed: null,
  Cancelled: 'Cancelled',
  NoShow: 'Missed',
};

function AppointmentItem({ appointment }: { appointment: AppointmentSummary }) {
  const note = statusNote[appointment.status];
  // "with Kirsty Doyle" when the client named her, else "with a vet" (decision 0141).
  const who = clinicianPhrase(appointment);
  return (
    <li className={styles.item}>
      <span className={styles.when}>
        <time dateTime={appointment.startsAt}>{formatAppointmentTime(appointment.startsAt)}</time>
        {note && ` · ${note}`}
      </span>
      <span className={styles.line}>
        {appointment.reasonName}
        {who && ` ${who}`}
      </span>
      <span className={cx(styles.line, typography.secondary)}>{appointment.practiceName}</span>
    </li>
  );
}

function AppointmentGroup(props: { title: string; empty: string; appointments: AppointmentSummary[] }) {
  return (
    <ListSection title={props.title} empty={props.empty} items={props.appointments}>
      {(appointment) => <AppointmentItem key={appointment.appointmentId} appointment={appointment} />}
    </ListSection>
  );
}

export interface PetAppointmentsListProps {
  appointments: PetAppointments | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/** The pet's upcoming appointments, soonest first, then its past and cancelled ones, latest first. */
export function PetAppointmentsList({ appointments, loading, error, onRetry }: PetAppointmentsListProps) {
  if (error) return <LoadError message="We could not load this pet’s appointments." onRetry={onRetry} />;
  if (loading || !appointments) {
    return (
      <>
        <p role="status" className="visually-hidden">
          Loading appointments
        </p>
        <Skeleton variant="rounded" height={gridSkeletonHeight} />
      </>
    );
  }
  return (
    <>
      <AppointmentGroup
        title="Upcoming appointments"
        empty="No upcoming appointments."
        appointments={appointments.upcoming}
      />
      <AppointmentGroup
        title="Past and cancelled appointments"
        empty="No past appointments yet."
        appointments={appointments.past}
      />
    </>
  );
}
