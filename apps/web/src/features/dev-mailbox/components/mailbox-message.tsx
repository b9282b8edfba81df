'use client';

import type { DevMailboxMessage } from '@vet/contracts/dev-mailbox';
import { useDevMailboxMessage } from '@/features/dev-mailbox/api/get-dev-mailbox-message';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { LinkedText } from './linked-text';
import { formatMailboxTime } from './mailbox-time';
import { VerificationCode } from './verification-code';
import styles from './mailbox-message.module.css';

function MessageDetails({ message }: { message: DevMailboxMessage }) {
  const rows: [string, string][] = [
    ['To', message.to],
    ['Written', formatMailboxTime(message.createdAt)],
    ['Status', message.lastError ? `${message.status} (last error: ${message.lastError})` : message.status],
    ...(message.attachments.length > 0
      ? [
          ['Attachments', message.attachments.map((a) => `${a.filename} (${a.contentType})`).join(', ')] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  return (
    <dl className={styles.details}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.row}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One kept e-mail: its code, its plain text part and its HTML part (in a sandbox: no scripts, no forms). */
export function MailboxMessage({ messageId }: { messageId: number }) {
  const { data: message, isPending, isError } = useDevMailboxMessage(messageId);
  if (isPending) return <LoadingSpinner height={200} label="Loading the e-mail" />;
  if (isError) return <AppAlert severity="error">We could not load this e-mail. Please try again.</AppAlert>;
  return (
    <article aria-labelledby="mailbox-message-subject">
      <h2 id="mailbox-message-subject" className={styles.subject}>
        {message.subject}
      </h2>
      <MessageDetails message={message} />
      {message.code && <VerificationCode code={message.code} />}
      <h3 className={styles.partHeading}>Plain text part</h3>
      <pre className={styles.text}>
        <LinkedText text={message.text} />
      </pre>
      <h3 className={styles.partHeading}>HTML part</h3>
      {message.html ? (
        <iframe
          title={`The HTML part of “${message.subject}”`}
          sandbox=""
          srcDoc={message.html}
          className={styles.html}
        />
      ) : (
        <p>This e-mail has no HTML part.</p>
      )}
    </article>
  );
}
