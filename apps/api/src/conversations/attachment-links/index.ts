export {
  attachmentLinkKey,
  attachmentLinkUrl,
  isAttachmentLinkValid,
  type AttachmentLinkKey,
} from './attachment-link.ts';
