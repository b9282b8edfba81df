import type { AppointmentSummary } from '@vet/contracts/appointments';
import {
  formatPracticeClock,
  formatPracticeDay,
  practiceDate,
  practiceZoneLabel,
} from '@/shared/dates/appointment-time';
import { cx } from '@/shared/ui/cx';
import termList from '@/shared/ui/term-list.module.css';
import styles from './booking-summary.module.css';

/** An appointment as the API gives it can be spread in (`{...appointment}`): these six are all it reads. */
export interface BookingSummaryProps {
  petName: string;
  reasonName: string;
  practiceName: string;
  startsAt: string;
  clinicianType: AppointmentSummary['clinicianType'];
  /** The vet the client named (decisions 0101, 0141); null or absent: the type says who. */
  clinicianName?: string | null | undefined;
}

const clinicianName: Record<AppointmentSummary['clinicianType'], string> = {
  Vet: 'Vet',
  Nurse: 'Nurse',
  Unknown: 'Not known yet',
};

/**
 * What is being booked, spelt out: pet, reason, practice, day, time (UK time, labelled), and who sees the
 * pet: the vet the client named, else the clinician's type.
 */
export function BookingSummary(props: BookingSummaryProps) {
  const rows: [string, string][] = [
    ['Pet', props.petName],
    ['Reason', props.reasonName],
    ['Practice', props.practiceName],
    ['Day', `${formatPracticeDay(practiceDate(props.startsAt))} ${practiceDate(props.startsAt).slice(0, 4)}`],
    ['Time', `${formatPracticeClock(props.startsAt)} UK time (${practiceZoneLabel(props.startsAt)})`],
    ['Seen by', props.clinicianName ?? clinicianName[props.clinicianType]],
  ];
  return (
    <dl className={cx(termList.list, styles.list)}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.row}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
