import type { AppointmentSlot, BookingConflict } from '@vet/contracts/appointment-booking';
import { readErrorBody } from '@/shared/api/api-problem';

function isSlot(value: unknown): value is AppointmentSlot {
  if (typeof value !== 'object' || value === null) return false;
  const { startsAt, endsAt } = value as Record<string, unknown>;
  return typeof startsAt === 'string' && typeof endsAt === 'string';
}

/**
 * A refused booking or hold's answer (`bookingConflictSchema`: the API's error shape with, for a time
 * that was taken, the nearest free ones), read by hand: zod stays out of the browser (decision 0032).
 * Null for a body of another shape (a proxy's page, a gateway's text).
 */
export function readBookingConflict(body: unknown): Pick<BookingConflict, 'message' | 'alternatives'> | null {
  const problem = readErrorBody(body);
  if (!problem) return null;
  const { alternatives } = body as Record<string, unknown>;
  if (alternatives === undefined) return { message: problem.message };
  return Array.isArray(alternatives) && alternatives.every(isSlot)
    ? { message: problem.message, alternatives }
    : null;
}
