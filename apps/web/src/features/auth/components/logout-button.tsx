'use client';

import Button from '@mui/material/Button';
import { useLogout } from '../../../shared/auth-session/logout-context';

/** Opens the logout confirmation (the header menu and drawer offer the same through useLogout). */
export function LogoutButton() {
  const { requestLogout } = useLogout();
  return (
    <Button variant="outlined" onClick={requestLogout}>
      Log out
    </Button>
  );
}
