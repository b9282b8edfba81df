import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import {
  formatPracticeClock,
  formatPracticeDay,
  practiceDate,
  practiceZoneLabel,
} from '@/shared/dates/appointment-time';

export interface BookingSummaryProps {
  petName: string;
  reasonName: string;
  practiceName: string;
  startsAt: string;
  clinicianType: AppointmentSummary['clinicianType'];
}

const clinicianName: Record<AppointmentSummary['clinicianType'], string> = {
  Vet: 'Vet',
  Nurse: 'Nurse',
  Unknown: 'Not known yet',
};

/** What is being booked, spelt out: pet, reason, practice, day, time (UK time, labelled), clinician type. */
export function BookingSummary(props: BookingSummaryProps) {
  const rows: [string, string][] = [
    ['Pet', props.petName],
    ['Reason', props.reasonName],
    ['Practice', props.practiceName],
    ['Day', `${formatPracticeDay(practiceDate(props.startsAt))} ${practiceDate(props.startsAt).slice(0, 4)}`],
    ['Time', `${formatPracticeClock(props.startsAt)} UK time (${practiceZoneLabel(props.startsAt)})`],
    ['Seen by', clinicianName[props.clinicianType]],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
