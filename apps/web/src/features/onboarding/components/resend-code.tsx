'use client';

import { codeValidMinutes, wrongTriesPerCode } from '@vet/contracts/verification';
import { useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { useRefreshLinkStage } from '@/features/onboarding/api/link-stage';
import { SendNewCodeButton, useSendNewCode } from './send-new-code';
import styles from './resend-code.module.css';

const timeOfDay = (date: Date) => date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * "Send a new code" (POST /signup/resend): says when the new one went, or the API's own words when it is
 * too soon (429: at most once a minute and 5 times a day, R4.17).
 */
export function ResendCode() {
  const refreshLinkStage = useRefreshLinkStage();
  const [sentAt, setSentAt] = useState<Date | null>(null);
  const { send, sending, problem } = useSendNewCode(() => {
    setSentAt(new Date());
    void refreshLinkStage();
  });

  return (
    <section aria-labelledby="resend-heading" className={styles.root}>
      <h2 id="resend-heading" className={styles.heading}>
        No code, or it has stopped working?
      </h2>
      <p className={styles.intro}>
        Check your spam folder first. A code stops working after {codeValidMinutes} minutes or{' '}
        {wrongTriesPerCode} wrong tries; then ask for a new one.
      </p>
      <SendNewCodeButton variant="outlined" sending={sending} onSend={send} />
      <div role="status" className={styles.status}>
        {sentAt && !problem && (
          <p>We sent a new code at {timeOfDay(sentAt)}. Use the code in the newest e-mail.</p>
        )}
      </div>
      {problem && <AppAlert severity="warning">{problem}</AppAlert>}
    </section>
  );
}
