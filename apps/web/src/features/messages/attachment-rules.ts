import {
  maxPhotoUploadBytes,
  maxPhotosPerMessage,
  maxVideoUploadBytes,
  type AttachmentKind,
} from '@vet/contracts/message-rules';

/** What the owner's device says a file is: a hint only (the API decides by content, decision 0165). */
export function claimedKind(file: { type: string; name: string }): AttachmentKind {
  if (file.type.startsWith('video/') || /\.(mp4|mov|webm)$/i.test(file.name)) return 'video';
  return 'photo';
}

/**
 * Why a picked file cannot go with the files already on the draft, before it is uploaded (so a 60 MB
 * video is not sent only to be refused); null when it may. The API checks the same rules again.
 */
export function pickRefusal(
  file: { type: string; name: string; size: number },
  onDraft: readonly AttachmentKind[],
): string | null {
  const kind = claimedKind(file);
  if (kind === 'video' && file.size > maxVideoUploadBytes)
    return `This video is too large: at most ${maxVideoUploadBytes / (1024 * 1024)} MB.`;
  if (kind === 'photo' && file.size > maxPhotoUploadBytes)
    return `This photo is too large: at most ${maxPhotoUploadBytes / (1024 * 1024)} MB.`;
  const photos = onDraft.filter((k) => k === 'photo').length;
  const videos = onDraft.length - photos;
  if (kind === 'video' && (photos > 0 || videos > 0))
    return 'A video goes on a message of its own: remove the other files first.';
  if (kind === 'photo' && videos > 0) return 'A message with a video cannot have photos too.';
  if (kind === 'photo' && photos >= maxPhotosPerMessage)
    return `Attach up to ${maxPhotosPerMessage} photos on one message.`;
  return null;
}

/** The upload's refusals in words (part A's codes: names.md); the API's own message otherwise. */
export const uploadRefusals: Record<string, string> = {
  not_a_photo_or_video:
    'This file is not a photo or a video we can take (JPEG, PNG, HEIC, MP4, MOV or WebM).',
  too_large: 'This file is too large.',
  infected: 'This file failed our safety check and was not kept.',
  unreadable: 'This file could not be read. Try taking the photo again.',
};
