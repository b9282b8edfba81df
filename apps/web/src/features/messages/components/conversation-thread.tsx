import type { ConversationMessage, MessageAttachment } from '@vet/contracts/messages';
import { formatAppointmentTime } from '@/shared/dates/appointment-time';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import { attachmentHref, stateWords, suggestedBookingHref } from '@/features/messages/message-text';
import styles from './messages.module.css';

function Attachment({ file }: { file: MessageAttachment }) {
  const href = attachmentHref(file.id);
  if (file.kind === 'video')
    return (
      <video controls preload="metadata" className={styles.video} aria-label={`Video: ${file.fileName}`}>
        <source src={href} type={file.contentType} />
        <a href={href}>Download the video {file.fileName}</a>
      </video>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.thumbLink}>
      {/* The owner's own file through the BFF, behind sign-in: next/image's optimiser cannot fetch it. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={href}
        alt={`Photo: ${file.fileName} (opens full size in a new tab)`}
        width={file.width ?? undefined}
        height={file.height ?? undefined}
        loading="lazy"
        className={styles.thumb}
      />
    </a>
  );
}

function Message({ message }: { message: ConversationMessage }) {
  const mine = message.author === 'client';
  return (
    <li className={cx(styles.message, mine ? styles.mine : styles.theirs)}>
      <p className={styles.byline}>
        <strong>{mine ? 'You' : (message.authorName ?? 'The practice')}</strong>{' '}
        <span className={styles.when}>{formatAppointmentTime(message.sentAt)}</span>
      </p>
      <p className={styles.body}>{message.body}</p>
      {message.attachments.length > 0 && (
        <ul className={styles.attachments} aria-label="Attached">
          {message.attachments.map((file) => (
            <li key={file.id}>
              <Attachment file={file} />
            </li>
          ))}
        </ul>
      )}
      {message.suggestedBooking && (
        <div className={styles.suggested}>
          <p>The practice suggests booking: {message.suggestedBooking.reasonName}.</p>
          <Button
            variant="contained"
            href={suggestedBookingHref(message.suggestedBooking.petId, message.suggestedBooking.reasonId)}
          >
            Book {message.suggestedBooking.reasonName}
          </Button>
        </div>
      )}
      {message.state && <p className={styles.state}>{stateWords[message.state]}</p>}
    </li>
  );
}

/** A conversation's messages, oldest first, the owner's on one side with their state. */
export function ConversationThread({ messages }: { messages: ConversationMessage[] }) {
  return (
    <ol className={styles.thread} aria-label="Messages">
      {messages.map((message) => (
        <Message key={message.id} message={message} />
      ))}
    </ol>
  );
}
