import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OnlinePractice } from '@vet/contracts/practices';
import { telephoneHref } from '@/shared/telephone-href';
import { StatusChip } from '@/shared/components/status-chip';

export function PracticeCard({ practice }: { practice: OnlinePractice }) {
  const headingId = `practice-${practice.id}-name`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', minHeight: 118 }}
    >
      <CardContent>
        <Typography variant="h3" component="h2" id={headingId} gutterBottom>
          {practice.name}
        </Typography>
        <Typography component="address" sx={{ fontStyle: 'normal', mb: 1 }}>
          {practice.addressLine1}
          <br />
          {practice.addressLine2 ? (
            <>
              {practice.addressLine2}
              <br />
            </>
          ) : null}
          {practice.town}
          <br />
          {practice.postcode}
        </Typography>
        <Typography>
          Phone:{' '}
          <Link
            component="a"
            href={telephoneHref(practice.phone)}
            aria-label={`Call ${practice.name} on ${practice.phone}`}
          >
            {practice.phone}
          </Link>
        </Typography>
        {practice.onlineRegistrationAvailable ? null : (
          <StatusChip label="Online registration unavailable" size="small" sx={{ mt: 2 }} />
        )}
      </CardContent>
    </Card>
  );
}
