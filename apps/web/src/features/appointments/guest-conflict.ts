import type { AppointmentSlot } from '@vet/contracts/appointment-booking';
import { guestMessages } from '@vet/contracts/guest-rules';
import { ApiError } from '@/shared/api/api-client';
import { failureMessage } from '@/shared/api/failure-message';
import { readBookingConflict } from '@/features/appointments/booking-conflict';

/** Why a hold's time is chosen again: it ran out, or the practice gave it away (decision 0063). */
export type HoldEnd = 'ended' | 'givenAway';

/**
 * What a failed hold, move, extension or completion means for the guest's page:
 * - `taken`: the time is not free (409 with the nearest free times, possibly none);
 * - `ended`: the hold has ended, so it can be neither moved nor extended: it is held again;
 * - `givenAway`: the practice booked the held time at its desk (decision 0063): another time is chosen;
 * - `gone`: the hold itself can no longer be used (unknown, replaced elsewhere, already completed, held
 *   too long ago): the browser forgets it;
 * - `refused`: anything else, said in the API's words when it gave them (400, 403, 429), else R8.5's.
 */
export type GuestFailure =
  | { kind: 'taken'; message: string; alternatives: AppointmentSlot[] }
  | { kind: 'ended'; message: string }
  | { kind: 'givenAway'; message: string }
  | { kind: 'gone'; message: string; completed: boolean }
  | { kind: 'refused'; message: string };

const goneMessages: readonly string[] = [
  guestMessages.holdNotFound,
  guestMessages.holdReplaced,
  guestMessages.holdCompleted,
  guestMessages.holdTooOld,
];

export function guestFailure(error: unknown): GuestFailure {
  if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
    const conflict = readBookingConflict(error.body);
    const message = conflict ? conflict.message : failureMessage(error);
    if (error.status === 404 || goneMessages.includes(message)) {
      return { kind: 'gone', message, completed: message === guestMessages.holdCompleted };
    }
    if (message === guestMessages.holdExpired) return { kind: 'ended', message };
    // With the nearest free times (completing the hold), it is a taken time like any other.
    if (message === guestMessages.holdGivenAway && conflict?.alternatives === undefined) {
      return { kind: 'givenAway', message };
    }
    if (conflict?.alternatives !== undefined) {
      return { kind: 'taken', message, alternatives: conflict.alternatives };
    }
    return { kind: 'refused', message };
  }
  return { kind: 'refused', message: failureMessage(error) };
}
