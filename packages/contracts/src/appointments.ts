import { z } from 'zod';
import { clinicianTypes } from './lookups.ts';
import { petStatuses } from './pet-rules.ts';

export const appointmentStatuses = ['Booked', 'Cancelled', 'Completed', 'NoShow'] as const;

/**
 * An appointment as its client sees it: the clinician's type, and their name only when the client named
 * them online (R3.11, decisions 0101 and 0141).
 */
export const appointmentSummarySchema = z.object({
  appointmentId: z.number().int(),
  petId: z.number().int(),
  petName: z.string(),
  practiceId: z.number().int(),
  practiceName: z.string(),
  appointmentReasonId: z.number().int(),
  reasonName: z.string(),
  clinicianType: z.enum(clinicianTypes),
  /**
   * The clinician the client named when booking online, while the appointment is still theirs (decision
   * 0141); null: any clinician of `clinicianType` ("a vet"), or a booking the practice made.
   */
  clinicianName: z.string().nullable(),
  /** ISO 8601 instants. */
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  status: z.enum(appointmentStatuses),
});
export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;

/**
 * An appointment in the client's list (GET /appointments), with its live earlier-times request (decision
 * 0086): the latest date that would still help, or null when it does not wait for an earlier time. In
 * the list, so that a page listing N appointments does not ask N times.
 */
export const listedAppointmentSchema = appointmentSummarySchema.extend({
  earlierTimes: z.object({ latestDate: z.iso.date() }).nullable(),
  /** A pet that has died or has a new home: its appointments offer no change online (decision 0099). */
  petStatus: z.enum(petStatuses),
  /** The visit it is part of: pets booked together, cancelled as one (decision 0117); null: on its own. */
  visitId: z.uuid().nullable(),
});
export type ListedAppointment = z.infer<typeof listedAppointmentSchema>;
export const appointmentsResponseSchema = z.array(listedAppointmentSchema);
