'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useLogout } from '@/shared/auth-session/logout-context';
import { AppAlert } from '@/shared/components/app-alert';
import { PortalLink } from '@/shared/navigation/portal-link';

/**
 * 409 from verifying or accepting an invitation: this account, or that record, is linked already (the
 * API's message says which). The ways on: the dashboard, if it is this account; otherwise signing in
 * with the account the record belongs to.
 */
export function AlreadyLinked({ message }: { message: string }) {
  const { logout } = useLogout();
  return (
    <AppAlert severity="warning" title="Already linked">
      {message}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1.5 }}>
        <Button component={PortalLink} href="/" variant="outlined" color="inherit">
          Go to your dashboard
        </Button>
        <Button variant="outlined" color="inherit" onClick={() => void logout()}>
          Log out and sign in with another account
        </Button>
      </Box>
    </AppAlert>
  );
}
