/** The practice system's `message.sent` event (decision 0168), written in the owner's send transaction. */
export { recordMessageSentEvent, type AttachmentLinkSettings } from './record-message-sent.ts';
