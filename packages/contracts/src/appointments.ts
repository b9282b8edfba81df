import { z } from 'zod';
import { clinicianTypes } from './lookups.ts';

export const appointmentStatuses = ['Booked', 'Cancelled', 'Completed', 'NoShow'] as const;

/** An appointment as its client sees it: the clinician's type, never the clinician's name (R3.11). */
export const appointmentSummarySchema = z.object({
  appointmentId: z.number().int(),
  petId: z.number().int(),
  petName: z.string(),
  practiceId: z.number().int(),
  practiceName: z.string(),
  appointmentReasonId: z.number().int(),
  reasonName: z.string(),
  clinicianType: z.enum(clinicianTypes),
  /** ISO 8601 instants. */
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  status: z.enum(appointmentStatuses),
});
export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;
export const appointmentsResponseSchema = z.array(appointmentSummarySchema);
