import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** tel: wants digits and a leading +, not the spaces people write. */
export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Spec 8: shown when a practice's online registration is unavailable; the phone is a tap-to-call link.
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
