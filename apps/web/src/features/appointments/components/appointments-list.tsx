'use client';

import type { AppointmentSummary, ListedAppointment } from '@vet/contracts/appointments';
import { LoadError } from '@/shared/components/load-error';
import { formatLabelledAppointmentTime } from '@/shared/dates/appointment-time';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import { clinicianPhrase, type AppointmentGroups } from '@/features/appointments/appointment-groups';
import { changeAppointmentHref } from '@/features/appointments/booking-params';
import { EarlierTimesControl } from './earlier-times-control';
import { Button } from '@/shared/ui/button';
import { Skeleton } from '@/shared/ui/skeleton';
import typography from '@/shared/ui/typography.module.css';
import { ListSection } from '@/shared/components/titled-section';
import styles from './appointments-list.module.css';

const statusNote: Record<AppointmentSummary['status'], string | null> = {
  Booked: null,
  Completed: null,
  Cancelled: 'Cancelled',
  NoShow: 'Missed',
};

/** Change and Cancel, while the practice's cut-off allows (the appointment's changeableUntil). */
function ChangeActions(props: {
  appointment: ListedAppointment;
  now: Date;
  changeOpen: boolean;
  onCancel: () => void;
}) {
  const { appointment, now, changeOpen, onCancel } = props;
  const detail = useAppointment(appointment.appointmentId);
  if (detail.isPending) {
    return <Skeleton variant="rounded" width={200} height={40} className={styles.actionsPending} />;
  }
  if (detail.isError) return null;
  if (detail.data.status !== 'Booked' || Date.parse(detail.data.changeableUntil) <= now.getTime()) {
    return (
      <p className={styles.tooSoon}>
        This appointment starts too soon to change or cancel online. Please call your practice.
      </p>
    );
  }
  const what = `${appointment.petName}’s ${appointment.reasonName} on ${formatLabelledAppointmentTime(appointment.startsAt)}`;
  return (
    <>
      <div className={styles.actions}>
        {changeOpen && (
          <Button
            href={changeAppointmentHref(appointment.appointmentId)}
            variant="outlined"
            aria-label={`Change ${what}`}
          >
            Change
          </Button>
        )}
        <Button variant="outlined" onClick={onCancel} aria-label={`Cancel ${what}`}>
          Cancel
        </Button>
      </div>
      {appointment.petStatus !== 'Active' && (
        <p className={typography.secondary}>
          {appointment.petName} is no longer with you, so this appointment cannot be moved online. You can
          still cancel it, or call your practice.
        </p>
      )}
      {/* Its place in the line comes with the list: no request per appointment (decision 0086). */}
      {changeOpen && (
        <EarlierTimesControl appointment={appointment} request={appointment.earlierTimes} now={now} />
      )}
    </>
  );
}

function AppointmentItem(props: {
  appointment: ListedAppointment;
  upcoming: boolean;
  now: Date;
  changeOpen: boolean;
  onCancel: (appointment: AppointmentSummary) => void;
}) {
  const { appointment, upcoming, now, changeOpen, onCancel } = props;
  const note = statusNote[appointment.status];
  const who = clinicianPhrase(appointment.clinicianType);
  return (
    <li className={styles.item}>
      <p className={styles.when}>
        <time dateTime={appointment.startsAt}>{formatLabelledAppointmentTime(appointment.startsAt)}</time>
        {note && <span className={styles.note}>{note}</span>}
      </p>
      <p>
        {appointment.petName}: {appointment.reasonName}
        {who && ` ${who}`}
      </p>
      <p className={typography.secondary}>{appointment.practiceName}</p>
      {upcoming && (
        <ChangeActions
          appointment={appointment}
          now={now}
          // Decision 0099: a pet that has died or has a new home is not booked for, so neither moved nor
          // offered earlier times; the appointment can still be cancelled (0066).
          changeOpen={changeOpen && appointment.petStatus === 'Active'}
          onCancel={() => onCancel(appointment)}
        />
      )}
    </li>
  );
}

function AppointmentSection(props: {
  title: string;
  empty: string;
  appointments: ListedAppointment[];
  upcoming: boolean;
  now: Date;
  changeOpen: boolean;
  onCancel: (appointment: AppointmentSummary) => void;
}) {
  return (
    <ListSection title={props.title} empty={props.empty} items={props.appointments}>
      {(appointment) => (
        <AppointmentItem
          key={appointment.appointmentId}
          appointment={appointment}
          upcoming={props.upcoming}
          now={props.now}
          changeOpen={props.changeOpen}
          onCancel={props.onCancel}
        />
      )}
    </ListSection>
  );
}

export interface AppointmentsListProps {
  groups: AppointmentGroups<ListedAppointment> | undefined;
  error: boolean;
  onRetry: () => void;
  now: Date;
  /** Online booking is open to the client (moving is booking again); cancelling stays open regardless. */
  changeOpen: boolean;
  onCancel: (appointment: AppointmentSummary) => void;
}

/** Upcoming appointments (soonest first, with Change and Cancel), then past and cancelled ones. */
export function AppointmentsList({
  groups,
  error,
  onRetry,
  now,
  changeOpen,
  onCancel,
}: AppointmentsListProps) {
  if (error) return <LoadError message="We could not load your appointments." onRetry={onRetry} />;
  if (!groups) {
    return (
      <>
        <p role="status" className="visually-hidden">
          Loading your appointments
        </p>
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={160} />
      </>
    );
  }
  return (
    <>
      <AppointmentSection
        title="Upcoming"
        empty="You have no upcoming appointments."
        appointments={groups.upcoming}
        upcoming
        now={now}
        changeOpen={changeOpen}
        onCancel={onCancel}
      />
      <AppointmentSection
        title="Past and cancelled"
        empty="You have no past appointments."
        appointments={groups.past}
        upcoming={false}
        now={now}
        changeOpen={changeOpen}
        onCancel={onCancel}
      />
    </>
  );
}
