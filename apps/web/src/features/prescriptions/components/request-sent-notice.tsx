'use client';

import { useEffect, useState } from 'react';
import alert from '@/shared/components/app-alert.module.css';
import { cx } from '@/shared/ui/cx';
import { SuccessOutlinedIcon } from '@/shared/ui/icons';
import styles from './request-sent-notice.module.css';

export const requestSentMessage = 'Your request is sent to your practice.';

/**
 * Says a request was sent, in the page's flow under its heading: a toast, fixed below the header, covered
 * the list's heading and its button (decision 0144). The live region is there empty first and the
 * message comes after, so a screen reader announces it; the address then forgets `sent`, so a reload
 * or a bookmark does not say it again.
 */
export function RequestSentNotice({ sent }: { sent: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!sent) return;
    // A live region announces a change, not what it held when it appeared: the message comes after.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setShown(true);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [sent]);
  return (
    <div role="status" className={cx(shown && styles.shown)}>
      {shown && (
        <div className={cx(alert.root, alert.success)}>
          <div className={alert.icon}>
            <SuccessOutlinedIcon fontSize="inherit" />
          </div>
          <div className={alert.message}>{requestSentMessage}</div>
        </div>
      )}
    </div>
  );
}
