'use client';

import { useDevSms } from '@/features/dev-mailbox/api/get-dev-sms';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import { LinkedText } from './linked-text';
import { formatMailboxTime } from './mailbox-time';
import styles from './sms-outbox.module.css';

/**
 * The text messages the portal kept instead of sending them (decision 0085: SMS_PROVIDER unset or
 * `outbox`), beside the e-mails. Shows nothing until there is one, or when the API has no such list.
 */
export function SmsOutbox() {
  const sms = useDevSms();
  if (!sms.isSuccess || sms.data.length === 0) return null;
  return (
    <section aria-labelledby="sms-outbox-heading" className={styles.section}>
      <h2 id="sms-outbox-heading" className={styles.heading}>
        Text messages ({sms.data.length})
      </h2>
      <ul aria-label="Text messages, newest first" className={styles.list}>
        {sms.data.map((message) => (
          <li key={message.id} className={styles.item}>
            <span className={cx(typography.body2, styles.meta)}>
              To {message.to} · {formatMailboxTime(message.createdAt)}
              {message.status !== 'sent' && ` · ${message.status}`}
            </span>
            <p className={styles.body}>
              <LinkedText text={message.body} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
