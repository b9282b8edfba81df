'use client';

import { useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { useToast } from '@/shared/toast/use-toast';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import { useSessions, useSignOutOthers } from '@/features/sessions/api/sessions-query';
import { lastActiveText } from '@/features/sessions/last-active';
import type { SessionList } from '@/shared/auth-session/session-list';
import styles from './sessions-list.module.css';

/** The signed-in person's sessions, this device first and marked, with "Sign out of the others". */
export function SessionsList({ initial }: { initial: SessionList | null }) {
  const sessions = useSessions(initial);
  const signOutOthers = useSignOutOthers();
  const { showToast } = useToast();
  const [failed, setFailed] = useState(false);

  if (sessions.isError)
    return (
      <LoadError
        message="We could not load where you are signed in."
        onRetry={() => void sessions.refetch()}
      />
    );
  if (!sessions.data) return <LoadingSpinner label="Loading where you are signed in" />;

  const list = [...sessions.data.sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((session) => !session.current).length;

  async function signOut() {
    setFailed(false);
    try {
      await signOutOthers.mutateAsync();
      showToast('You are now signed out everywhere else.', 'success');
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      <ul className={styles.list} aria-label="Where you are signed in">
        {list.map((session, index) => (
          <li key={index} className={cx(surface.outlined, styles.item)}>
            <span className={styles.device}>{session.device}</span>
            {session.current && <span className={styles.current}>This device</span>}
            <span className={typography.secondary}>{lastActiveText(session.lastActiveAt)}</span>
          </li>
        ))}
      </ul>
      {failed && (
        <AppAlert severity="error">We could not sign you out of the others. Please try again.</AppAlert>
      )}
      {others > 0 ? (
        <div className={styles.actions}>
          <p>
            Signing out of the others ends every session except this one, at once. Anyone using them must sign
            in again.
          </p>
          <Button variant="contained" loading={signOutOthers.isPending} onClick={() => void signOut()}>
            Sign out of the others
          </Button>
        </div>
      ) : (
        <p className={styles.actions}>You are not signed in anywhere else.</p>
      )}
    </>
  );
}
