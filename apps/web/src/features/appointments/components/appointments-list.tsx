'use client';

import { clinicianPhrase, visitPetNames } from '@vet/contracts/booking-rules';
import type { AppointmentSummary, ListedAppointment } from '@vet/contracts/appointments';
import { LoadError } from '@/shared/components/load-error';
import { formatLabelledAppointmentTime } from '@/shared/dates/appointment-time';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import type { AppointmentGroups } from '@/features/appointments/appointment-groups';
import { changeAppointmentHref, changeVisitHref } from '@/features/appointments/booking-params';
import type { CancelTarget } from '@/features/appointments/cancel-target';
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
  /** All the pets of the visit it is part of (decision 0117): Change and Cancel act on the visit. */
  visitPets: string | null;
  onCancel: () => void;
  /** Takes this pet out of its visit, the others keeping their times; absent for a visit of one. */
  onRemove?: () => void;
}) {
  const { appointment, now, changeOpen, onCancel, visitPets } = props;
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
  const when = formatLabelledAppointmentTime(appointment.startsAt);
  const what = `${appointment.petName}’s ${appointment.reasonName} on ${when}`;
  return (
    <>
      <div className={styles.actions}>
        {changeOpen && (
          <Button
            // A visit's appointment moves only with its visit, even a visit of one (decision 0117).
            href={
              appointment.visitId
                ? changeVisitHref(appointment.visitId)
                : changeAppointmentHref(appointment.appointmentId)
            }
            variant="outlined"
            aria-label={visitPets ? `Change visit of ${visitPets} (${what})` : `Change ${what}`}
          >
            {visitPets ? 'Change visit' : 'Change'}
          </Button>
        )}
        <Button
          variant="outlined"
          onClick={onCancel}
          aria-label={visitPets ? `Cancel visit of ${visitPets} (${what})` : `Cancel ${what}`}
        >
          {visitPets ? 'Cancel visit' : 'Cancel'}
        </Button>
        {/* Its name starts with the words shown (WCAG 2.5.3), then says which appointment. */}
        {props.onRemove && (
          <Button
            variant="text"
            onClick={props.onRemove}
            aria-label={`Remove ${appointment.petName} from this visit (${what})`}
          >
            Remove {appointment.petName} from this visit
          </Button>
        )}
      </div>
      {appointment.petStatus !== 'Active' && (
        <p className={typography.secondary}>
          {appointment.petName} is no longer with you, so this appointment cannot be moved online. You can
          still cancel it, or call your practice.
        </p>
      )}
      {/* Its place in the line comes with the list: no request per appointment (decision 0086). A
          visit's appointment moves only with its visit (decision 0117), so none is offered alone. */}
      {changeOpen && !appointment.visitId && (
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
  visits: VisitPets;
  onCancel: (appointment: CancelTarget) => void;
}) {
  const { appointment, upcoming, now, changeOpen, onCancel } = props;
  const visitId = appointment.visitId;
  const visitPets = visitId ? (props.visits.get(visitId) ?? null) : null;
  const others = visitPets?.filter((name) => name !== appointment.petName) ?? [];
  const visit =
    visitId && visitPets && visitPets.length > 1 ? { visitId, petNames: visitPetNames(visitPets) } : null;
  const note = statusNote[appointment.status];
  // "with Kirsty Doyle" when the client named her, else "with a vet" (decision 0141).
  const who = clinicianPhrase(appointment);
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
      {visit && others.length > 0 && <p>Part of one visit with {visitPetNames(others)}.</p>}
      <p className={typography.secondary}>{appointment.practiceName}</p>
      {upcoming && (
        <ChangeActions
          appointment={appointment}
          now={now}
          // Decision 0099: a pet that has died or has a new home is not booked for, so neither moved nor
          // offered earlier times; the appointment can still be cancelled (0066). A visit's appointment
          // moves only with its visit (decision 0117).
          changeOpen={changeOpen && appointment.petStatus === 'Active'}
          visitPets={visit?.petNames ?? null}
          onCancel={() => onCancel(visit ? { ...appointment, visit } : appointment)}
          onRemove={visit ? () => onCancel({ ...appointment, removeFrom: { otherPets: others } }) : undefined}
        />
      )}
    </li>
  );
}

/** Each visit's pets, by visit id, in the visit's order (its appointments' times). */
type VisitPets = ReadonlyMap<string, string[]>;

function visitsOf(appointments: readonly ListedAppointment[]): VisitPets {
  const visits = new Map<string, string[]>();
  for (const appointment of appointments) {
    if (appointment.visitId === null || appointment.status !== 'Booked') continue;
    visits.set(appointment.visitId, [...(visits.get(appointment.visitId) ?? []), appointment.petName]);
  }
  return visits;
}

function AppointmentSection(props: {
  title: string;
  empty: string;
  appointments: ListedAppointment[];
  upcoming: boolean;
  now: Date;
  changeOpen: boolean;
  visits: VisitPets;
  onCancel: (appointment: CancelTarget) => void;
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
          visits={props.visits}
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
  onCancel: (appointment: CancelTarget) => void;
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
  const visits = visitsOf(groups.upcoming);
  return (
    <>
      <AppointmentSection
        title="Upcoming"
        empty="You have no upcoming appointments."
        appointments={groups.upcoming}
        upcoming
        now={now}
        changeOpen={changeOpen}
        visits={visits}
        onCancel={onCancel}
      />
      <AppointmentSection
        title="Past and cancelled"
        empty="You have no past appointments."
        appointments={groups.past}
        upcoming={false}
        now={now}
        changeOpen={changeOpen}
        visits={visits}
        onCancel={onCancel}
      />
    </>
  );
}
