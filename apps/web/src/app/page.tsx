import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { WelcomeHeading } from '@/features/profile/components/welcome-heading';

export const metadata: Metadata = { title: 'Dashboard' };

/** The dashboard (/): signed-in clients only. A minimal version until the full dashboard arrives. */
export default function DashboardPage() {
  return (
    <RequireAuth>
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
        <WelcomeHeading />
        <Typography sx={{ maxWidth: '60ch', mb: 4 }}>
          Manage your pets, book and change appointments and keep your contact preferences up to date, all in
          one place.
        </Typography>
        <LogoutButton />
      </Container>
    </RequireAuth>
  );
}
