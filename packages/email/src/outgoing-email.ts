import type { OutboxAttachment } from '@vet/db/schema/system';

/** An e-mail as the outbox keeps it: both parts, so every mail client shows something readable. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
}
