'use client';

import { devMailboxListLimit } from '@vet/contracts/dev-mailbox';
import { useState } from 'react';
import { useDevMailbox } from '@/features/dev-mailbox/api/get-dev-mailbox';
import { ApiError } from '@/shared/api/api-client';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Button } from '@/shared/ui/button';
import { MailboxList } from './mailbox-list';
import { MailboxMessage } from './mailbox-message';
import { SmsOutbox } from './sms-outbox';
import styles from './dev-mailbox.module.css';

/**
 * The development mailbox (R4.26): the e-mails a local portal keeps instead of sending them. The API has
 * no such route in production, where this page says so and shows nothing else.
 */
export function DevMailbox() {
  const mailbox = useDevMailbox();
  const [chosenId, setChosenId] = useState<number | null>(null);

  if (mailbox.isPending) return <LoadingSpinner height={200} label="Loading the mailbox" />;
  if (mailbox.isError) {
    if (mailbox.error instanceof ApiError && mailbox.error.status === 404) {
      return (
        <p data-testid="dev-mailbox-unavailable">
          There is no development mailbox here: this portal sends its e-mails to people’s own addresses.
        </p>
      );
    }
    return (
      <AppAlert severity="error" title="We could not open the development mailbox">
        Check that the API is running, then{' '}
        <Button size="small" color="inherit" onClick={() => void mailbox.refetch()}>
          try again
        </Button>
      </AppAlert>
    );
  }

  const messages = mailbox.data;
  const intro = (
    <AppAlert severity="info" title="Development mailbox — not available in production">
      No mail server is configured (SMTP_URL), so the portal keeps every e-mail it would send and shows it
      here: newest first, the latest {devMailboxListLimit} at most. It checks for new ones every few seconds.
    </AppAlert>
  );
  if (messages.length === 0) {
    return (
      <>
        {intro}
        <p className={styles.empty}>
          No e-mails yet. Anything the portal sends, a verification code say, appears here.
        </p>
        <SmsOutbox />
      </>
    );
  }
  // The newest e-mail until the reader picks another (a code just sent is what they came for).
  const selectedId = messages.some((message) => message.id === chosenId)
    ? (chosenId as number)
    : messages[0]!.id;
  return (
    <>
      {intro}
      <div className={styles.columns}>
        <section aria-labelledby="mailbox-list-heading">
          <h2 id="mailbox-list-heading" className={styles.listHeading}>
            E-mails ({messages.length})
          </h2>
          <MailboxList messages={messages} selectedId={selectedId} onSelect={setChosenId} />
        </section>
        <MailboxMessage messageId={selectedId} />
      </div>
      <SmsOutbox />
    </>
  );
}
