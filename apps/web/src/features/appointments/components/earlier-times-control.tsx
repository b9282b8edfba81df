'use client';

import type { AppointmentSummary, ListedAppointment } from '@vet/contracts/appointments';
import { useId, useState, type FormEvent } from 'react';
import { useEarlierTimes, useEarlierTimesChange } from '@/features/appointments/api/earlier-times';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { formatPracticeDay, practiceDate } from '@/shared/dates/appointment-time';
import { TextField } from '@/shared/forms/text-field';
import { Button } from '@/shared/ui/button';
import styles from './earlier-times-control.module.css';

interface EarlierTimesControlProps {
  appointment: AppointmentSummary;
  now: Date;
}

/**
 * "Tell me if an earlier time comes up" (decision 0086), on a booked appointment still to come: the latest
 * date that would still help (today up to the appointment's day; the API enforces it), then "Stop looking".
 * `request` is the appointment's live request as the appointments list carries it, so the list renders
 * every control with the page, asking nothing; a change updates the list's entry, and so this, in place.
 */
export function EarlierTimesControl({
  appointment,
  request,
  now,
}: EarlierTimesControlProps & { request: ListedAppointment['earlierTimes'] }) {
  const change = useEarlierTimesChange(appointment.appointmentId);
  const [open, setOpen] = useState(false);
  const appointmentDay = practiceDate(appointment.startsAt);
  const today = practiceDate(now.toISOString());
  const [latestDate, setLatestDate] = useState(appointmentDay);
  const [invalid, setInvalid] = useState(false);
  const headingId = useId();
  const problem = change.isError ? apiProblem(change.error) : null;
  const what = `${appointment.petName}’s ${appointment.reasonName}`;

  if (request) {
    return (
      <div className={styles.box}>
        <p>
          We will e-mail you if an earlier time comes up for {what}, up to{' '}
          {formatPracticeDay(request.latestDate)}.
        </p>
        <div>
          <Button
            variant="text"
            loading={change.isPending}
            onClick={() => change.mutate(null)}
            aria-label={`Stop looking for an earlier time for ${what}`}
          >
            Stop looking
          </Button>
        </div>
      </div>
    );
  }
  if (!open) {
    return (
      <div>
        <Button
          variant="text"
          onClick={() => setOpen(true)}
          aria-label={`Tell me if an earlier time comes up for ${what}`}
        >
          Tell me if an earlier time comes up
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!latestDate || latestDate < today || latestDate > appointmentDay) {
      setInvalid(true);
      return;
    }
    change.mutate(latestDate);
  };
  return (
    <form onSubmit={submit} noValidate className={styles.box} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Tell me if an earlier time comes up
      </h3>
      <p>If someone cancels, we hold the time for you for 15 minutes and e-mail you a link to take it.</p>
      <TextField
        type="date"
        label="Latest date that would still help"
        value={latestDate}
        required
        shrinkLabel
        inputProps={{ min: today, max: appointmentDay }}
        onChange={(event) => {
          setLatestDate(event.target.value);
          setInvalid(false);
        }}
        error={invalid}
        helperText={
          invalid
            ? `Choose a date from today up to ${formatPracticeDay(appointmentDay)}.`
            : `Up to the day of your appointment, ${formatPracticeDay(appointmentDay)}.`
        }
      />
      {problem && (
        <AppAlert severity="error">
          {(problem.status === 400 || problem.status === 409) && problem.message
            ? problem.message
            : submissionFailedMessage}
        </AppAlert>
      )}
      <div className={styles.buttons}>
        <Button type="submit" variant="outlined" loading={change.isPending}>
          Tell me
        </Button>
        <Button variant="text" onClick={() => setOpen(false)}>
          Not now
        </Button>
      </div>
    </form>
  );
}

/** The control where no list carries the request (booking's last step): asked for, shown once known. */
export function FetchingEarlierTimesControl({ appointment, now }: EarlierTimesControlProps) {
  const current = useEarlierTimes(appointment.appointmentId);
  if (current.isPending || current.isError) return null;
  return <EarlierTimesControl appointment={appointment} request={current.data.request} now={now} />;
}
