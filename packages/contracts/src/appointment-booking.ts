import { z } from 'zod';
import { appointmentSummarySchema } from './appointments.ts';
import { apiErrorSchema } from './errors.ts';
import { serialId, serialIdParam } from './ids.ts';
import { clinicianTypes } from './lookups.ts';
import { appointmentNotesMaxLength, maxPetsPerVisit } from './booking-rules.ts';
import { practiceTimeZone } from './practice-clock.ts';
import { fromPriceSchema } from './practice-prices.ts';

const instant = z.iso.datetime({ offset: true });
/** A calendar date on the practice's clocks, YYYY-MM-DD. */
const localDate = z.iso.date();

/** A start a client can book: the clinician's type is the response's, never a clinician (R3.11). */
export const appointmentSlotSchema = z.object({ startsAt: instant, endsAt: instant });
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

/**
 * R7.3: what a slot search needs. existingAppointmentId (the client's own appointment, being amended)
 * and existingSoftBookingId (a guest's own hold) count as free. clinicianId: the starts of that
 * clinician only, a vet the client chose (decision 0101); without it, any clinician of the reason's type.
 */
export const appointmentSlotsQuerySchema = z.object({
  appointmentReasonId: serialIdParam,
  petId: serialIdParam.optional(),
  existingAppointmentId: serialIdParam.optional(),
  existingSoftBookingId: z.uuid().optional(),
  /** The client's own visit, being moved (decision 0117): its appointments count as free. */
  existingVisitId: z.uuid().optional(),
  clinicianId: serialIdParam.optional(),
  /**
   * A visit for this many pets with the same reason (decision 0117): starts where that many of the
   * reason's duration fit back to back with one clinician; each slot's end is the visit's.
   */
  petCount: z.coerce.number().int().min(1).max(maxPetsPerVisit).optional(),
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
  /**
   * The zone the slots were computed in: Europe/London, every practice's (the practices table refuses any
   * other, decision 0055), and the zone the web and the e-mails write times in.
   */
  timeZone: z.literal(practiceTimeZone),
  /** Local dates searched, after the notice and horizon trimmed them. */
  fromDate: localDate,
  toDate: localDate,
  slots: z.array(appointmentSlotSchema),
});
export type AppointmentSlots = z.infer<typeof appointmentSlotsResponseSchema>;

/** POST /appointments. The owner is the signed-in client. */
export const bookAppointmentBodySchema = z.object({
  practiceId: serialId,
  petId: serialId,
  appointmentReasonId: serialId,
  startsAt: instant,
  notes: z.string().trim().max(appointmentNotesMaxLength).optional(),
  /** A vet the client chose (decision 0101); without it, any free clinician of the reason's type. */
  clinicianId: serialId.optional(),
});
export type BookAppointmentBody = z.infer<typeof bookAppointmentBodySchema>;

/** POST /appointments/{appointmentId}: a new start, and optionally another reason. */
export const amendAppointmentBodySchema = z.object({
  startsAt: instant,
  appointmentReasonId: serialId.optional(),
  /** A vet the client chose (decision 0101); without it, any (the same clinician first). */
  clinicianId: serialId.optional(),
});
export type AmendAppointmentBody = z.infer<typeof amendAppointmentBodySchema>;

/**
 * GET /practices/{practiceId}/clinicians: the clinicians a client may choose for a reason (decision 0101),
 * named as the practice's system writes them; none when the practice has switched naming off.
 */
export const choosableCliniciansQuerySchema = z.object({ appointmentReasonId: serialIdParam });
export const choosableClinicianSchema = z.object({ clinicianId: z.number().int(), name: z.string() });
export type ChoosableClinician = z.infer<typeof choosableClinicianSchema>;
export const choosableCliniciansResponseSchema = z.array(choosableClinicianSchema);

export const appointmentIdParamsSchema = z.object({ appointmentId: serialIdParam });
export const cancelAppointmentQuerySchema = z.object({ reasonId: serialIdParam });

/** One appointment, with what the page needs to offer amending and cancelling. */
export const appointmentDetailSchema = appointmentSummarySchema.extend({
  notes: z.string().nullable(),
  cancellationReasonId: z.number().int().nullable(),
  cancelledAt: instant.nullable(),
  /** Amend and cancel are allowed until this instant (start minus the practice's cut-off). */
  changeableUntil: instant,
  /**
   * The price quoted when the client booked or last moved it online (issue 62, decision 0145): the
   * reason's in force on its day for the pet, kept as quoted. Null: none was published, or the practice
   * booked it.
   */
  price: fromPriceSchema.nullable(),
});
export type AppointmentDetail = z.infer<typeof appointmentDetailSchema>;

/**
 * GET /practices/{practiceId}/appointment-reasons/{appointmentReasonId}/price (decision 0145): the price a
 * booking on `date` (the practice's calendar) would be quoted, for the client's pet when `petId` is given
 * (else an animal of `speciesId`), so that the check step shows it before the client commits.
 */
export const appointmentPriceParamsSchema = z.object({
  practiceId: serialIdParam,
  appointmentReasonId: serialIdParam,
});
export const appointmentPriceQuerySchema = z.object({
  date: localDate,
  petId: serialIdParam.optional(),
  /** The species of a pet not registered yet (a guest's hold being booked); petId wins when both come. */
  speciesId: serialIdParam.optional(),
});
export type AppointmentPriceQuery = z.infer<typeof appointmentPriceQuerySchema>;
/** The quote of that day; price null: none is published for it ("Price not yet published"). */
export const appointmentPriceSchema = z.object({ date: localDate, price: fromPriceSchema.nullable() });
export type AppointmentPrice = z.infer<typeof appointmentPriceSchema>;

/** 409 from booking or amending: `alternatives` (the nearest free starts) when the time was taken. */
export const bookingConflictSchema = apiErrorSchema.extend({
  alternatives: z.array(appointmentSlotSchema).optional(),
});
export type BookingConflict = z.infer<typeof bookingConflictSchema>;

export * from './booking-rules.ts';
