import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { telephoneHref } from '@/shared/telephone-href';

/** "Please call {practice} on {phone}", the phone a tap-to-call link; plainer when either is unknown. */
export function PracticeContact({ name, phone }: { name: string | null; phone: string | null }) {
  const practice = name ?? 'your practice';
  if (!phone) return <Typography>Please contact {practice} for help.</Typography>;
  return (
    <Typography>
      Please call {practice} on{' '}
      <Link href={telephoneHref(phone)} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {phone}
      </Link>
      .
    </Typography>
  );
}
