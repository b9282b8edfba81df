/**
 * Why an upload is refused (issue 66's "Bad input"), with the HTTP status the API answers and the message
 * the owner reads. The messages name no file and no content: they reach logs only as codes.
 */
export const attachmentRefusals = {
  not_a_photo_or_video: {
    status: 415,
    message:
      'This file is not a photo or a video we can take: send a JPEG, PNG or HEIC photo, or an MP4, MOV or WebM video.',
  },
  too_large: {
    status: 413,
    message: 'This file is too large: a photo may be up to 20 MB, a video up to 50 MB.',
  },
  infected: { status: 422, message: 'This file was refused by our virus check.' },
  unreadable: {
    status: 422,
    message: 'This file could not be read: it may be damaged. Try taking it again.',
  },
} as const;

export type AttachmentRefusalCode = keyof typeof attachmentRefusals;

export class AttachmentRefused extends Error {
  readonly status: number;
  constructor(readonly code: AttachmentRefusalCode) {
    super(attachmentRefusals[code].message);
    this.name = 'AttachmentRefused';
    this.status = attachmentRefusals[code].status;
  }
}
