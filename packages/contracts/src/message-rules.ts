/**
 * Messages with the practice (issue 66, decision 0165): the limits and states the screens, the API and the
 * integration API share, without zod (the browser loads this module). `./messages.ts` re-exports it.
 */

/** A message's text, trimmed: 1 to this many characters (a long letter; the 20,000 is refused). */
export const maxMessageChars = 5_000;
/** A practice's answer may be longer: it may paste aftercare notes. */
export const maxAnswerChars = 10_000;
/** Up to three photos on one message, or one video (not both). */
export const maxPhotosPerMessage = 3;
export const maxVideosPerMessage = 1;
/** What an upload may weigh as sent: a phone's photo is 2–8 MB; a short phone video fits in 50 MB. */
export const maxPhotoUploadBytes = 20 * 1024 * 1024;
export const maxVideoUploadBytes = 50 * 1024 * 1024;
/** The longer side of a photo after re-encoding: enough for a wound or a rash, a fraction of the bytes. */
export const maxPhotoSidePixels = 2_560;
/** Messages a client may send in a minute (all conversations together); the next answers 429. */
export const messagesPerMinute = 10;
/** An upload not sent on a message within this is deleted (an abandoned draft's files). */
export const unsentAttachmentHours = 24;
/** How long the practice system's signed link to an attachment works. */
export const attachmentLinkDays = 7;

/** Photos by their content (the name and the claimed type count for nothing). HEIC is re-encoded as JPEG. */
export const photoTypes = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
/** Videos by their content: a phone's MP4 or QuickTime, or a browser's WebM. Kept as sent, not re-encoded. */
export const videoTypes = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
/**
 * What the file input offers (a hint for the picker only: the API decides by content). Not HEIC by name:
 * iOS then hands over a JPEG of a HEIC photo, which re-encodes in a fraction of a HEIC's decoding time;
 * a HEIC picked some other way is still taken.
 */
export const attachmentAccept = ['image/jpeg', 'image/png', 'image/*', ...videoTypes].join(',');

export const attachmentKinds = ['photo', 'video'] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];

/** Who wrote a message: the owner in the portal, or the practice from its system. */
export const messageAuthors = ['client', 'practice'] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

/** A conversation is open until the practice closes it; the owner's next message then opens a new one. */
export const conversationStatuses = ['open', 'closed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/**
 * The malware scan's verdict on an attachment (decision 0165): `pending` until scanned; `clean`;
 * `infected` (never served, never sent on); `not_scanned` where the deployment has no scanner.
 */
export const attachmentScanStates = ['pending', 'clean', 'infected', 'not_scanned'] as const;
export type AttachmentScanState = (typeof attachmentScanStates)[number];

/**
 * An owner's message as the owner sees it: `sent` (stored, on its way to the practice), `read` (the
 * practice system marked it read), `answered` (the practice wrote after it).
 */
export const clientMessageStates = ['sent', 'read', 'answered'] as const;
export type ClientMessageState = (typeof clientMessageStates)[number];

/** Said before writing, on every conversation page: messages are not for emergencies. */
export const urgentNote =
  'Messages are not for emergencies. If your pet is unwell now, or it is urgent, call the practice.';
