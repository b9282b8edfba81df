import { z } from 'zod';
import { appointmentSummarySchema } from './appointments.ts';
import { apiErrorSchema } from './errors.ts';
import { serialId, serialIdParam } from './ids.ts';
import { clinicianTypes } from './lookups.ts';
import { featureKeys, isFeatureEnabled, type FeatureToggle } from './practices.ts';
import type { Pet } from './pets.ts';

const instant = z.iso.datetime({ offset: true });
/** A calendar date on the practice's clocks, YYYY-MM-DD. */
const localDate = z.iso.date();

/** A start a client can book: the clinician's type is the response's, never a clinician (R3.11). */
export const appointmentSlotSchema = z.object({ startsAt: instant, endsAt: instant });
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

/**
 * R7.3: what a slot search needs. existingAppointmentId (the client's own appointment, being amended)
 * and existingSoftBookingId (a guest's own hold) count as free.
 */
export const appointmentSlotsQuerySchema = z.object({
  appointmentReasonId: serialIdParam,
  petId: serialIdParam.optional(),
  existingAppointmentId: serialIdParam.optional(),
  existingSoftBookingId: z.uuid().optional(),
});
export type AppointmentSlotsQuery = z.infer<typeof appointmentSlotsQuerySchema>;

/** GET /practices/{practiceId}/appointment-slots: local dates, inclusive. */
export const datedAppointmentSlotsQuerySchema = appointmentSlotsQuerySchema
  .extend({ fromDate: localDate, toDate: localDate })
  .refine((query) => query.fromDate <= query.toDate, {
    path: ['toDate'],
    message: 'toDate must be on or after fromDate.',
  });

export const appointmentSlotsResponseSchema = z.object({
  practiceId: z.number().int(),
  appointmentReasonId: z.number().int(),
  clinicianType: z.enum(clinicianTypes),
  durationMinutes: z.number().int(),
  /** The zone the practice's times read in (Europe/London). */
  timeZone: z.string(),
  /** Local dates searched, after the notice and horizon trimmed them. */
  fromDate: localDate,
  toDate: localDate,
  slots: z.array(appointmentSlotSchema),
});
export type AppointmentSlots = z.infer<typeof appointmentSlotsResponseSchema>;

export const appointmentNotesMaxLength = 500;

/** POST /appointments. The owner is the signed-in client. */
export const bookAppointmentBodySchema = z.object({
  practiceId: serialId,
  petId: serialId,
  appointmentReasonId: serialId,
  startsAt: instant,
  notes: z.string().trim().max(appointmentNotesMaxLength).optional(),
});
export type BookAppointmentBody = z.infer<typeof bookAppointmentBodySchema>;

/** POST /appointments/{appointmentId}: a new start, and optionally another reason. */
export const amendAppointmentBodySchema = z.object({
  startsAt: instant,
  appointmentReasonId: serialId.optional(),
});
export type AmendAppointmentBody = z.infer<typeof amendAppointmentBodySchema>;

export const appointmentIdParamsSchema = z.object({ appointmentId: serialIdParam });
export const cancelAppointmentQuerySchema = z.object({ reasonId: serialIdParam });

/** One appointment, with what the page needs to offer amending and cancelling. */
export const appointmentDetailSchema = appointmentSummarySchema.extend({
  notes: z.string().nullable(),
  cancellationReasonId: z.number().int().nullable(),
  cancelledAt: instant.nullable(),
  /** Amend and cancel are allowed until this instant (start minus the practice's cut-off). */
  changeableUntil: instant,
});
export type AppointmentDetail = z.infer<typeof appointmentDetailSchema>;

/** 409 from booking or amending: `alternatives` (the nearest free starts) when the time was taken. */
export const bookingConflictSchema = apiErrorSchema.extend({
  alternatives: z.array(appointmentSlotSchema).optional(),
});
export type BookingConflict = z.infer<typeof bookingConflictSchema>;

export const bookingMessages = {
  slotTaken: 'That time has just been taken.',
  /** The pet is already booked in at an overlapping time (another appointment, another clinician). */
  petAlreadyBooked: (petName: string) => `${petName} already has an appointment at that time.`,
  /** R2.28 dialog "Online appointment booking unavailable". */
  bookingUnavailable: 'Online appointment booking is currently unavailable. Please contact your practice.',
  /** R2.30 dialog "Booking unavailable". */
  awaitingInitialConsultation:
    'Your new pet needs to attend the initial consultation that you have booked, before you can make any further appointments.',
  petDeceased: 'Appointments cannot be booked online for a pet recorded as deceased.',
  reasonNotForSpecies:
    'This appointment reason is not available for your pet’s species. Choose another reason.',
  tooLateToChange: 'This appointment starts too soon to change or cancel online. Please call your practice.',
  notChangeable: 'This appointment can no longer be changed or cancelled online.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different booking.',
} as const;

export type BookingRefusal =
  'bookingUnavailable' | 'petDeceased' | 'awaitingInitialConsultation' | 'reasonNotForSpecies';

/** R6.2, R3.10: the client is allowed to book and the practice has 'Online Booking Enabled' = True. */
export function isOnlineBookingOpen(input: { allowed: boolean; toggles: readonly FeatureToggle[] }): boolean {
  return input.allowed && isFeatureEnabled(input.toggles, featureKeys.onlineBooking);
}

/**
 * Why this client may not book this reason for this pet, or null when they may. The API enforces it;
 * the web asks the same question to show the dialog sooner. A reason with no species applies to all.
 */
export function bookingRefusal(input: {
  allowed: boolean;
  toggles: readonly FeatureToggle[];
  pet?: Pick<Pet, 'status' | 'awaitingInitialConsultation' | 'speciesId'>;
  reason?: { isInitialConsultation: boolean; speciesIds: readonly number[] };
}): BookingRefusal | null {
  if (!isOnlineBookingOpen(input)) return 'bookingUnavailable';
  const { pet, reason } = input;
  if (!pet) return null;
  if (pet.status === 'Deceased') return 'petDeceased';
  if (!reason) return null;
  if (pet.awaitingInitialConsultation && !reason.isInitialConsultation) return 'awaitingInitialConsultation';
  if (reason.speciesIds.length > 0 && !reason.speciesIds.includes(pet.speciesId))
    return 'reasonNotForSpecies';
  return null;
}

/** R4.22: amending and cancelling are allowed until the start minus the practice's cut-off. */
export function changeableUntil(startsAt: Date, cutoffMinutes: number): Date {
  return new Date(startsAt.getTime() - cutoffMinutes * 60_000);
}
