'use client';

import type { DevMailboxMessageSummary } from '@vet/contracts/dev-mailbox';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import { formatMailboxTime } from './mailbox-time';
import styles from './mailbox-list.module.css';

export interface MailboxListProps {
  messages: DevMailboxMessageSummary[];
  selectedId: number;
  onSelect: (id: number) => void;
}

/** The kept e-mails, newest first: recipient, subject, time, and the code when there is one. */
export function MailboxList({ messages, selectedId, onSelect }: MailboxListProps) {
  return (
    <ul aria-label="E-mails, newest first" className={styles.list}>
      {messages.map((message) => (
        <li key={message.id}>
          <button
            type="button"
            aria-current={message.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(message.id)}
            className={cx(styles.item, message.id === selectedId && styles.selected)}
          >
            <span className={styles.subject}>{message.subject}</span>
            <span className={cx(typography.body2, styles.to)}>To {message.to}</span>
            <span className={styles.meta}>
              <span className={cx(typography.body2, typography.secondary)}>
                {formatMailboxTime(message.createdAt)}
              </span>
              {message.code && <span className={cx(typography.body2, styles.code)}>Code {message.code}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
