import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { telephoneHref } from '@/shared/telephone-href';

/**
 * R8.7: shown when a practice's online registration is unavailable; the phone is a tap-to-call link.
 */
export function PracticeUnavailableAlert({ practicePhone }: { practicePhone: string }) {
  return (
    <Alert severity="error" data-testid="alertBox-practice">
      <Typography>Online registration is currently unavailable for this practice.</Typography>
      <Typography>
        Please call the practice on{' '}
        <Link component="a" href={telephoneHref(practicePhone)}>
          {practicePhone}
        </Link>
      </Typography>
    </Alert>
  );
}
