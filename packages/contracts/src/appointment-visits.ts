import { z } from 'zod';
import { appointmentDetailSchema } from './appointment-booking.ts';
import { appointmentNotesMaxLength, maxPetsPerVisit } from './booking-rules.ts';
import { serialId, serialIdParam } from './ids.ts';

/**
 * POST /appointment-visits (decision 0117): one visit for two or more of the client's pets, with one
 * reason, starting at `startsAt`; each pet's appointment follows the previous one's end, all with one
 * clinician. The pets in the order given are the order of their appointments.
 */
export const bookVisitBodySchema = z.object({
  practiceId: serialId,
  petIds: z
    .array(serialId)
    .min(2)
    .max(maxPetsPerVisit)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Name each pet once.' }),
  appointmentReasonId: serialId,
  startsAt: z.iso.datetime({ offset: true }),
  notes: z.string().trim().max(appointmentNotesMaxLength).optional(),
  /** A vet the client chose (decision 0101); without it, any free clinician of the reason's type. */
  clinicianId: serialId.optional(),
});
export type BookVisitBody = z.infer<typeof bookVisitBodySchema>;

/**
 * POST /appointments/visits/{visitId}: the whole visit to a new start, its pets in the same order; with
 * clinicianId, to a vet the client names (decision 0101), as one appointment's change.
 */
export const amendVisitBodySchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  clinicianId: serialId.optional(),
});
export type AmendVisitBody = z.infer<typeof amendVisitBodySchema>;

export const visitIdParamsSchema = z.object({ visitId: z.uuid() });
export const cancelVisitQuerySchema = z.object({ reasonId: serialIdParam });

/** A visit: its appointments, first to last. */
export const visitDetailSchema = z.object({
  visitId: z.uuid(),
  appointments: z.array(appointmentDetailSchema).min(1),
});
export type VisitDetail = z.infer<typeof visitDetailSchema>;
