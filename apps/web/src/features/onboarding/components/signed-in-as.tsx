'use client';

import { useLogout } from '@/shared/auth-session/logout-context';
import { TextButton } from '@/shared/components/text-button';
import styles from './signed-in-as.module.css';

/**
 * Who is signed in, and a way out: /registration has no header (R2.12), so no user menu either, and a
 * person who signed in with the wrong account needs to leave from here.
 */
export function SignedInAs({ email }: { email: string | null }) {
  const { requestLogout } = useLogout();
  return (
    <div className={styles.root}>
      <p className={styles.email}>{email ? `Signed in as ${email}.` : 'You are signed in.'}</p>
      <TextButton onClick={requestLogout}>Not you? Log out</TextButton>
    </div>
  );
}
