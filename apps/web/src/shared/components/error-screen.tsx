import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

type ErrorScreenProps = {
  /** Where 'Try Again' goes. */
  retryPath: string;
  message?: string;
};

/** The generic error screen (R2.18): 'Oops' and a 'Try Again' link to a retry path. */
export function ErrorScreen({
  retryPath,
  message = 'Something went wrong on our side. Please try again. If the problem continues, please contact your practice.',
}: ErrorScreenProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        Oops
      </Typography>
      <Typography sx={{ mb: 4 }}>{message}</Typography>
      {/* A full page load, not a client navigation: it starts again from a clean state. */}
      <Button variant="contained" size="large" component="a" href={retryPath}>
        Try Again
      </Button>
    </Container>
  );
}
