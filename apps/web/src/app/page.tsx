import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { getRequestServerConfig } from '@/config/request-config';

/** The public landing page for now; the dashboard replaces it once sign-in exists. */
export default async function HomePage() {
  const { brandName } = await getRequestServerConfig();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" gutterBottom>
        Welcome to {brandName}
      </Typography>
      <Typography sx={{ mb: 4, maxWidth: '60ch' }}>
        Manage your pets, book and change appointments and keep your contact preferences up to date, all in
        one place. Start by finding the practice you are registered with.
      </Typography>
      <Button variant="contained" size="large" href="/practices">
        Find your practice
      </Button>
    </Container>
  );
}
