import type { ClientMessageState } from '@vet/contracts/message-rules';
import type { MessagingPractice } from '@vet/contracts/messages';
import { weekdayNames } from '@vet/contracts/practice-clock';

/** The owner's message's state in words (decision 0165: sent, read by the practice, answered). */
export const stateWords: Record<ClientMessageState, string> = {
  sent: 'Sent',
  read: 'Read by the practice',
  answered: 'Answered',
};

/** "within 4 opening hours", "within 1 opening hour". */
export function answerTimeWords(hours: number): string {
  return `within ${hours} opening ${hours === 1 ? 'hour' : 'hours'}`;
}

/** "Monday", ... "Sunday" of an ISO day of week (1 = Monday). */
export function isoWeekdayName(dayOfWeek: number): string {
  return weekdayNames[dayOfWeek % 7] ?? '';
}

/** The week's opening hours, a row a day, closed days said as closed. */
export function openingHoursRows(hours: MessagingPractice['openingHours']): { day: string; hours: string }[] {
  return [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => {
    const open = hours.find((h) => h.dayOfWeek === dayOfWeek);
    return {
      day: isoWeekdayName(dayOfWeek),
      hours: open ? `${open.opensAt} to ${open.closesAt}` : 'Closed',
    };
  });
}

/** A conversation's title: about a pet, or about the account. */
export function conversationTitle(petName: string | null): string {
  return petName === null ? 'About your account' : `About ${petName}`;
}

/**
 * The booking page for a suggested appointment, preselecting the pet and reason: its query parameters
 * are `petId` and `reasonId` (features/appointments/booking-params.ts, readBookingParams).
 */
export function suggestedBookingHref(petId: number | null, reasonId: number): string {
  const query = new URLSearchParams();
  if (petId !== null) query.set('petId', String(petId));
  query.set('reasonId', String(reasonId));
  return `/appointments/book?${query.toString()}`;
}

/** 1.2 MB, 640 KB: a file's weight as a person reads it. */
export function fileSizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Where the owner reads an attachment's bytes: the BFF's forward of GET /v2/attachments/{id} (theirs only). */
export const attachmentHref = (attachmentId: number) => `/bff/v2/attachments/${attachmentId}`;

/** A path's id, as the API's ids are (1 to 2^31 - 1), or null. */
export function serialIdOf(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
