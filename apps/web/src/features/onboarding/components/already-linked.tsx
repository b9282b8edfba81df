'use client';

import { useLogout } from '@/shared/auth-session/logout-context';
import { AppAlert } from '@/shared/components/app-alert';
import { Button } from '@/shared/ui/button';
import styles from './already-linked.module.css';

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
      <div className={styles.actions}>
        <Button href="/" variant="outlined" color="inherit">
          Go to your dashboard
        </Button>
        <Button variant="outlined" color="inherit" onClick={() => void logout()}>
          Log out and sign in with another account
        </Button>
      </div>
    </AppAlert>
  );
}
