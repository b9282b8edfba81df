import type { PracticeEventEnvelope } from './practice-events.ts';

/**
 * The `message.sent` example (issue 66, decision 0168), part of practiceEventExamples: the example client
 * writes about their dog with a photo from a phone (a HEIC re-encoded as JPEG). The link's signature is
 * made up; a real one is an HMAC-SHA256 (conversations/attachment-links) and works for attachmentLinkDays.
 */
export const messageEventExamples: { 'message.sent': PracticeEventEnvelope<'message.sent'> } = {
  'message.sent': {
    id: 'evt_201',
    type: 'message.sent',
    timestamp: '2026-12-02T08:41:17.604Z',
    data: {
      conversation_id: 1207,
      conversation_ref: null,
      message_id: 5530,
      practice_id: 3,
      practice_ref: 'PR-KENT-01',
      client_id: 5013,
      client_ref: 'C-877',
      pet_id: 7731,
      pet_ref: 'P-2210',
      body: 'Biscuit has a red patch on her belly since yesterday and keeps licking it. Photo attached.',
      attachments: [
        {
          attachment_id: 880,
          kind: 'photo',
          content_type: 'image/jpeg',
          byte_size: 612_044,
          sha256: '3f1c9a4e0b7d52a8c6e1f09b4d2a7c3e5b8f0a1d6c4e9b2a7f3d5c8e1b0a4f6d',
          url: 'https://api.portal.example/attachments/880?expires=1796805677&signature=q3Vn0cJX1mB8aK2sW9eT4yH6uP5oL7iR1dF3gZ8xC0E',
          link_expires_at: '2026-12-09T08:41:17.000Z',
        },
      ],
      sent_at: '2026-12-02T08:41:17.580Z',
    },
  },
};
