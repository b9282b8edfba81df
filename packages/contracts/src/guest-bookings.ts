import { z } from 'zod';
import {
  appointmentSlotSchema,
  appointmentSlotsQuerySchema,
  bookAppointmentBodySchema,
} from './appointment-booking.ts';
import { serialId } from './ids.ts';
import { newClientBodySchema, preSignupCheckQuerySchema } from './onboarding.ts';
import { petSexes } from './pets.ts';
import { softBookingStates } from './guest-rules.ts';

/**
 * R4.24, R4.25: a guest's soft booking (a hold on a slot for 15 minutes, extendable), replaced using its
 * id, and completed into an appointment after sign-up. Decision 0022.
 */

const instant = z.iso.datetime({ offset: true });
const petName = z.string().trim().min(1, 'Enter your pet’s name.').max(50, 'Enter at most 50 characters.');

/** GET /guest/practices/{practiceId}/appointment-slots: no pet; the reason must apply to the species. */
export const guestAppointmentSlotsQuerySchema = appointmentSlotsQuerySchema
  .pick({ appointmentReasonId: true, existingSoftBookingId: true })
  .extend({
    speciesId: appointmentSlotsQuerySchema.shape.appointmentReasonId,
    fromDate: z.iso.date().optional(),
    toDate: z.iso.date().optional(),
  })
  .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
    path: ['toDate'],
    message: 'toDate must be on or after fromDate.',
  });
export type GuestAppointmentSlotsQuery = z.infer<typeof guestAppointmentSlotsQuerySchema>;

/** The slot wanted (creating or replacing a hold): a booking's time, with a species for want of a pet. */
export const guestSlotBodySchema = bookAppointmentBodySchema
  .pick({ practiceId: true, appointmentReasonId: true, startsAt: true })
  .extend({ speciesId: serialId });

/**
 * POST /guest/soft-bookings. The contact fields are the new-client contract's; the API checks the mobile
 * is a UK one (uk-contact-details.ts), as it does for new clients.
 */
export const createSoftBookingBodySchema = guestSlotBodySchema.extend({
  petName,
  firstName: newClientBodySchema.shape.firstName,
  lastName: newClientBodySchema.shape.lastName,
  email: preSignupCheckQuerySchema.shape.Email,
  mobile: newClientBodySchema.shape.mobilePhone,
});
export type CreateSoftBookingBody = z.infer<typeof createSoftBookingBodySchema>;

/** POST /guest/soft-bookings/{originalSoftBookingId}: the new slot; the guest's details and species carry over. */
export const replaceSoftBookingBodySchema = guestSlotBodySchema.omit({ speciesId: true });
export type ReplaceSoftBookingBody = z.infer<typeof replaceSoftBookingBodySchema>;

/**
 * The hold's id is its bearer token (a random UUID): any string is accepted in the path, and one that is
 * not a live hold's id answers 404 exactly like a missing one.
 */
export const softBookingIdParamsSchema = z.object({ softBookingId: z.string().min(1).max(100) });
export const originalSoftBookingIdParamsSchema = z.object({
  originalSoftBookingId: z.string().min(1).max(100),
});

export const softBookingSchema = z.object({
  softBookingId: z.uuid(),
  practiceId: z.number().int(),
  appointmentReasonId: z.number().int(),
  speciesId: z.number().int(),
  petName: z.string(),
  slot: appointmentSlotSchema,
  expiresAt: instant,
  /** How many more times the hold may be extended. */
  extensionsLeft: z.number().int().min(0),
});
export type SoftBooking = z.infer<typeof softBookingSchema>;

/** GET /guest/soft-bookings/{softBookingId}/state: the hold and how it stands now (guest-rules.ts). */
export const softBookingStatusSchema = softBookingSchema.extend({ state: z.enum(softBookingStates) });
export type SoftBookingStatus = z.infer<typeof softBookingStatusSchema>;

/**
 * POST /guest/soft-bookings/{id}/complete: the one fact the pet record needs that the guest did not give,
 * and, when the held time has gone, one of the nearest free starts the 409 offered instead.
 */
export const completeSoftBookingBodySchema = z.object({
  petSex: z.enum(petSexes),
  startsAt: instant.optional(),
});
export type CompleteSoftBookingBody = z.infer<typeof completeSoftBookingBodySchema>;

export * from './guest-rules.ts';
