import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { pageMetadata } from '@/shared/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Page not found');

export default function NotFound() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography sx={{ mb: 4 }}>
        We could not find the page you were looking for. It may have moved, or the address may be mistyped.
      </Typography>
      <Button variant="contained" size="large" href="/">
        Go to the home page
      </Button>
    </Container>
  );
}
