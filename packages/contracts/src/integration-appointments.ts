import { z } from 'zod';
import { appointmentStatuses } from './appointments.ts';
import { apiErrorSchema } from './errors.ts';
import { serialIdParam } from './ids.ts';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/**
 * The integration API's appointments (decision 0063): the desk's bookings, their changes,
 * outcomes and practice cancellations, by the practice system's reference; and the practice's outcome or
 * cancellation of an online appointment, by the portal's id. Field names are appointments.csv's columns
 * (practice-systems.md), so a practice system sends the same record either way.
 */

const instant = z.iso.datetime({ offset: true, message: 'Give a date and time with its offset (ISO 8601).' });

/** A desk note is the practice's own text, longer than a client's booking note may be. */
export const practiceNotesMaxLength = 2000;

/** What happened at an appointment, as the practice records it. */
export const appointmentOutcomes = ['Completed', 'NoShow'] as const;
export type AppointmentOutcome = (typeof appointmentOutcomes)[number];

/** Batches of appointments: at most this many items per request (413 above). */
export const appointmentBatchMaxItems = 500;

const endsAfterStarts = (record: { starts_at?: string; ends_at?: string }) =>
  record.starts_at === undefined ||
  record.ends_at === undefined ||
  Date.parse(record.ends_at) > Date.parse(record.starts_at);
const endsAfterStartsIssue = { path: ['ends_at'], message: 'ends_at must be after starts_at.' };

const appointmentFields = {
  practice_ref: practiceSystemRefSchema,
  clinician_ref: practiceSystemRefSchema,
  client_ref: practiceSystemRefSchema,
  pet_ref: practiceSystemRefSchema,
  reason_ref: practiceSystemRefSchema,
  starts_at: instant,
  ends_at: instant,
  status: z.enum(appointmentStatuses),
  notes: z.string().trim().max(practiceNotesMaxLength).nullable().optional(),
  /** Whether the client may read `notes` (staff notes unless marked: security round three, finding 12). */
  notes_for_client: z.boolean().optional(),
};

/** A desk booking as the OpenAPI document shows it (decision 0109): made-up references. */
const appointmentExample = {
  practice_ref: 'PR-KENT-01',
  clinician_ref: 'CL-0042',
  client_ref: 'C-877',
  pet_ref: 'P-88310',
  reason_ref: 'R-CONSULT',
  starts_at: '2026-12-01T09:30:00Z',
  ends_at: '2026-12-01T09:45:00Z',
  status: 'Booked',
  notes: 'Booster and weight check',
  notes_for_client: false,
};

/** PUT /appointments/{appointment_ref}: the whole record; stored as given (created or replaced). */
export const practiceAppointmentBodySchema = z
  .object(appointmentFields)
  .refine(endsAfterStarts, endsAfterStartsIssue)
  .meta({ examples: [appointmentExample] });
export type PracticeAppointmentBody = z.infer<typeof practiceAppointmentBodySchema>;

/** One item of POST /appointments/batch: the record with its reference, as a row of appointments.csv. */
export const practiceAppointmentItemSchema = z
  .object({ appointment_ref: practiceSystemRefSchema, ...appointmentFields })
  .refine(endsAfterStarts, endsAfterStartsIssue);
export type PracticeAppointmentItem = z.infer<typeof practiceAppointmentItemSchema>;

/** PATCH /appointments/{appointment_ref}: a booking moved (time, clinician, or both). */
export const practiceAppointmentChangeSchema = z
  .object({
    clinician_ref: practiceSystemRefSchema.optional(),
    starts_at: instant.optional(),
    ends_at: instant.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Give clinician_ref, or starts_at and ends_at, or all three.',
  })
  .refine((change) => (change.starts_at === undefined) === (change.ends_at === undefined), {
    path: ['ends_at'],
    message: 'A new time needs both starts_at and ends_at.',
  })
  .refine(endsAfterStarts, endsAfterStartsIssue)
  .meta({
    examples: [
      { clinician_ref: 'CL-0042', starts_at: '2026-12-01T10:00:00Z', ends_at: '2026-12-01T10:15:00Z' },
    ],
  });
export type PracticeAppointmentChange = z.infer<typeof practiceAppointmentChangeSchema>;

/** POST …/outcome: Completed or NoShow. */
export const appointmentOutcomeBodySchema = z
  .object({ outcome: z.enum(appointmentOutcomes) })
  .meta({ examples: [{ outcome: 'Completed' }] });

export const appointmentRefParamsSchema = z.object({ appointment_ref: practiceSystemRefSchema });
/** An online appointment the practice system has not acknowledged with its reference yet (decision 0067). */
export const onlineAppointmentParamsSchema = z.object({ appointment_id: serialIdParam });

/**
 * An item as the document shows it: the item schema's own JSON schema. Only the document reads it; each
 * item is checked by practiceAppointmentItemSchema on its own, so one bad item is answered as refused
 * while the others are stored (decision 0063), not the whole batch refused (400).
 */
const { $schema: _dialect, ...itemDocument } = z.toJSONSchema(practiceAppointmentItemSchema, {
  target: 'draft-2020-12',
  io: 'input',
});

/** POST /appointments/batch: each item answered on its own (decision 0063). */
export const practiceAppointmentBatchSchema = z.object({
  items: z
    .array(
      z.looseObject({}).meta({
        ...itemDocument,
        examples: [{ appointment_ref: 'A-771201', ...appointmentExample }],
      }),
    )
    .min(1, 'Send at least one item.')
    .describe(
      `Up to ${appointmentBatchMaxItems} items (413 above), each a PUT /appointments/{appointment_ref} body with its appointment_ref.`,
    ),
});

/** An appointment as the integration API answers it: the portal's id beside the practice system's refs. */
export const practiceAppointmentSchema = z.object({
  appointment_id: z.number().int(),
  /** Null for an online appointment the practice system has not acknowledged yet. */
  appointment_ref: z.string().nullable(),
  source: z.enum(['Online', 'Practice']),
  practice_ref: z.string().nullable(),
  clinician_ref: z.string().nullable(),
  client_ref: z.string().nullable(),
  pet_ref: z.string().nullable(),
  reason_ref: z.string().nullable(),
  starts_at: instant,
  ends_at: instant,
  status: z.enum(appointmentStatuses),
  notes: z.string().nullable(),
  notes_for_client: z.boolean(),
  /** When a practice booking was stored over this online appointment: the practice is to act on it. */
  flagged_at: instant.nullable(),
});
export type PracticeAppointment = z.infer<typeof practiceAppointmentSchema>;

/** What storing a practice booking did to online rows in its way (never refused, never dropped). */
export const practiceBookingEffectsSchema = z.object({
  /** Online appointments over the time, now flagged for the practice; their clients see no change. */
  flagged_appointment_ids: z.array(z.number().int()),
  /** Guest holds given away; each guest is told when they next look. */
  released_holds: z.number().int(),
});

export const practiceAppointmentWriteSchema = practiceAppointmentSchema.extend({
  effects: practiceBookingEffectsSchema,
});
export type PracticeAppointmentWrite = z.infer<typeof practiceAppointmentWriteSchema>;

export const practiceAppointmentBatchResultSchema = z.object({
  results: z.array(
    z.object({
      index: z.number().int(),
      appointment_ref: z.string().nullable(),
      /** The status the item would have had alone: 200, 201, 404, 409 or 422. */
      status: z.number().int(),
      appointment: practiceAppointmentWriteSchema.optional(),
      error: apiErrorSchema.optional(),
    }),
  ),
});
export type PracticeAppointmentBatchResult = z.infer<typeof practiceAppointmentBatchResultSchema>;
