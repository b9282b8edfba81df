import type { ConversationSummary } from '@vet/contracts/messages';
import { formatAppointmentTime } from '@/shared/dates/appointment-time';
import { TextLink } from '@/shared/ui/text-link';
import { conversationTitle } from '@/features/messages/message-text';
import styles from './messages.module.css';

/** The client's conversations, newest first: the pet, the latest words, who wrote last and unread answers. */
export function ConversationList({ conversations }: { conversations: ConversationSummary[] }) {
  if (conversations.length === 0) return <p>You have not written to the practice yet.</p>;
  return (
    <ul className={styles.list} aria-label="Your conversations">
      {conversations.map((conversation) => (
        <li key={conversation.id} className={styles.listItem}>
          <div className={styles.listHeading}>
            <TextLink href={`/messages/${conversation.id}`} className={styles.listTitle}>
              {conversationTitle(conversation.petName)}
            </TextLink>
            {conversation.unreadAnswers > 0 && (
              <span className={styles.unread}>
                {conversation.unreadAnswers} new {conversation.unreadAnswers === 1 ? 'answer' : 'answers'}
              </span>
            )}
            {conversation.status === 'closed' && <span className={styles.closed}>Closed</span>}
          </div>
          <p className={styles.preview}>
            <span className={styles.who}>
              {conversation.lastMessageAuthor === 'practice' ? 'The practice: ' : 'You: '}
            </span>
            {conversation.lastMessagePreview}
          </p>
          <p className={styles.when}>{formatAppointmentTime(conversation.lastMessageAt)}</p>
        </li>
      ))}
    </ul>
  );
}
